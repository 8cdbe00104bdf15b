/**
 * Nobody can lock a customer out (decision 0065): failed passwords slow the client that makes them,
 * exponentially, and barely the account; code sends and reset links are counted per account and client.
 * A real storefront process and provider; clients are told apart by their socket address (loopback
 * 127.0.x.y, bound with localAddress), the way production sees them.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { startStack, type Stack } from './support/stack';

const WRONG = 'Wrong-password-1';
const RIGHT = 'Pantry-demo-2026';

interface Answer {
  status: number;
  location: string;
  text: string;
  ms: number;
}

function post(origin: string, localAddress: string, pathname: string, fields: Record<string, string>) {
  const url = new URL(pathname, origin);
  const body = new URLSearchParams(fields).toString();
  const started = Date.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        localAddress,
        method: 'POST',
        path: url.pathname,
        headers: {
          Host: url.host,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: String(res.headers.location ?? ''),
            text,
            ms: Date.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('throttles that leave the owner a way in on %s', (dialect) => {
  let stack: Stack;
  let origin: string;

  beforeAll(async () => {
    stack = await startStack(dialect, 1);
    origin = stack.storefronts[0]!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const password = (client: string, email: string, secret: string) =>
    post(origin, client, '/account/sign-in.html', { intent: 'password', email, password: secret });
  const sendCode = (client: string, email: string) =>
    post(origin, client, '/account/sign-in.html', { intent: 'send-code', email });

  async function mailTo(email: string, subject: string) {
    const rows = await stack.database.db
      .selectFrom('outbox')
      .select(['id', 'subject'])
      .where('recipient', '=', email)
      .where('subject', 'like', subject)
      .orderBy('id', 'desc')
      .execute();
    return rows;
  }

  /** The mail sent after the answer (decision 0050) arrives shortly after it. */
  async function waitForMail(email: string, subject: string, count: number) {
    for (let i = 0; i < 50; i++) {
      const rows = await mailTo(email, subject);
      if (rows.length >= count) return rows;
      await sleep(100);
    }
    return mailTo(email, subject);
  }

  it("keeps an attacker's wrong passwords, from one client and from many, from stopping the owner's right one", async () => {
    const email = 'jordan@pantry.test';
    for (let i = 0; i < 8; i++) expect([401, 429]).toContain((await password('127.0.5.2', email, WRONG)).status);
    for (let c = 10; c < 22; c++) expect((await password(`127.0.5.${c}`, email, WRONG)).status).toBe(401);
    const owner = await password('127.0.5.3', email, RIGHT);
    expect(owner.status).toBe(302);
    expect(owner.location.startsWith(`${stack.idp}/`)).toBe(true);
    // The account is under attack from many clients: at most a short pause, never a lock.
    expect(owner.ms).toBeLessThan(5000);
  });

  it('slows the failing client exponentially and says how long to wait', async () => {
    const email = 'bartholomew@pantry.test';
    const client = '127.0.6.2';
    for (let i = 0; i < 3; i++) expect((await password(client, email, WRONG)).status).toBe(401);
    const waits: string[] = [];
    for (const seconds of [1, 2, 4]) {
      const refused = await password(client, email, RIGHT);
      expect(refused.status).toBe(429);
      waits.push(/Too many attempts\. Please try again in (\d+ seconds?)\./.exec(refused.text)?.[1] ?? refused.text);
      await sleep(seconds * 1000 + 200);
      expect((await password(client, email, WRONG)).status).toBe(401);
    }
    expect(waits).toEqual(['1 second', '2 seconds', '4 seconds']);
    // The right password from that client, once its wait is over, still works.
    await sleep(8200);
    expect((await password(client, email, RIGHT)).status).toBe(302);
  }, 30_000);

  it('lets the owner sign in with a one-time code when another client has spent its sends and password tries', async () => {
    const email = 'sam@pantry.test';
    for (let i = 0; i < 5; i++) await sendCode('127.0.7.2', email);
    for (let i = 0; i < 8; i++) await password('127.0.7.2', email, WRONG);
    expect((await sendCode('127.0.7.2', email)).status).toBe(429);
    const before = (await mailTo(email, 'Your sign-in code is %')).length;
    const sent = await sendCode('127.0.7.3', email);
    expect(sent.status).toBe(200);
    const [latest] = await waitForMail(email, 'Your sign-in code is %', before + 1);
    expect((await mailTo(email, 'Your sign-in code is %')).length).toBe(before + 1);
    const code = /(\d{6})/.exec(latest!.subject)![1]!;
    const signedIn = await post(origin, '127.0.7.3', '/account/sign-in.html', { intent: 'code', email, code });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location.startsWith(`${stack.idp}/`)).toBe(true);
  });

  it("keeps one other client's wrong codes from spending the owner's code", async () => {
    const email = 'bartholomew@pantry.test';
    const before = (await mailTo(email, 'Your sign-in code is %')).length;
    expect((await sendCode('127.0.9.3', email)).status).toBe(200);
    const [latest] = await waitForMail(email, 'Your sign-in code is %', before + 1);
    const code = /(\d{6})/.exec(latest!.subject)![1]!;
    const wrong = code === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const guess = await post(origin, '127.0.9.2', '/account/sign-in.html', { intent: 'code', email, code: wrong });
      statuses.push(guess.status);
    }
    // Five wrong codes, then that client waits; the owner's code still works.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const owner = await post(origin, '127.0.9.3', '/account/sign-in.html', { intent: 'code', email, code });
    expect(owner.status).toBe(302);
  });

  it("keeps another client from spending the owner's password reset links", async () => {
    const email = 'jordan@pantry.test';
    for (let i = 0; i < 5; i++) await post(origin, '127.0.8.2', '/account/forgot-password.html', { email });
    const before = (await waitForMail(email, 'Reset your password', 3)).length;
    expect(before).toBe(3);
    const owner = await post(origin, '127.0.8.3', '/account/forgot-password.html', { email });
    expect(owner.status).toBe(200);
    expect((await waitForMail(email, 'Reset your password', before + 1)).length).toBe(before + 1);
  });
});
