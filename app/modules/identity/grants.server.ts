import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';

/**
 * Revocation that holds on every process (decision 0021). Each access token names the provider grant
 * it came from (claim `gid`); the grant lives in the shared database (oidc_payloads, model Grant)
 * until sign-out, token revocation, refresh-token reuse or logout destroys it. A token whose grant is
 * gone is refused at once by every storefront process, not only when it expires 45 minutes later.
 */
const grantExpiry = compiledOnce((db, grantId: string) =>
  db
    .selectFrom('oidc_payloads')
    .select(['expires_at'])
    .where('model', '=', 'Grant')
    .where('id', '=', grantId)
    .compile(),
);

/** Whether the grant is still there and unexpired: every signed-in request asks (compiled once). */
export async function grantIsLive(grantId: string): Promise<boolean> {
  const [row] = await grantExpiry(db(), grantId);
  return Boolean(row && (!row.expires_at || row.expires_at > new Date().toISOString()));
}

/** Ends a grant and every token issued under it, as the provider's own revocation does. */
export async function endGrant(grantId: string): Promise<void> {
  await db()
    .deleteFrom('oidc_payloads')
    .where((eb) => eb.or([eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)]), eb('grant_id', '=', grantId)]))
    .execute();
}
