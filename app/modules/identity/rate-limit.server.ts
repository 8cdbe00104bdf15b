import { sql } from 'kysely';
import { db } from '~/db/db.server';
import { appEnv } from '~/modules/config/env.server';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Spec: rate limits on sign-in and one-time passcodes, per account and per client, across processes. */
export const RATE_RULES = {
  signInFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  passcodesSentPerAccount: { limit: 3, windowSeconds: 15 * 60 },
  // Issue 10: sign-up is a second way to ask "has this email an account?"; bounded per email too.
  signUpsPerEmail: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** Sign-in attempts per client (IP, else visitor): 100 per 15 minutes unless SIGNIN_CLIENT_LIMIT says otherwise. */
export function signInClientRule(): RateRule {
  return { limit: appEnv().SIGNIN_CLIENT_LIMIT, windowSeconds: 15 * 60 };
}

/** Sign-ups per client (IP, else visitor): 20 per hour unless SIGNUP_CLIENT_LIMIT says otherwise. */
export function signUpClientRule(): RateRule {
  return { limit: appEnv().SIGNUP_CLIENT_LIMIT, windowSeconds: 60 * 60 };
}

export interface RateState {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

function windowOf(rule: RateRule, nowMs: number) {
  const windowId = Math.floor(nowMs / 1000 / rule.windowSeconds);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowId + 1) * rule.windowSeconds - nowMs / 1000));
  return { windowId, retryAfterSeconds };
}

/** Counts one hit in the current fixed window (an upsert, so concurrent processes agree). */
export async function hitRateLimit(bucket: string, rule: RateRule, nowMs = Date.now()): Promise<RateState> {
  const { windowId, retryAfterSeconds } = windowOf(rule, nowMs);
  const row = await db()
    .insertInto('rate_limits')
    .values({ bucket, window_id: windowId, hits: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'window_id']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds };
}

/** Whether the bucket is already at its limit in this window, without counting a hit. */
export async function peekRateLimit(bucket: string, rule: RateRule, nowMs = Date.now()): Promise<RateState> {
  const { windowId, retryAfterSeconds } = windowOf(rule, nowMs);
  const row = await db()
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_id', '=', windowId)
    .executeTakeFirst();
  const hits = Number(row?.hits ?? 0);
  return { allowed: hits < rule.limit, hits, retryAfterSeconds };
}

export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
