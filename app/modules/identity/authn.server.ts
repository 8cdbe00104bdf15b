import { metrics } from '~/modules/config/metrics.server';
import { log } from '~/modules/config/logger.server';
import { runAfterResponse } from './run-after-response.server';
import { customerByEmail, normalizeEmail } from './customers.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { verifyPassword } from './passwords.server';
import {
  hitCodeSendLimits,
  hitRateLimit,
  peekRateLimit,
  RATE_RULES,
  signInClientRule,
  waitRefusal,
} from './rate-limit.server';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { clearFailures, CODE_DELAY, PASSWORD_DELAY, recordFailure, secondsUntilNextTry } from './sign-in-delays.server';
import { issueSessionToken } from './session-tokens.server';
import { db } from '~/db/db.server';
import { claimLatestCode } from './one-time-codes.server';
import { sha256, sixDigitCode } from './secrets.server';

/** The same words for a wrong password and an unknown email: no account enumeration. */
export const INVALID_CREDENTIALS_MESSAGE = "That email and password don't match our records.";
export const INVALID_PASSCODE_MESSAGE =
  "That code isn't right or has expired. Check the latest code we sent, or ask for a new one.";
export const PASSCODE_TTL_MS = 10 * 60_000;
/**
 * Wrong tries one code takes from every client together: one client gets five before it is slowed (CODE_DELAY),
 * so it takes several clients to spend the owner's code, and a guesser's odds stay at 1 in 100,000 a code.
 */
export const PASSCODE_MAX_ATTEMPTS = 10;
/** The pause on every password try for an account many clients are failing on: slows them, locks out no one. */
export const ACCOUNT_PAUSE_MS = 1000;

export type AuthnResult =
  | { status: 'SUCCESS'; sessionToken: string; customerId: number }
  | { status: 'INVALID'; message: string }
  | { status: 'LOCKED_OUT'; message: string; retryAfterSeconds: number };

/** A sign-in attempt's outcome into the metrics (decision 0111): success, or failure with its reason. */
function counted<T extends AuthnResult>(method: 'password' | 'otp', result: T, reason?: string): T {
  metrics().signIns.inc(
    result.status === 'SUCCESS'
      ? { method, outcome: 'success', reason: 'none' }
      : { method, outcome: 'failure', reason: result.status === 'LOCKED_OUT' ? 'locked-out' : (reason ?? 'invalid') },
  );
  return result;
}

function lockedOut(retryAfterSeconds: number): Extract<AuthnResult, { status: 'LOCKED_OUT' }> {
  return {
    status: 'LOCKED_OUT',
    retryAfterSeconds,
    message: waitRefusal('attempts', retryAfterSeconds, 'en', 'seconds-then-minutes'),
  };
}

/** A refused sign-in in the shopper's language: a lock-out's sentence is written anew with its wait in that language. */
export function authnRefusalIn(language: Language, result: Exclude<AuthnResult, { status: 'SUCCESS' }>): string {
  if (result.status === 'LOCKED_OUT' && result.retryAfterSeconds > 0)
    return waitRefusal('attempts', result.retryAfterSeconds, language, 'seconds-then-minutes');
  return serverT(language, 'account')(result.message);
}

async function clientAllowed(clientKey: string) {
  return hitRateLimit(`signin:client:${clientKey}`, signInClientRule());
}

/** Primary authentication with a password (POST /api/v1/authn). */
export async function authenticateWithPassword(input: {
  email: string;
  password: string;
  remember: boolean;
  clientKey: string;
}): Promise<AuthnResult> {
  const email = normalizeEmail(input.email);
  const accountBucket = `signin:account:${email}`;
  // Only the client that failed waits (decision 0065): the owner elsewhere is never locked out by it.
  const pairBucket = `signin:pair:${email}:${input.clientKey}`;
  const client = await clientAllowed(input.clientKey);
  if (!client.allowed) return counted('password', lockedOut(client.retryAfterSeconds));
  const wait = await secondsUntilNextTry(pairBucket);
  if (wait > 0) return counted('password', lockedOut(wait));
  const account = await peekRateLimit(accountBucket, RATE_RULES.signInFailuresPerAccount);
  if (!account.allowed) await new Promise((resolve) => setTimeout(resolve, ACCOUNT_PAUSE_MS));

  const customer = await customerByEmail(email);
  const ok = await verifyPassword(customer?.password_hash, input.password);
  if (!customer || !ok) {
    await hitRateLimit(accountBucket, RATE_RULES.signInFailuresPerAccount);
    await recordFailure(pairBucket, PASSWORD_DELAY);
    const reason = customer ? 'password' : 'unknown-email';
    log.info('sign-in failed', { reason });
    return counted('password', { status: 'INVALID', message: INVALID_CREDENTIALS_MESSAGE }, reason);
  }
  await clearFailures(pairBucket);
  const sessionToken = await issueSessionToken(customer.id, { remember: input.remember, method: 'password' });
  return counted('password', { status: 'SUCCESS', sessionToken, customerId: customer.id });
}

/**
 * Sends a 6-digit one-time passcode to the outbox. Answers the same for unknown emails, in the same time: the
 * limits are checked before the answer, the account is looked up and its code written after it (decision 0050).
 */
export async function sendPasscode(input: {
  email: string;
  clientKey: string;
}): Promise<{ status: 'SENT' } | Exclude<AuthnResult, { status: 'SUCCESS' }>> {
  const email = normalizeEmail(input.email);
  const client = await clientAllowed(input.clientKey);
  if (!client.allowed) return lockedOut(client.retryAfterSeconds);
  const sent = await hitCodeSendLimits('otp', email, input.clientKey);
  if (!sent.allowed) return lockedOut(sent.retryAfterSeconds);
  runAfterResponse('one-time passcode', () => writePasscode(email));
  return { status: 'SENT' };
}

async function writePasscode(email: string) {
  const customer = await customerByEmail(email);
  if (!customer) return;
  const code = sixDigitCode();
  const now = new Date();
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .insertInto('one_time_passcodes')
        .values({
          customer_id: customer.id,
          code_hash: sha256(`${customer.id}:${code}`),
          expires_at: new Date(now.getTime() + PASSCODE_TTL_MS).toISOString(),
          attempts: 0,
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      await queueMessage(tx, {
        kind: 'sign-in-code',
        to: customer.email,
        bannerId: customer.banner_id,
        data: { code, minutes: PASSCODE_TTL_MS / 60_000 },
      });
    });
}

/** Verifies the latest passcode: single use, 10 minutes, 5 tries a client and 10 from all clients. */
export async function verifyPasscode(input: {
  email: string;
  passCode: string;
  remember: boolean;
  clientKey: string;
}): Promise<AuthnResult> {
  const client = await clientAllowed(input.clientKey);
  if (!client.allowed) return counted('otp', lockedOut(client.retryAfterSeconds));
  const guesses = `otp:verify:${normalizeEmail(input.email)}:${input.clientKey}`;
  const wait = await secondsUntilNextTry(guesses);
  if (wait > 0) return counted('otp', lockedOut(wait));
  const customer = await customerByEmail(input.email);
  const invalid: AuthnResult = { status: 'INVALID', message: INVALID_PASSCODE_MESSAGE };
  if (!customer || !/^\d{6}$/.test(input.passCode)) {
    await recordFailure(guesses, CODE_DELAY);
    return counted('otp', invalid, customer ? 'code' : 'unknown-email');
  }
  const latest = await db()
    .selectFrom('one_time_passcodes')
    .selectAll()
    .where('customer_id', '=', customer.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const used = await claimLatestCode(
    'one_time_passcodes',
    latest,
    sha256(`${customer.id}:${input.passCode}`),
    PASSCODE_MAX_ATTEMPTS,
  );
  if (used === 'locked') {
    return counted('otp', {
      status: 'LOCKED_OUT',
      retryAfterSeconds: 0,
      message: 'Too many wrong codes. Ask for a new code.',
    });
  }
  if (used === 'invalid') {
    await recordFailure(guesses, CODE_DELAY);
    return counted('otp', invalid, 'code');
  }
  await clearFailures(guesses);
  const sessionToken = await issueSessionToken(customer.id, { remember: input.remember, method: 'otp' });
  return counted('otp', { status: 'SUCCESS', sessionToken, customerId: customer.id });
}
