import { sql } from 'kysely';
import { db } from '~/db/db.server';

export interface DelayRule {
  /** Failures in a row that cost no wait (typing slips). */
  freeFailures: number;
  /** The longest wait one client is ever given. */
  capSeconds: number;
  /** How long after its last wait ends a run of failures is forgotten. */
  forgetSeconds: number;
}

/**
 * Failed passwords per account and client (decision 0065): a wait of 1 s after the third in a row, then 2 s,
 * 4 s… up to 15 minutes.
 * Only the client that failed waits; the owner on another client is not held up by it.
 */
export const PASSWORD_DELAY: DelayRule = { freeFailures: 2, capSeconds: 15 * 60, forgetSeconds: 60 * 60 };

/** Wrong one-time codes per account and client: a wait of 1 s after the fifth, then 2 s, 4 s… */
export const CODE_DELAY: DelayRule = { freeFailures: 4, capSeconds: 15 * 60, forgetSeconds: 60 * 60 };

/** Seconds a client waits after its `failures`-th failure in a row: 0 while free, then doubling to the cap. */
export function delayAfterFailures(failures: number, rule: DelayRule): number {
  const over = failures - rule.freeFailures;
  if (over <= 0) return 0;
  return Math.min(rule.capSeconds, 2 ** Math.min(over - 1, 30));
}

/** Seconds until `bucket` may try again (0 when it may now). */
export async function secondsUntilNextTry(bucket: string, nowMs = Date.now()): Promise<number> {
  const row = await db()
    .selectFrom('sign_in_delays')
    .select(['next_allowed_at', 'expires_at'])
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) * 1000 <= nowMs) return 0;
  const waitMs = Number(row.next_allowed_at) - nowMs;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Counts one more failure in a row for `bucket` (an upsert, so processes agree) and sets its next allowed
 * time. Returns the seconds it must now wait. A run already forgotten starts again at one.
 */
export async function recordFailure(bucket: string, rule: DelayRule, nowMs = Date.now()): Promise<number> {
  await sweepNow(nowMs);
  const nowSeconds = Math.floor(nowMs / 1000);
  const row = await db()
    .insertInto('sign_in_delays')
    .values({ bucket, failures: 1, next_allowed_at: nowMs, expires_at: nowSeconds + rule.forgetSeconds })
    .onConflict((conflict) =>
      conflict.column('bucket').doUpdateSet({
        failures: sql<number>`case when sign_in_delays.expires_at <= ${nowSeconds} then 1 else sign_in_delays.failures + 1 end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const waitSeconds = delayAfterFailures(Number(row.failures), rule);
  const nextAllowedAt = nowMs + waitSeconds * 1000;
  await db()
    .updateTable('sign_in_delays')
    .set({ next_allowed_at: nextAllowedAt, expires_at: Math.ceil(nextAllowedAt / 1000) + rule.forgetSeconds })
    .where('bucket', '=', bucket)
    // Of two racing failures, the later wait wins.
    .where('next_allowed_at', '<=', nextAllowedAt)
    .execute();
  return waitSeconds;
}

/** A success ends the run: the next slip from that client is free again. */
export async function clearFailures(bucket: string): Promise<void> {
  await db().deleteFrom('sign_in_delays').where('bucket', '=', bucket).execute();
}

const SWEEP_INTERVAL_MS = 60_000;
let lastSweepMs = 0;

async function sweepNow(nowMs: number) {
  if (nowMs - lastSweepMs < SWEEP_INTERVAL_MS && nowMs >= lastSweepMs) return;
  lastSweepMs = nowMs;
  await db()
    .deleteFrom('sign_in_delays')
    .where('expires_at', '<=', Math.floor(nowMs / 1000))
    .execute();
}
