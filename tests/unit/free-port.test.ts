import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { freePort, PORT_SLICE } from '../../scripts/free-port';

/**
 * Ports for the servers tests and benches start are drawn below Linux's ephemeral range (32768–60999), which
 * outgoing connections and `listen(0)` probes of parallel runs take theirs from.
 */
describe('freePort', () => {
  it('gives ports below the ephemeral range that a server can listen on, on every address', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('never gives a port something already listens on', async () => {
    const busy = createServer();
    let port = 0;
    for (let candidate = PORT_SLICE.first + 100; candidate < PORT_SLICE.first + 200 && !port; candidate++) {
      const listening = await new Promise<boolean>((resolve) => {
        busy.once('error', () => resolve(false));
        busy.listen(candidate, '127.0.0.1', () => resolve(true));
      });
      if (listening) port = candidate;
    }
    expect(port).toBeGreaterThan(0);
    // The first draw lands on the busy port, the second on the one after it (unless another file's server holds
    // that one, or it was handed out already: then a real draw follows). Never the busy port.
    const draw = (at: number) => (at - PORT_SLICE.first + 0.5) / PORT_SLICE.size;
    const random = vi
      .spyOn(Math, 'random')
      .mockReturnValueOnce(draw(port))
      .mockReturnValueOnce(draw(port + 1));
    try {
      expect(await freePort()).not.toBe(port);
    } finally {
      random.mockRestore();
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('never hands out the same port twice, even before a server binds it', async () => {
    const first = await freePort();
    const draw = (port: number) => (port - PORT_SLICE.first + 0.5) / PORT_SLICE.size;
    // The next draw lands on the port just handed out (nothing listens on it yet); it must be passed over.
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(draw(first));
    try {
      expect(await freePort()).not.toBe(first);
    } finally {
      random.mockRestore();
    }
  });

  it("draws from this worker's own slice of the range", async () => {
    for (let i = 0; i < 10; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(PORT_SLICE.first);
      expect(port).toBeLessThan(PORT_SLICE.first + PORT_SLICE.size);
    }
  });
});
