/**
 * docs/decisions/0078-outbox-delivery.md. After a failed attempt a message waits base × 2^(attempts − 1), at most
 * `maxMs`; once `maxAttempts` attempts have failed it is dead and nobody tries again.
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

export function retryDelayMs(attempts: number, policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows to Infinity for huge counts; the cap keeps the answer finite.
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 52));
}

export type AfterFailure = { status: 'pending'; nextAttemptAt: Date } | { status: 'dead' };

/** What becomes of a message whose `attempts`-th attempt (counting this one) just failed. */
export function afterFailure(attempts: number, policy: RetryPolicy, now: Date): AfterFailure {
  if (attempts >= policy.maxAttempts) return { status: 'dead' };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, policy)) };
}
