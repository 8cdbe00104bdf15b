import { db } from '~/db/db.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { endAccountSessions } from './account-sessions.server';
import { runAfterResponse } from './run-after-response.server';
import { customerByEmail, normalizeEmail } from './customers.server';
import { hashPassword } from './passwords.server';
import { hitCodeSendLimits } from './rate-limit.server';
import { randomToken, sha256 } from './secrets.server';
import { issueSessionToken } from './session-tokens.server';

export const RESET_TTL_MS = 30 * 60_000;
export type ResetSource = 'web' | 'health';

/**
 * Sends a reset link to the outbox when the account exists; the caller says the same thing either way. Only the
 * rate limit, the same for every email, is counted before the answer: finding the account and writing its link
 * happen after it (decision 0050), so the answer takes as long for an unknown email as for a real one.
 */
export async function requestPasswordReset(input: {
  email: string;
  origin: string;
  source: ResetSource;
  clientKey: string;
}) {
  const email = normalizeEmail(input.email);
  // Per account and client, so another client cannot spend the owner's links (decision 0065).
  const allowed = await hitCodeSendLimits('reset', email, input.clientKey);
  if (allowed.allowed) runAfterResponse('password reset link', () => sendResetLink(email, input));
}

async function sendResetLink(email: string, input: { origin: string; source: ResetSource }) {
  const customer = await customerByEmail(email);
  if (!customer) return;
  const token = randomToken();
  const link = `${input.origin}/account/reset-password?token=${encodeURIComponent(token)}`;
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .insertInto('password_resets')
        .values({
          token_hash: sha256(token),
          customer_id: customer.id,
          source: input.source,
          expires_at: new Date(Date.now() + RESET_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      await queueMessage(tx, {
        kind: 'password-reset',
        to: customer.email,
        bannerId: customer.banner_id,
        data: { link, minutes: RESET_TTL_MS / 60_000 },
      });
    });
}

/** Whether a reset token can still be used (unused, not expired), without using it. */
export async function resetTokenIsUsable(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db()
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/** Uses the token once, sets the new password, ends every session, and returns a sessionToken for the automatic sign-in. */
export async function completePasswordReset(token: string, password: string, remember = true) {
  const now = new Date().toISOString();
  const used = await db()
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['customer_id', 'source'])
    .executeTakeFirst();
  if (!used) return null;
  const passwordHash = await hashPassword(password);
  // Every session of the account ends, this browser's too: the new sign-in below is the only one (decision 0064).
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('customers')
        .set({ password_hash: passwordHash })
        .where('id', '=', used.customer_id)
        .execute();
      await endAccountSessions(trx, used.customer_id);
    });
  const sessionToken = await issueSessionToken(used.customer_id, { remember, method: 'reset' });
  return { sessionToken, source: used.source as ResetSource };
}
