/**
 * Sign-in limits across processes: two real storefront processes (Pantry's server, production
 * build) share one database; clients are told apart by their socket address (loopback 127.0.0.x, bound
 * with localAddress), the way production sees them. Per client and per account limits hold whichever
 * process answers, a forged X-Forwarded-For escapes nothing, and one account's limit refuses no other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { freePort } from '../../scripts/free-port';

const CLIENT_LIMIT = 6;
const SIGN_UP_CLIENT_LIMIT = 6;

function post(
  port: number,
  localAddress: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  pathname = '/account/sign-in.html',
  json?: string,
) {
  const body = json ?? new URLSearchParams(fields).toString();
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: pathname,
        headers: {
          Host: `localhost:${port}`,
          'Content-Type': json === undefined ? 'application/x-www-form-urlencoded' : 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function postJson(port: number, localAddress: string, pathname: string, body: unknown) {
  return post(port, localAddress, {}, {}, pathname, JSON.stringify(body));
}

async function waitForHealth(port: number, server: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`storefront on ${port} exited with ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`storefront on ${port} did not come up`);
}

describe.each(DIALECTS)('sign-in limits across two storefront processes on %s', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createSeededTestDatabase(dialect, { products: 200 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-limits-'));
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = spawn(process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          APP_ENV: 'local-origin',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SESSION_SECRET: 'limits-test-secret',
          SIGNIN_CLIENT_LIMIT: String(CLIENT_LIMIT),
          SIGNUP_CLIENT_LIMIT: String(SIGN_UP_CLIENT_LIMIT),
          // Nothing here reaches the provider: every attempt below fails before authorize.
          IDP_ISSUER: 'http://127.0.0.1:9',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(server);
      ports.push(port);
    }
    await Promise.all(ports.map((port, i) => waitForHealth(port, servers[i]!)));
  });
  afterAll(async () => {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const attempt = (i: number, client: string, email: string, headers: Record<string, string> = {}) =>
    post(ports[i % 2]!, client, { intent: 'password', email, password: 'Wrong-password-1' }, headers);

  it('limits one client across both processes, whatever X-Forwarded-For it forges, and only that client', async () => {
    for (let i = 0; i < CLIENT_LIMIT; i++) {
      // A different unknown account each time: only the per-client limit can refuse these.
      expect((await attempt(i, '127.0.0.2', `nobody-${i}@pantry.test`)).status).toBe(401);
    }
    expect((await attempt(0, '127.0.0.2', 'nobody-x@pantry.test')).status).toBe(429);
    expect((await attempt(1, '127.0.0.2', 'nobody-y@pantry.test')).status).toBe(429);
    const forged = await attempt(0, '127.0.0.2', 'nobody-z@pantry.test', {
      'X-Forwarded-For': '198.51.100.23',
      'X-Client-IP': '198.51.100.24',
      'x-pantry-peer-address': '198.51.100.25',
    });
    expect(forged.status).toBe(429);
    expect(forged.text).toContain('Too many attempts. Please try again in');
    // Another client (another address) is not refused: no shared bucket.
    expect((await attempt(1, '127.0.0.3', 'nobody-x@pantry.test')).status).toBe(401);
  });

  it('slows a client failing on an account across processes, and never locks the account for other clients', async () => {
    // Six failures for Jordan, each from another client and alternating processes: a seventh client is not refused.
    for (let i = 0; i < 6; i++) expect((await attempt(i, `127.0.1.${i + 1}`, 'jordan@pantry.test')).status).toBe(401);
    expect((await attempt(1, '127.0.1.9', 'jordan@pantry.test')).status).toBe(401);
    // One client's third failure makes it wait, whichever process answers next.
    for (let i = 0; i < 3; i++) expect((await attempt(i, '127.0.1.20', 'jordan@pantry.test')).status).toBe(401);
    const slowed = await attempt(1, '127.0.1.20', 'jordan@pantry.test');
    expect(slowed.status).toBe(429);
    expect(slowed.text).toContain('Too many attempts. Please try again in 1 second.');
    // Sam, from that very client, is unaffected.
    expect((await attempt(0, '127.0.1.20', 'sam@pantry.test')).status).toBe(401);
  });

  const signUp = (i: number, client: string, email: string, headers: Record<string, string> = {}) =>
    post(
      ports[i % 2]!,
      client,
      {
        firstName: 'Robin',
        lastName: 'Okafor',
        email,
        phone: '2065550199',
        password: 'Fresh-basil-42',
        zipcode: '98101',
      },
      headers,
      '/account/create-account.html',
    );

  it('limits sign-ups per client across both processes, forged headers or not, and only that client', async () => {
    for (let i = 0; i < SIGN_UP_CLIENT_LIMIT; i++) {
      // A new email each time: only the per-client limit can refuse these.
      expect((await signUp(i, '127.0.2.2', `new-${dialect}-${i}@pantry.test`)).status).toBe(302);
    }
    const refused = await signUp(0, '127.0.2.2', `new-${dialect}-x@pantry.test`, {
      'X-Forwarded-For': '198.51.100.23',
    });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many attempts. Please try again in');
    expect((await signUp(1, '127.0.2.2', `new-${dialect}-y@pantry.test`)).status).toBe(429);
    expect((await signUp(1, '127.0.2.3', `new-${dialect}-y@pantry.test`)).status).toBe(302);
  });

  it('limits sign-ups per email across processes and clients, the same for a known and an unknown email', async () => {
    for (const email of ['sam@pantry.test', `unknown-${dialect}@pantry.test`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await signUp(i, `127.0.3.${i + 1}`, email)).status);
      expect(statuses, email).toEqual([302, 302, 302, 302, 302, 429]);
    }
    // Other emails from those same clients are not refused.
    expect((await signUp(0, '127.0.3.1', `another-${dialect}@pantry.test`)).status).toBe(302);
  });

  const lookUp = (i: number, client: string, clubCard: string, phone = '2065550100') =>
    postJson(ports[i % 2]!, client, '/api/session/lookup', { clubCard, phone });

  it('limits store card lookups per card and client across both processes, and per client over all cards', async () => {
    // Five phone guesses on one card from one client, alternating processes; the sixth is refused.
    for (let i = 0; i < 5; i++) expect((await lookUp(i, '127.0.4.1', '550000001111')).status).toBe(200);
    const refused = await lookUp(1, '127.0.4.1', '550000001111', '2065550101');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many attempts. Please try again in');
    // Another client on that card is not refused.
    expect((await lookUp(0, '127.0.4.2', '550000001111')).status).toBe(200);
    // One client over many cards: sign-up's client limit.
    for (let i = 0; i < SIGN_UP_CLIENT_LIMIT; i++)
      expect((await lookUp(i, '127.0.4.9', `55000000200${i}`)).status).toBe(200);
    expect((await lookUp(0, '127.0.4.9', '550000003000')).status).toBe(429);
  });

  it('counts a step-up against the same card tries: a client out of tries on a card cannot step it up', async () => {
    const stepUp = await postJson(ports[0]!, '127.0.4.1', '/api/customers/register/stepup', {
      clubCard: '550000001111',
      phone: '2065550100',
      firstName: 'Robin',
      lastName: 'Okafor',
      email: `stepup-limit-${dialect}@pantry.test`,
      password: 'Fresh-basil-42',
      zipcode: '98101',
    });
    expect(stepUp.status).toBe(429);
    expect(
      await database.db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', `stepup-limit-${dialect}@pantry.test`)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
