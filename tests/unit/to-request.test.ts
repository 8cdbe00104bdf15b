import { getEventListeners } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toRequest } from '../../server/app-server';

/**
 * The web Request the production server hands Remix: what the client sent, a body that reads,
 * and a signal that aborts only when the client goes away before its answer — the signal is the Request's
 * own, so that the Request does not follow it with a controller, WeakRef and finalizer of its own.
 */
let server: http.Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('toRequest', () => {
  it('carries the method, URL, headers and body the client sent', async () => {
    let seen!: Promise<{ method: string; url: string; cookie: string | null; accept: string | null; body: unknown }>;
    const port = await serve((req, res) => {
      const request = toRequest(req, res, new URL(`http://shop.test${req.url}`));
      seen = request.json().then((body) => {
        res.end('ok');
        return {
          method: request.method,
          url: request.url,
          cookie: request.headers.get('Cookie'),
          accept: request.headers.get('Accept'),
          body,
        };
      });
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/cart/add?x=1`, {
      method: 'POST',
      headers: { Cookie: 'a=1', Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 7, quantity: 2 }),
    });
    expect(await response.text()).toBe('ok');
    expect(await seen).toEqual({
      method: 'POST',
      url: 'http://shop.test/api/cart/add?x=1',
      cookie: 'a=1',
      accept: 'application/json',
      body: { productId: 7, quantity: 2 },
    });
  });

  it('leaves the signal alone when the answer was sent, and the Request does not listen to it', async () => {
    let request!: Request;
    let listeners = -1;
    let closed!: Promise<void>;
    const port = await serve((req, res) => {
      request = toRequest(req, res, new URL(`http://shop.test${req.url}`));
      // Given the signal in its init, the Request would have a signal of its own that follows the connection's
      // through a listener (and a finalizer): here the connection's signal is the Request's, and nobody listens.
      listeners = Object.hasOwn(request, 'signal') ? getEventListeners(request.signal, 'abort').length : -1;
      closed = new Promise((resolve) => res.once('close', () => resolve()));
      res.end('done');
    });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('done');
    await closed;
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    expect(listeners).toBe(0);
  });

  it('aborts the signal, and a Request made from it as Remix makes one, when the client goes away first', async () => {
    let aborted!: Promise<[boolean, boolean]>;
    const port = await serve((req, res) => {
      const request = toRequest(req, res, new URL(`http://shop.test${req.url}`));
      // As the router builds its loaders' GET request after an action.
      const derived = new Request(request.url, { headers: request.headers, signal: request.signal });
      aborted = new Promise((resolve) =>
        request.signal.addEventListener('abort', () => resolve([request.signal.aborted, derived.signal.aborted])),
      );
      // Never answered: the client hangs up first.
    });
    await new Promise<void>((resolve) => {
      const client = http.get({ host: '127.0.0.1', port, path: '/slow' });
      client.on('error', () => resolve());
      setTimeout(() => {
        client.destroy();
        resolve();
      }, 100);
    });
    expect(await aborted).toEqual([true, true]);
  });
});
