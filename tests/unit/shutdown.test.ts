import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutDown } from '../../server/shutdown';

/**
 * Decision 0054: a graceful stop lets the requests in flight and then the work run after their answers (a
 * password reset's link, a one-time passcode; decision 0050) finish, within a bound.
 */
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function listening(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('shutDown', () => {
  it('waits for the request in flight, then for the work after the answers', async () => {
    const answer = deferred();
    const work = deferred();
    const { server, url } = await listening((_req, res) => void answer.promise.then(() => res.end('sent')));
    const response = fetch(url);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the request has arrived
    const steps: string[] = [];
    const stopped = shutDown(
      server,
      () => (steps.push('settling'), work.promise.then(() => void steps.push('work done'))),
      5_000,
    ).then((outcome) => (steps.push(outcome), outcome));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([]);
    answer.resolve();
    expect(await (await response).text()).toBe('sent');
    // The kept-alive connection is closed once answered; then the work is waited for, and only then done.
    await vi.waitFor(() => expect(steps).toEqual(['settling']), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(steps).toEqual(['settling']);
    work.resolve();
    expect(await stopped).toBe('finished');
    expect(steps).toEqual(['settling', 'work done', 'finished']);
  });

  it('refuses new connections while it waits', async () => {
    const work = deferred();
    const { server, url } = await listening((_req, res) => res.end('ok'));
    const stopped = shutDown(server, () => work.promise, 5_000);
    await expect(fetch(url)).rejects.toThrow();
    work.resolve();
    expect(await stopped).toBe('finished');
  });

  it('gives up after the grace period when the work does not finish', async () => {
    const { server } = await listening((_req, res) => res.end('ok'));
    const started = Date.now();
    expect(await shutDown(server, () => new Promise<void>(() => {}), 200)).toBe('timed out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
