import { createServer, request as forward, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn, userTypeOf } from './support/browser';
import { freePort, startStack, type Stack } from './support/stack';

/**
 * A hiccup of the identity provider's key set is an outage, never a sign-out (decision 0064). Every
 * storefront process and the provider itself know the issuer as a loopback proxy in front of the
 * provider; the proxy passes everything through except the key set, which it can make fail.
 * The verifier does not touch the database, so one dialect is enough.
 */
type KeySet = 'pass' | 'error' | 'garbage' | 'hang' | 'refuse';

const JORDAN = { email: 'jordan@pantry.test', id: 500001 };

describe("signed-in requests while the provider's key set fails", () => {
  let keySet: KeySet = 'pass';
  let target = '';
  let proxy: Server;
  let stack: Stack;
  let cached: string;
  let uncached: string;
  beforeAll(async () => {
    const port = await freePort();
    proxy = createServer((req, res) => {
      if (req.url?.startsWith('/oauth2/v1/keys') && keySet !== 'pass') {
        if (keySet === 'error') res.writeHead(503).end('Service Unavailable');
        else if (keySet === 'garbage') res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>');
        else if (keySet === 'refuse') req.socket.destroy();
        return; // 'hang': no answer at all
      }
      const upstream = forward(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(port, resolve));
    stack = await startStack('sqlite', 2, [], { issuer: `http://localhost:${port}` });
    target = stack.idp;
    [cached, uncached] = stack.storefronts as [string, string];
  });
  afterAll(async () => {
    await stack?.stop();
    proxy?.closeAllConnections();
    proxy?.close();
  });

  function tokenOf(browser: Browser): string {
    const raw = decodeURIComponent(browser.cookie('localhost', 'PANTRY_USER') ?? '');
    const payload = raw.slice(0, raw.lastIndexOf('.'));
    return (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { token: string }).token;
  }

  it('answers 503 with Retry-After to pages and APIs, and keeps the customer signed in, when no key set could be fetched yet', async () => {
    const browser = new Browser();
    // Signed in through the first process; the second has never fetched the keys.
    await signIn(browser, cached, JORDAN.email);
    const token = tokenOf(browser);
    for (const failure of ['error', 'garbage', 'refuse', 'hang'] as const) {
      keySet = failure;
      const page = await browser.send(`${uncached}/account/overview.html`);
      expect(page.status, failure).toBe(503);
      expect(page.headers.get('Retry-After'), failure).toBe('5');
      expect(page.headers.get('Content-Type'), failure).toMatch(/^text\/html/);
      expect(
        page.headers.getSetCookie().filter((cookie) => cookie.startsWith('PANTRY_USER=')),
        failure,
      ).toEqual([]);
      await page.arrayBuffer();

      const api = await fetch(`${uncached}/api/customers/${JORDAN.id}/profile`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(api.status, failure).toBe(503);
      expect(api.headers.get('Retry-After'), failure).toBe('5');
      expect(((await api.json()) as { error: { code: string } }).error.code, failure).toBe('UNAVAILABLE');
    }
    keySet = 'pass';
    // The cookie was never dropped: once the keys answer, the same browser is still the customer.
    expect(await userTypeOf(browser, uncached)).toBe('C');
    const { response, url } = await browser.navigate(`${uncached}/account/overview.html`);
    expect(new URL(url).pathname).toBe('/account/overview.html');
    expect(response.status).toBe(200);
  });

  it('keeps serving signed-in customers from the key set it has while the provider cannot give it again', async () => {
    keySet = 'pass';
    const browser = new Browser();
    await signIn(browser, uncached, JORDAN.email);
    keySet = 'error';
    // A token the first process has never checked, verified with the keys it fetched before.
    expect(await userTypeOf(browser, cached)).toBe('C');
    keySet = 'pass';
  });

  it('still takes a token with a bad signature for nobody, while the key set fails', async () => {
    keySet = 'pass';
    const browser = new Browser();
    await signIn(browser, cached, JORDAN.email);
    // Both processes hold the keys before they stop answering.
    for (const origin of stack.storefronts) expect(await userTypeOf(browser, origin)).toBe('C');
    const [header, payload, signature] = tokenOf(browser).split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    keySet = 'error';
    for (const origin of stack.storefronts) {
      const api = await fetch(`${origin}/api/customers/${JORDAN.id}/profile`, {
        headers: { Authorization: `Bearer ${forged}` },
      });
      expect(api.status, origin).toBe(401);
    }
    keySet = 'pass';
  });
});
