import { metrics } from '~/modules/config/metrics.server';
import { sql } from 'kysely';
import { db } from '~/db/db.server';
import { appEnv } from '~/modules/config/env.server';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Spec: rate limits on sign-in and one-time passcodes, per account and per client, across processes. A limit
 * anyone can reach for someone else's account is per account *and* client, or so high that only an attack
 * from many clients reaches it (decision 0065).
 */
export const RATE_RULES = {
  /** Past this many failed passwords for one account from all clients, each try on it is paused a little. */
  signInFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** Codes to a signed-in customer's own email or phone (only they can ask). */
  passcodesSentPerAccount: { limit: 3, windowSeconds: 15 * 60 },
  /** Sign-in codes and reset links one client may ask for one account. */
  codesSentPerAccountAndClient: { limit: 3, windowSeconds: 15 * 60 },
  /** …and for one account from all clients together: reached only from seven clients or more. */
  codesSentPerAccountCeiling: { limit: 20, windowSeconds: 15 * 60 },
  // Sign-up is a second way to ask "has this email an account?"; bounded per email too.
  signUpsPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  /** Store card lookups and step-ups one client may try on one card number (guessing its phone)… */
  storeCardTriesPerCardAndClient: { limit: 5, windowSeconds: 15 * 60 },
  /** …and on one card from all clients together: reached only from four clients or more (decision 0102). */
  storeCardTriesPerCard: { limit: 20, windowSeconds: 60 * 60 },
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

/**
 * Sliding-window counter: the current fixed window's hits plus the previous window's, weighted by how much of
 * the previous window the sliding window still covers. A burst straddling a window boundary is counted whole
 * (fixed windows let twice the limit through there, and a run of attempts that crossed the boundary was
 * suddenly allowed again).
 */
export function slidingEstimate(previousHits: number, currentHits: number, elapsedFraction: number): number {
  return Math.ceil(previousHits * (1 - elapsedFraction)) + currentHits;
}

/**
 * Seconds until one more hit would be allowed, if no other hit comes: while the previous window's weight
 * fades within this window, else once this window's own hits fade in the next one.
 */
export function secondsUntilAllowed(
  previousHits: number,
  currentHits: number,
  limit: number,
  elapsedFraction: number,
  windowSeconds: number,
): number {
  const room = limit - 1;
  const left = (1 - elapsedFraction) * windowSeconds;
  if (slidingEstimate(previousHits, currentHits, elapsedFraction) <= room) return 0;
  if (currentHits <= room && previousHits > 0) {
    const fraction = 1 - (room - currentHits) / previousHits;
    if (fraction <= 1) return Math.max(1, Math.ceil((fraction - elapsedFraction) * windowSeconds));
  }
  const nextFraction = currentHits > 0 ? Math.max(0, 1 - room / currentHits) : 0;
  return Math.max(1, Math.ceil(left + nextFraction * windowSeconds));
}

function windowOf(rule: RateRule, nowMs: number) {
  const position = nowMs / 1000 / rule.windowSeconds;
  const windowId = Math.floor(position);
  return { windowId, elapsedFraction: position - windowId };
}

async function previousHits(bucket: string, windowId: number): Promise<number> {
  const row = await db()
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_id', '=', windowId - 1)
    .executeTakeFirst();
  return Number(row?.hits ?? 0);
}

/** `counted`: the hit is already in `current` (hitRateLimit), so the estimate may reach the limit. */
function stateOf(rule: RateRule, previous: number, current: number, elapsedFraction: number, counted: boolean) {
  const estimate = slidingEstimate(previous, current, elapsedFraction);
  return {
    allowed: counted ? estimate <= rule.limit : estimate < rule.limit,
    hits: estimate,
    retryAfterSeconds: Math.max(
      1,
      secondsUntilAllowed(previous, current, rule.limit, elapsedFraction, rule.windowSeconds),
    ),
  };
}

/** `signin:account:<email>` → `signin:account`: the limit's name, never the account or client it counts. */
export function limitName(bucket: string): string {
  const [first = 'unknown', second] = bucket.split(':');
  return second && /^[a-z-]{1,20}$/.test(second) ? `${first}:${second}` : first;
}

/** Counts one hit in the current window (an upsert, so concurrent processes agree) and judges the sliding count. */
export async function hitRateLimit(bucket: string, rule: RateRule, nowMs = Date.now()): Promise<RateState> {
  const { windowId, elapsedFraction } = windowOf(rule, nowMs);
  await sweepNow(nowMs);
  const row = await db()
    .insertInto('rate_limits')
    // The row counts in its own window and, as the previous one, in the next: it expires after both.
    .values({ bucket, window_id: windowId, hits: 1, expires_at: (windowId + 2) * rule.windowSeconds })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'window_id']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const state = stateOf(rule, await previousHits(bucket, windowId), Number(row.hits), elapsedFraction, true);
  if (!state.allowed) metrics().rateLimitRefusals.inc({ limit: limitName(bucket) });
  return state;
}

/** Whether the bucket is already at its limit, without counting a hit. */
export async function peekRateLimit(bucket: string, rule: RateRule, nowMs = Date.now()): Promise<RateState> {
  const { windowId, elapsedFraction } = windowOf(rule, nowMs);
  const [row, previous] = await Promise.all([
    db()
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('window_id', '=', windowId)
      .executeTakeFirst(),
    previousHits(bucket, windowId),
  ]);
  return stateOf(rule, previous, Number(row?.hits ?? 0), elapsedFraction, false);
}

/** How often one process deletes expired rate-limit rows: one bucket per client, account and window otherwise piles up. */
export const RATE_SWEEP_INTERVAL_MS = 60_000;
let lastSweepMs = 0;

async function sweepNow(nowMs: number) {
  if (nowMs - lastSweepMs < RATE_SWEEP_INTERVAL_MS && nowMs >= lastSweepMs) return;
  lastSweepMs = nowMs;
  await sweepExpiredRateLimits(nowMs);
}

/** Deletes the rows no sliding count can read any more (every process may run it; it is idempotent). */
export async function sweepExpiredRateLimits(nowMs = Date.now()): Promise<number> {
  const result = await db()
    .deleteFrom('rate_limits')
    .where('expires_at', '<=', Math.floor(nowMs / 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A wait in the shopper's words: seconds while it is short, minutes after. */
export function waitText(seconds: number, language: Language = 'en'): string {
  if (seconds >= 60) return minutesText(seconds, language);
  return serverT(language, 'account')('{{count}} seconds', { count: Math.max(1, Math.ceil(seconds)) });
}

/**
 * Counts one request for a code or link to `account` from `clientKey`: the client's own allowance first, so a
 * refused client does not spend the account's ceiling.
 */
export async function hitCodeSendLimits(kind: 'otp' | 'reset', account: string, clientKey: string) {
  const own = await hitRateLimit(`${kind}:send:${account}:${clientKey}`, RATE_RULES.codesSentPerAccountAndClient);
  if (!own.allowed) return own;
  return hitRateLimit(`${kind}:send:${account}`, RATE_RULES.codesSentPerAccountCeiling);
}

export function minutesText(seconds: number, language: Language = 'en'): string {
  return serverT(language, 'account')('{{count}} minutes', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/** The refusals that name their wait; each key's {{wait}} is the wait in words (account strings). */
export const WAIT_REFUSALS = {
  attempts: 'Too many attempts. Please try again in {{wait}}.',
  codesAskedFor: 'Too many codes asked for. Please try again in {{wait}}.',
  referralCodes: 'Too many referral codes tried. Please try again in {{wait}}, or leave the code empty.',
} as const;

/**
 * A refusal with its wait, written whole in the shopper's language: a sentence with a value in it is no key a page
 * could look up afterwards. English (API answers, the default) reads as it always did.
 */
export function waitRefusal(
  refusal: keyof typeof WAIT_REFUSALS,
  seconds: number,
  language: Language = 'en',
  unit: 'minutes' | 'seconds-then-minutes' = 'minutes',
): string {
  const wait = unit === 'minutes' ? minutesText(seconds, language) : waitText(seconds, language);
  return serverT(language, 'account')(WAIT_REFUSALS[refusal], { wait });
}
