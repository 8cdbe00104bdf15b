import { log } from '~/modules/config/logger.server';

/**
 * Work that must not change how long a response takes: a password reset or one-time passcode writes a token for a
 * real account and nothing for an unknown email, and done before responding that difference would tell an attacker
 * which emails have accounts (decision 0050). It runs on the next turn of the event loop, after the response.
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
