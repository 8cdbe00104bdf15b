import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { log } from '~/modules/config/logger.server';
import type { TokenSet } from './oidc-client.server';
import { sha256 } from './secrets.server';

/** How long a spent refresh token's answer is handed to late requests (a page's loaders, other processes). */
export const RENEWAL_REUSE_MS = 30_000;
/** A renewal's holder answers within the provider call's own bound (5 s); waiters give up after this. */
export const RENEWAL_WAIT_MS = 8_000;
const POLL_MS = 40;
const REFUSED = '-';

/**
 * The answer is sealed with a key derived from the spent refresh token itself: only a request that
 * presents that token can open it, and a database reader learns nothing usable.
 */
function keyFor(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, 'pantry-token-renewal', 'tokens', 32));
}

export function sealTokens(tokens: TokenSet, refreshToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openTokens(sealed: string, refreshToken: string): TokenSet | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenSet;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renews a refresh token once across every storefront process (decision 0023). Rotation makes a second
 * use of a spent token look like theft, and the provider then revokes the whole grant; so the first
 * process to arrive claims the token's row (insert, primary key) and calls the provider, and every other
 * process waits for the sealed answer it stores. A holder that died leaves the others with no answer
 * after RENEWAL_WAIT_MS: that shopper becomes R (signs in again) rather than risking a double spend.
 */
export async function renewAcrossProcesses(
  refreshToken: string,
  renew: (refreshToken: string) => Promise<TokenSet | null>,
  conn: Kysely<Database> = db(),
): Promise<TokenSet | null> {
  const key = sha256(refreshToken);
  const now = new Date();
  // Old answers are of no use once their window has passed; keep the table small.
  await conn.deleteFrom('token_renewals').where('expires_at', '<', now.toISOString()).execute();
  const claim = await conn
    .insertInto('token_renewals')
    .values({
      renewal_key: key,
      claimed_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RENEWAL_REUSE_MS).toISOString(),
    })
    .onConflict((oc) => oc.column('renewal_key').doNothing())
    .executeTakeFirst();
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 1) {
    let tokens: TokenSet | null = null;
    try {
      tokens = await renew(refreshToken);
    } finally {
      await conn
        .updateTable('token_renewals')
        .set({ result: tokens ? sealTokens(tokens, refreshToken) : REFUSED })
        .where('renewal_key', '=', key)
        .execute();
    }
    return tokens;
  }
  const deadline = Date.now() + RENEWAL_WAIT_MS;
  while (Date.now() < deadline) {
    const row = await conn
      .selectFrom('token_renewals')
      .select('result')
      .where('renewal_key', '=', key)
      .executeTakeFirst();
    if (!row || row.result === REFUSED) return null;
    if (row.result) return openTokens(row.result, refreshToken);
    await sleep(POLL_MS);
  }
  log.warn('token renewal: no answer from the process renewing it', { waitedMs: RENEWAL_WAIT_MS });
  return null;
}
