import { createServer } from 'node:net';

/** Below Linux's ephemeral range (32768–60999), which outgoing connections and `listen(0)` draw from. */
const FIRST = 20_000;
const LAST = 32_767;

/** Whether a server could listen on the port and host now; an address family the host lacks counts as free. */
async function canListen(port: number, host: string): Promise<boolean> {
  const probe = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EAFNOSUPPORT' || error.code === 'EADDRNOTAVAIL'),
    );
    probe.listen({ port, host, exclusive: true }, () => resolve(true));
  });
  if (probe.listening) await new Promise((resolve) => probe.close(resolve));
  return ok;
}

/**
 * Each test worker draws from its own slice of the range (vitest's VITEST_POOL_ID, Playwright's
 * TEST_PARALLEL_INDEX), so two workers never pick the same port in the seconds before their servers bind it.
 */
const SLICES = 8;
const SLICE_SIZE = Math.floor((LAST - FIRST + 1) / SLICES);
const worker = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0) || 0;
const SLICE_FIRST = FIRST + (worker % SLICES) * SLICE_SIZE;
const handedOut = new Set<number>();

/** This worker's slice of the range. */
export const PORT_SLICE = { first: SLICE_FIRST, size: SLICE_SIZE } as const;

/**
 * A port nobody listens on right now, for a test's or a bench's server. Drawn at random below the ephemeral
 * range: a port the kernel picked (`listen(0)`) could be handed to a parallel run's probe or client before our
 * server bound it, which is how a cluster test's identity provider once failed to start while another suite ran.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = SLICE_FIRST + Math.floor(Math.random() * SLICE_SIZE);
    // A port handed out is not bound until its server starts (after seeding, seconds later): never hand it out twice.
    if (handedOut.has(port)) continue;
    if ((await canListen(port, '127.0.0.1')) && (await canListen(port, '::'))) {
      handedOut.add(port);
      return port;
    }
  }
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
