import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { freePort } from '../../scripts/free-port';
import { IDENTITY_PROVIDER, STOREFRONT } from '../../scripts/server-commands';

/**
 * Request ids, request lines and metrics of the real processes (decisions 0110 and 0111): the compiled storefront
 * and identity provider over a seeded database, their JSON log lines read from stdout.
 */
if (!existsSync('build/index.js'))
  throw new Error('observability.test.ts needs the production build: run npm run build');

type Line = Record<string, unknown>;

function launch(command: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, command, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Line[] = [];
  let raw = '';
  const read = (chunk: Buffer) => {
    raw += chunk.toString();
    const parts = raw.split('\n');
    raw = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Line);
      } catch {
        lines.push({ unparsed: part });
      }
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  return { child, lines };
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A request written byte for byte, for header values fetch refuses to send. */
function rawRequest(port: number, head: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const requestLines = (lines: Line[], requestId: string) =>
  lines.filter((line) => line.message === 'request' && line.requestId === requestId);

describe.each(DIALECTS)('observability on %s', (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let storefront: ReturnType<typeof launch>;
  let idp: ReturnType<typeof launch>;
  let origin: string;
  let port: number;
  let metricsUrl: string;
  let idpOrigin: string;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 200 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-observability-'));
    const idpPort = await freePort();
    port = await freePort();
    const base = {
      NODE_ENV: 'production',
      APP_ENV: 'local-origin',
      DATABASE_URL: test.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'observability-test-secret-not-for-production',
      IDP_ISSUER: `http://localhost:${idpPort}`,
      LOG_LEVEL: 'info',
    };
    idp = launch(IDENTITY_PROVIDER, {
      ...base,
      IDP_PORT: String(idpPort),
      STOREFRONT_PORT: String(port),
      IDP_METRICS_PORT: '0',
    });
    idpOrigin = `http://127.0.0.1:${idpPort}`;
    await waitFor('the identity provider', () =>
      fetch(`http://127.0.0.1:${idpPort}/healthz`).then(
        (r) => (r.ok ? true : undefined),
        () => undefined,
      ),
    );
    storefront = launch(STOREFRONT, {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      SHUTDOWN_DRAIN_MS: '1500',
    });
    origin = `http://127.0.0.1:${port}`;
    const metricsPort = await waitFor('the metrics listener', () => {
      const line = storefront.lines.find((l) => l.message === 'metrics listening');
      return line ? Number(line.port) : undefined;
    });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    await waitFor('the storefront', () =>
      fetch(`${origin}/healthz`).then(
        (r) => (r.ok ? true : undefined),
        () => undefined,
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await stop(storefront?.child);
    await stop(idp?.child);
    await test?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("follows one request id from the storefront's lines to the identity provider's", async () => {
    const answer = await fetch(`${origin}/readyz`, { headers: { 'X-Request-Id': `obs-${dialect}-ready-1` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(`obs-${dialect}-ready-1`);
    expect(await answer.json()).toMatchObject({
      ready: true,
      checks: { database: true, migrations: true, identityProvider: true },
    });
    const ownLine = await waitFor(
      'the storefront line',
      () => requestLines(storefront.lines, `obs-${dialect}-ready-1`)[0],
    );
    expect(ownLine).toMatchObject({ level: 'info', method: 'GET', route: 'routes/readyz', status: 200 });
    expect(typeof ownLine.durationMs).toBe('number');
    const providerLine = await waitFor('the provider line', () => requestLines(idp.lines, `obs-${dialect}-ready-1`)[0]);
    expect(providerLine).toMatchObject({ method: 'GET', route: 'discovery', status: 200 });
  });

  it("names the route, the banner, the site and the shopper's type, never the path's ids", async () => {
    // fetch never sends a Host of its own choosing: written by hand.
    await rawRequest(
      port,
      Buffer.from(
        `GET /shop/brands/secret-brand-4711 HTTP/1.1\r\nHost: business.sunridge.localhost:${port}\r\n` +
          `X-Request-Id: obs-${dialect}-brand\r\nConnection: close\r\n\r\n`,
      ),
    );
    const line = await waitFor('the line', () => requestLines(storefront.lines, `obs-${dialect}-brand`)[0]);
    expect(line).toMatchObject({ route: 'routes/shop.brands.$brand', banner: 'sunridge', site: 'B' });
    expect(line.userType).toMatch(/^[AGRC]$/);
    expect(JSON.stringify(line)).not.toContain('4711');
  });

  it('replaces a request id of 10 KB, with a newline or outside ASCII, and never logs what was sent', async () => {
    const long = 'k'.repeat(10 * 1024);
    const answer = await fetch(`${origin}/healthz`, { headers: { 'X-Request-Id': long } });
    const replaced = answer.headers.get('x-request-id')!;
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);

    const raw = await rawRequest(
      port,
      Buffer.concat([
        Buffer.from('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Request-Id: caf'),
        Buffer.from([0xc3, 0xa9, 0x2d, 0xe2, 0x80, 0xae]),
        Buffer.from('\r\n\r\n'),
      ]),
    );
    const echoed = /x-request-id: ([^\r\n]*)/i.exec(raw)?.[1];
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/);

    // A header cannot hold a bare newline (the parser refuses it): an obs-fold continuation line is the nearest.
    const folded = await rawRequest(
      port,
      Buffer.from('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Request-Id: abc\r\n def\r\n\r\n'),
    );
    const foldedId = /x-request-id: ([^\r\n]*)/i.exec(folded)?.[1];
    if (foldedId) expect(foldedId).not.toMatch(/\s/);

    await waitFor('the lines', () => requestLines(storefront.lines, replaced)[0]);
    const everything = JSON.stringify(storefront.lines);
    expect(everything).not.toContain(long.slice(0, 200));
    expect(everything).not.toContain('caf\u00c3');
    expect(everything).not.toContain('café');
  });

  it('keeps the metrics off the public port and counts requests on the metrics listener', async () => {
    const publicScrape = await fetch(`${origin}/metrics`);
    await publicScrape.arrayBuffer();
    expect(publicScrape.status).toBe(404);

    const count = async () => {
      const text = await (await fetch(metricsUrl)).text();
      const match =
        /pantry_http_request_duration_seconds_count\{method="GET",route="routes\/healthz",status_class="2xx"\} (\d+)/.exec(
          text,
        );
      return { text, healthz: Number(match?.[1] ?? 0) };
    };
    const before = await count();
    for (let i = 0; i < 3; i += 1) await (await fetch(`${origin}/healthz`)).arrayBuffer();
    const after = await count();
    expect(after.healthz - before.healthz).toBe(3);
    for (const name of [
      'pantry_http_requests_in_flight',
      'pantry_db_query_duration_seconds_bucket',
      'pantry_outbox_backlog',
      'pantry_process_resident_memory_bytes',
      'pantry_nodejs_eventloop_lag_seconds',
    ])
      expect(after.text).toContain(name);
    if (dialect === 'postgres') expect(after.text).toMatch(/pantry_db_pool_connections\{state="idle"\} \d+/);

    const page = await fetch(`${origin}/?metrics-cache=${dialect}`);
    await page.arrayBuffer();
    const again = await fetch(`${origin}/?metrics-cache=${dialect}`);
    await again.arrayBuffer();
    expect(again.headers.get('x-page-cache')).toBe('hit');
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/pantry_page_cache_lookups_total\{cache="public",result="hit"\} [1-9]/);
    expect(text).toMatch(/pantry_page_cache_lookups_total\{cache="public",result="miss"\} [1-9]/);
  });

  it('counts a failed sign-in by its reason', async () => {
    const form = new URLSearchParams({
      intent: 'password',
      email: 'nobody-here@pantry.test',
      password: 'wrong-password-1',
    });
    const answer = await fetch(`${origin}/account/sign-in.html`, {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      redirect: 'manual',
    });
    await answer.arrayBuffer();
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/pantry_sign_ins_total\{method="password",outcome="failure",reason="unknown-email"\} [1-9]/);
  });

  it("ties a queued message to the request that queued it: the request id on the queue line, with the message's id", async () => {
    const form = new URLSearchParams({ intent: 'send-code', email: 'jordan@pantry.test' });
    const answer = await fetch(`${origin}/account/sign-in.html`, {
      method: 'POST',
      body: form,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: origin,
        'X-Request-Id': `obs-${dialect}-code`,
      },
      redirect: 'manual',
    });
    await answer.arrayBuffer();
    const queued = await waitFor('the queue line', () =>
      storefront.lines.find((line) => line.message === 'message queued' && line.requestId === `obs-${dialect}-code`),
    );
    expect(queued).toMatchObject({ kind: 'sign-in-code', messageId: expect.any(String) });
    // The code itself and the full address are on no line.
    const everything = JSON.stringify(storefront.lines);
    expect(everything).not.toContain('jordan@pantry.test');
  });

  it("counts the identity provider's sign-ins on its own metrics listener", async () => {
    const idpMetricsPort = await waitFor('the provider metrics listener', () => {
      const line = idp.lines.find((l) => l.message === 'metrics listening');
      return line ? Number(line.port) : undefined;
    });
    const answer = await fetch(`${idpOrigin}/api/v1/authn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': `obs-${dialect}-authn` },
      body: JSON.stringify({ username: 'jordan@pantry.test', password: 'not-the-password' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe(`obs-${dialect}-authn`);
    const text = await (await fetch(`http://127.0.0.1:${idpMetricsPort}/metrics`)).text();
    expect(text).toMatch(/pantry_sign_ins_total\{method="password",outcome="failure",reason="password"\} [1-9]/);
    const line = await waitFor('the provider line', () => requestLines(idp.lines, `obs-${dialect}-authn`)[0]);
    expect(line).toMatchObject({ route: '/api/v1/authn', status: 401 });
    expect(JSON.stringify(idp.lines)).not.toContain('not-the-password');
  });

  it('answers /readyz with 503 once it has begun to stop, while it still serves', async () => {
    storefront.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, stopping: true });
    const live = await fetch(`${origin}/healthz`);
    expect(live.status).toBe(200);
    await live.arrayBuffer();
  });
});
