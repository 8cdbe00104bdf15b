import { db } from '~/db/db.server';
import { randomToken, sha256 } from './secrets.server';

/** A sessionToken from primary authentication lives five minutes and is redeemed once. */
export const SESSION_TOKEN_TTL_MS = 5 * 60_000;

export async function issueSessionToken(
  customerId: number,
  options: { remember: boolean; method: 'password' | 'otp' | 'registration' | 'reset' | 'passkey' },
) {
  const token = randomToken();
  await db()
    .insertInto('session_tokens')
    .values({
      token_hash: sha256(token),
      customer_id: customerId,
      remember: options.remember ? 1 : 0,
      method: options.method,
      expires_at: new Date(Date.now() + SESSION_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks the token used and returns who it names; a used, expired or unknown token yields null. */
export async function redeemSessionToken(token: string) {
  if (!token || token.length > 200) return null;
  const now = new Date().toISOString();
  const row = await db()
    .updateTable('session_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['customer_id', 'remember', 'method'])
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, remember: row.remember === 1, method: row.method } : null;
}
