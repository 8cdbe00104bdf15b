import type { Server } from 'node:http';

/**
 * A graceful stop (SIGTERM, SIGINT): no new connections, the requests in flight finish, and then the work the app
 * runs after its answers (decision 0050: a password reset's link, a one-time passcode) finishes too — the
 * shopper was told it is on its way. At most `graceMs` in all: a stop is never held up for long.
 */
export async function shutDown(
  server: Server,
  settleAfterAnswers: () => Promise<void>,
  graceMs: number,
): Promise<'finished' | 'timed out'> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A kept-alive connection (the balancer's) is closed as soon as its request in flight has been answered.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), graceMs);
  });
  try {
    return await Promise.race([closed.then(settleAfterAnswers).then(() => 'finished' as const), late]);
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
