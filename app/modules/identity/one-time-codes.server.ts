import { db } from '~/db/db.server';
import { sameHash } from './secrets.server';

/** The tables of hashed six-digit codes: sign-in passcodes and email/phone verification codes. */
export type OneTimeCodeTable = 'one_time_passcodes' | 'verification_codes';

interface CodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  used_at: string | null;
  expires_at: string;
}

/**
 * Uses the latest code sent, if the one typed matches it: unused, unexpired and under its tries
 * ('locked' once they are spent). A wrong code spends a try; single use, so of two requests with
 * the right code only the one that marks it used gets 'ok'.
 */
export async function claimLatestCode(
  table: OneTimeCodeTable,
  latest: CodeRow | undefined,
  typedHash: string,
  maxAttempts: number,
): Promise<'ok' | 'invalid' | 'locked'> {
  const now = new Date().toISOString();
  if (!latest || latest.used_at || latest.expires_at <= now) return 'invalid';
  if (latest.attempts >= maxAttempts) return 'locked';
  if (!sameHash(latest.code_hash, typedHash)) {
    await db()
      .updateTable(table)
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', latest.id)
      .execute();
    return 'invalid';
  }
  const claimed = await db()
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed ? 'ok' : 'invalid';
}
