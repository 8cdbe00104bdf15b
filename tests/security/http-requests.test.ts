import { readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/**
 * Requests that are wrong before any route reads them: a Host header or request target no URL can be
 * built from, a method no route serves, a method the route does not take, and a caller who is not
 * signed in. Each is the client's mistake, answered with a 4xx that says so and logged as one. The
 * production server (server/serve.ts) on SQLite: nothing here reaches the database's dialect.
 */
const BAD_REQUEST_MESSAGE = 'We could not understand that request. Check the address and try again.';
const STACK_TRACE = /\n\s+at .+:\d+:\d+/;

describe('malformed and unsupported requests on the production server', () => {
  let stack: Stack;
  let origin: string;
  let port: string;
  let customerId: string;
  let uuid: string;

  beforeAll(async () => {
    stack = await startStack('sqlite', 1, [{ LOG_LEVEL: 'warn', SUBSCRIPTION_KEY: 'security-subscription-key' }]);
    origin = stack.storefronts[0]!;
    port = new URL(origin).port;
    const jordan = await stack.database.db
      .selectFrom('customers')
      .select(['id', 'uuid'])
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
    customerId = String(jordan.id);
    uuid = jordan.uuid;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const raw = (requestLine: string, headers: string[]) =>
    rawRequest(origin, [requestLine, ...headers, 'Connection: close', '', ''].join('\r\n'));

  it.each([
    ['a port that is not a number', 'GET / HTTP/1.1', ['Host: localhost:abc']],
    ['a port out of range', 'GET / HTTP/1.1', ['Host: localhost:99999']],
    ['two ports', 'GET / HTTP/1.1', ['Host: localhost:3000:3000']],
    ['an empty Host', 'GET / HTTP/1.1', ['Host: ']],
    ['no Host on HTTP/1.1', 'GET / HTTP/1.1', []],
    ['an absolute-form target', 'GET http://evil.example/ HTTP/1.1', ['Host: localhost']],
    ['the asterisk target', 'GET * HTTP/1.1', ['Host: localhost']],
    ['a bad Host on a form post', 'POST /account/sign-in.html HTTP/1.1', ['Host: localhost:abc', 'Content-Length: 0']],
  ])('answers 400 for %s', async (_name, requestLine, headers) => {
    const response = await raw(requestLine, headers);
    expect(response.status, response.body).toBe(400);
    expect(response.body).not.toMatch(STACK_TRACE);
    // Node's own parser answers a missing Host with an empty 400; the storefront's answers carry the message.
    if (response.headers['content-type']?.includes('json'))
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'BAD_REQUEST', message: BAD_REQUEST_MESSAGE } });
  });

  it('refuses TRACE with 405 and the methods it serves, and never echoes the request', async () => {
    const response = await raw('TRACE / HTTP/1.1', [`Host: localhost:${port}`, 'Cookie: secret=1']);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(response.body).not.toContain('secret=1');
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: 'We do not accept TRACE requests.' },
    });
  });

  it.each([
    ['DELETE', '/api/orders/history'],
    ['PUT', '/healthz'],
    ['POST', '/api/offers/gallery'],
    ['DELETE', '/'],
    ['PATCH', '/shop/search-results.html?q=milk'],
  ])('answers %s %s with 405, an Allow header and what the address takes', async (method, path) => {
    const response = await fetch(`${origin}${path}`, { method, headers: { 'Content-Length': '0' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
    const body = await response.text();
    expect(body).not.toContain('Unexpected Server Error');
    expect(JSON.parse(body)).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: `This address does not accept ${method} requests. Use GET.` },
    });
  });

  it.each([
    ['GET', '/api/session/update', 'POST'],
    ['PUT', '/api/customers/{id}/pets', 'GET, POST'],
    ['PUT', '/api/customers/{id}/subscriptions', 'GET, POST, DELETE'],
    ['GET', '/ucaservice/api/uca/customers/{id}/stores', 'POST'],
  ])('answers %s %s, which its route does not take, with 405 and Allow: %s', async (method, path, allow) => {
    const response = await fetch(`${origin}${path.replace('{id}', customerId)}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe(allow);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('logs every refusal above as a client error: a warning with its reason, never an error or "[object Object]"', async () => {
    await fetch(`${origin}/api/orders/history`, { method: 'DELETE' });
    await raw('GET / HTTP/1.1', ['Host: localhost:abc']);
    // The lines are written as the answers go out; give stderr a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logs = stack.logs(0);
    expect(logs).toContain('"level":"warn","message":"request refused","status":405');
    expect(logs).toContain('"level":"warn","message":"request refused","status":400');
    expect(logs).not.toContain('[object Object]');
    expect(logs).not.toContain('"level":"error"');
    expect(logs).not.toContain('request failed');
  });

  it("puts an API call's correlation id on every line logged for it, the server's refusals and the route's own", async () => {
    const refused = await fetch(`${origin}/api/orders/history`, {
      method: 'DELETE',
      headers: { 'X-Correlation-Id': 'corr-server-refusal' },
    });
    await refused.arrayBuffer();
    const answer = await fetch(`${origin}/api/stores/preload/4242`, {
      headers: { 'Pantry-Subscription-Key': 'security-subscription-key', 'X-Correlation-Id': 'corr-route-line' },
    });
    expect(answer.headers.get('X-Correlation-Id')).toBe('corr-route-line');
    expect(await answer.json()).toEqual({ loaded: true, status: 404, flags: {} });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = stack
      .logs(0)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'request refused', status: 405, correlationId: 'corr-server-refusal' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'store flags not loaded',
        branchId: '4242',
        correlationId: 'corr-route-line',
      }),
    );
  });

  it('checks the caller before the body: a signed-out call with a bad body is 401 on every customer API', async () => {
    const calls: Array<[string, string]> = [
      ['POST', `/api/customers/${customerId}/subscriptions`],
      ['DELETE', `/api/customers/${customerId}/subscriptions`],
      ['POST', `/api/customers/${customerId}/addresses`],
      ['PUT', `/api/customers/${customerId}/addresses/1`],
      ['PUT', `/api/customers/${customerId}/addresses/selected`],
      ['POST', `/api/customers/${customerId}/pets`],
      ['PUT', `/api/customers/${customerId}/pets/1`],
      ['POST', `/api/customers/${customerId}/preferences/fulfillment`],
      ['PUT', `/api/customers/${customerId}/loyaltypartners`],
      ['PUT', `/api/customers/${customerId}/pwd`],
      ['POST', `/api/customers/${uuid}/factors`],
      ['POST', `/api/customers/${uuid}/factors/f1/lifecycle/activate`],
      ['POST', `/ucaservice/api/uca/customers/${customerId}/stores`],
      ['POST', '/api/offers/clip'],
      ['POST', '/api/offers/unclip'],
      ['POST', '/api/offers/instant-allocation'],
      ['POST', '/api/rewards/clip'],
      ['POST', '/api/rewards/unclip'],
      ['POST', '/api/orders/cancel'],
      ['POST', '/api/orders/pending-update'],
    ];
    const answers: string[] = [];
    for (const body of ['{"subscriptionCode":', '{"unknown":true}']) {
      for (const [method, path] of calls) {
        const response = await fetch(`${origin}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
          body,
        });
        if (response.status !== 401)
          answers.push(`${method} ${path} ${body}: ${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
      }
    }
    expect(answers).toEqual([]);
  });
  it('marks static files nosniff, and sends HSTS on pages, APIs, static files and refusals outside local hosts only', async () => {
    const asset = readdirSync('public/build').find((name) => name.endsWith('.js'))!;
    const paths = ['/', '/healthz', '/favicon.svg', `/build/${asset}`];
    for (const path of paths) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(response.headers.get('Strict-Transport-Security'), path).toBeNull();
    }
    await stack.restartStorefront(0, { LOG_LEVEL: 'warn', APP_ENV: 'prod' });
    for (const path of paths) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.headers.get('Strict-Transport-Security'), path).toBe('max-age=31536000; includeSubDomains');
    }
    const refused = await raw('GET * HTTP/1.1', ['Host: localhost']);
    expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('slow and greedy clients on the production server', () => {
  let stack: Stack;
  let origin: string;
  let host: string;

  beforeAll(async () => {
    // Short limits, so the test takes seconds; the defaults (10 s, 30 s, 128) are in tests/unit/connection-limits.
    stack = await startStack('sqlite', 1, [
      { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500', CLIENT_CONNECTION_LIMIT: '8' },
    ]);
    origin = stack.storefronts[0]!;
    host = new URL(origin).host;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const closedWithin = async (text: string, ms: number) => {
    const started = Date.now();
    const response = await rawRequest(origin, text, ms);
    return { ...response, elapsed: Date.now() - started };
  };

  it('closes a connection whose body stops arriving, with 408, at the request timeout', async () => {
    const partialBody = [
      'POST /account/sign-in.html HTTP/1.1',
      `Host: ${host}`,
      'Content-Type: application/x-www-form-urlencoded',
      'Content-Length: 1000',
      '',
      'intent=password&email=',
    ].join('\r\n');
    const response = await closedWithin(partialBody, 5000);
    expect(response.status).toBe(408);
    expect(response.elapsed).toBeLessThan(4000);
  });

  it('closes a connection whose headers stop arriving at the headers timeout', async () => {
    const response = await closedWithin(`GET / HTTP/1.1\r\nHost: ${host}\r\nAccept: text/`, 5000);
    expect(response.status).toBe(408);
    expect(response.elapsed).toBeLessThan(4000);
  });

  it('answers a client over its connection limit with 503 and Retry-After, and serves it again once it closes some', async () => {
    const { hostname, port } = new URL(origin);
    const sockets = Array.from({ length: 12 }, () =>
      net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname),
    );
    const answers = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let data = '';
            socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
            socket.on('close', () => resolve(data));
            // Connections that were let in stay open (and silent) until the end of the test.
            setTimeout(() => resolve(data), 500);
          }),
      ),
    );
    const refused = answers.filter((answer) => answer.startsWith('HTTP/1.1 503'));
    expect(refused.length).toBeGreaterThanOrEqual(12 - 8);
    expect(refused[0]).toContain('Retry-After: 5');
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });
});
