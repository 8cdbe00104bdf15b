import { log } from '~/modules/config/logger.server';

/**
 * Work that must not change how long an answer takes (decision 0050). A password reset or a one-time passcode
 * for an existing account writes a token and a message; for an unknown email there is nothing to write. Done
 * before answering, those writes made the answer for a real account measurably slower (two commits), which tells
 * an attacker which emails have accounts. The caller answers the same way for both, and the per-account work
 * runs after the answer has been sent (on the next turn of the event loop, after the response's own writes).
 */
const pending = new Set<Promise<void>>();

export function runAfterResponse(what: string, task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => {
      // Nobody waits for this: a failure is logged, never thrown at the shopper (the answer is already sent).
      log.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once the work started so far has finished (tests read the outbox after it). */
export async function settledAfterResponse(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
