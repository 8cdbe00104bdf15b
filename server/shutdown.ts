import type { Server } from 'node:http';

/**
 * A graceful stop (SIGTERM, SIGINT): no new connections, the requests in flight finish, and then the work the app
 * runs after its answers (decision 0050: a password reset's link, a one-time passcode) finishes too — the
 * shopper was told it is on its way. At most `graceMs` in all: a stop is never held up for long.
 */
const STOPPING_KEY = Symbol.for('pantry.stopping');
const holder = globalThis as typeof globalThis & { [STOPPING_KEY]?: boolean };

/** Whether this process has begun to stop: /readyz answers 503 from then on, so a balancer sends no one new. */
export function stopping(): boolean {
  return holder[STOPPING_KEY] === true;
}

/** Tests that stop a server start the next one ready again. */
export function forgetStopping(): void {
  holder[STOPPING_KEY] = false;
}

/**
 * `drainMs` (SHUTDOWN_DRAIN_MS): how long the process keeps answering, /readyz with 503, before it stops listening,
 * so a balancer that checks readiness every second takes it out first and no shopper meets a refused connection.
 */
export async function shutDown(
  server: Server,
  settleAfterAnswers: () => Promise<void>,
  graceMs: number,
  drainMs = 0,
): Promise<'finished' | 'timed out'> {
  holder[STOPPING_KEY] = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
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
