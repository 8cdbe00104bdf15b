import { db } from '~/db/db.server';
import { endAccountSessions } from '~/modules/identity/account-sessions.server';
import { customerByEmail, normalizeEmail } from '~/modules/identity/customers.server';
import { OTHER_DEVICES_SIGNED_OUT } from '~/modules/identity/notices';
import { hashPassword } from '~/modules/identity/passwords.server';
import { passwordProblem } from '~/modules/identity/password-rules';
import { queueMessage } from '~/modules/mail/queue.server';

export const EMAIL_IN_USE_MESSAGE = 'That email address already belongs to another account.';

export type ChangeResult = { ok: true; message: string } | { ok: false; field: string; message: string };

/** What the security page shows about how the customer signs in. */
export async function signInDetails(customerId: number) {
  const row = await db()
    .selectFrom('customers')
    .select(['email', 'phone', 'email_verified', 'phone_verified'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: row.email,
    phone: row.phone,
    emailVerified: row.email_verified === 1,
    phoneVerified: row.phone_verified === 1,
  };
}

/** A new email must stay unique; it is unverified until the customer confirms it. */
export async function changeEmail(customerId: number, email: string): Promise<ChangeResult> {
  const next = normalizeEmail(email);
  const owner = await customerByEmail(next);
  if (owner && owner.id !== customerId) return { ok: false, field: 'email', message: EMAIL_IN_USE_MESSAGE };
  if (owner) return { ok: true, message: 'That is already your email address.' };
  const current = await db()
    .selectFrom('customers')
    .select(['email', 'first_name', 'banner_id'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!current) return { ok: false, field: 'email', message: 'We could not find your account.' };
  const changed = await db()
    .transaction()
    .execute(async (tx) => {
      try {
        await tx
          .updateTable('customers')
          .set({ email: next, email_verified: 0 })
          .where('id', '=', customerId)
          .execute();
      } catch {
        // Another account took the address between the check and the update (the unique index said no).
        return false;
      }
      // The old address hears about it, so its owner can act if someone else made the change.
      await queueMessage(tx, {
        kind: 'email-changed',
        to: current.email,
        bannerId: current.banner_id,
        data: { firstName: current.first_name, newEmail: next },
      });
      return true;
    });
  if (!changed) return { ok: false, field: 'email', message: EMAIL_IN_USE_MESSAGE };
  return { ok: true, message: `Your email address is now ${next}.` };
}

/** US mobile numbers: ten digits, stored without punctuation like the rest of the customer records. */
export function normalizePhone(phone: string): string | null {
  let digits = phone.replace(/[\s().+-]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{9}$/.test(digits) ? digits : null;
}

export async function changePhone(customerId: number, phone: string): Promise<ChangeResult> {
  const next = normalizePhone(phone);
  if (!next) return { ok: false, field: 'phone', message: 'Enter a 10-digit US phone number.' };
  await db().updateTable('customers').set({ phone: next, phone_verified: 0 }).where('id', '=', customerId).execute();
  return { ok: true, message: 'Your phone number was updated.' };
}

/**
 * A new password ends the account's sessions on every other device (decision 0064): whoever knew the old
 * one is signed out. `keepGrantId` is the grant of the browser making the change, which stays signed in.
 */
export async function changePassword(
  customerId: number,
  password: string,
  confirm: string,
  keepGrantId: string | undefined,
): Promise<ChangeResult> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, field: 'password', message: problem };
  if (password !== confirm) return { ok: false, field: 'confirm', message: 'The two passwords do not match.' };
  const passwordHash = await hashPassword(password);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', customerId).execute();
      await endAccountSessions(trx, customerId, keepGrantId);
      const customer = await trx
        .selectFrom('customers')
        .select(['email', 'first_name', 'banner_id'])
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (customer) {
        await queueMessage(trx, {
          kind: 'password-changed',
          to: customer.email,
          bannerId: customer.banner_id,
          data: { firstName: customer.first_name },
        });
      }
    });
  return { ok: true, message: `Your password was changed. ${OTHER_DEVICES_SIGNED_OUT}` };
}
