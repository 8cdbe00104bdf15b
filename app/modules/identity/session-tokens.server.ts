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
      code_challenge: null,
    })
    .execute();
  return token;
}

/**
 * Ties a token the storefront issued to the PKCE challenge of the sign-in transaction it starts with it,
 * before the token leaves the server, and only once. The provider redeems a token on that authorize request
 * alone: a token from the public /api/v1/authn, bound to nothing, signs no browser in (decision 0062).
 */
export async function bindSessionToken(token: string, codeChallenge: string): Promise<void> {
  if (!token || token.length > 200) return;
  await db()
    .updateTable('session_tokens')
    .set({ code_challenge: codeChallenge })
    .where('token_hash', '=', sha256(token))
    .where('code_challenge', 'is', null)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Marks the token used and returns who it names, when it is bound to this authorize request's PKCE challenge;
 * a used, expired, unknown or unbound token, or one bound to another request, yields null.
 */
export async function redeemSessionToken(token: string, codeChallenge: string) {
  if (!token || token.length > 200 || !codeChallenge) return null;
  const now = new Date().toISOString();
  const row = await db()
    .updateTable('session_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('code_challenge', '=', codeChallenge)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['customer_id', 'remember', 'method'])
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, remember: row.remember === 1, method: row.method } : null;
}
