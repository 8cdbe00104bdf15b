/**
 * The environment, and the development pages that hang on it, come from the server's configuration:
 * no Host header, however it is spelt, opens /dev/outbox (every customer's live one-time codes and reset
 * links) on a production storefront, and none turns its cookies insecure.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './support/stack';

const DEV_PAGES = ['/dev/outbox', '/dev/assistant'];
const HOSTS = [
  'shop.qa1.pantry.example',
  'greenleaf.stage.x',
  'x.dev1.x',
  'shop.pantry.example-qa1.foo',
  'www.local-origin.example.com',
  'localhost',
  '127.0.0.1',
];

interface Answer {
  status: number;
  setCookies: string[];
}

function get(origin: string, path: string, host: string): Promise<Answer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: url.port, path: url.pathname, headers: { Host: `${host}:${url.port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** HTTP/1.0 allows a request with no Host header at all. */
function getWithoutHost(origin: string, path: string): Promise<number> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('the environment comes from configuration, never from the request', () => {
  let stack: Stack;
  let production: string;
  let local: string;

  beforeAll(async () => {
    // Storefront 0: a production build with no APP_ENV (prod, fail closed). Storefront 1: the local demo.
    stack = await startStack('sqlite', 2, [{ APP_ENV: '' }, { APP_ENV: 'local-origin' }]);
    [production, local] = stack.storefronts as [string, string];
  });
  afterAll(() => stack?.stop());

  it('answers 404 for the development pages of a production storefront whatever the Host says', async () => {
    for (const path of DEV_PAGES)
      for (const host of HOSTS)
        expect({ path, host, status: (await get(production, path, host)).status }).toEqual({ path, host, status: 404 });
  });

  it('answers 404 for the development pages of a production storefront to a request with no Host', async () => {
    for (const path of DEV_PAGES)
      expect({ path, status: await getWithoutHost(production, path) }).toEqual({ path, status: 404 });
  });

  it('serves the outbox on a storefront configured as local-origin', async () => {
    expect((await get(local, '/dev/outbox', 'localhost')).status).toBe(200);
  });

  it('keeps a production storefront cookies Secure on a loopback Host', async () => {
    const { setCookies } = await get(production, '/account/auth/sso?goto=/', 'localhost');
    expect(setCookies.length).toBeGreaterThan(0);
    for (const cookie of setCookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
