import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/db/schema';

/** Whether a provider session (its JSON payload) holds the grant: the session of the browser that keeps it. */
function sessionHoldsGrant(payload: string, grantId: string): boolean {
  try {
    const { authorizations } = JSON.parse(payload) as { authorizations?: Record<string, { grantId?: unknown }> };
    return Object.values(authorizations ?? {}).some((authorization) => authorization?.grantId === grantId);
  } catch {
    return false;
  }
}

/**
 * Ends every provider session, grant, code and refresh token of the account except the grant `keepGrantId`
 * and the session that holds it (decision 0064). The rows live in the shared database: every storefront
 * process refuses a token of an ended grant on its next request (grants.server), the provider refuses its
 * refresh token, and a browser whose provider session is gone cannot be signed in again silently.
 * One-time sessionTokens not yet redeemed die too: one obtained with the old password must not sign in.
 */
export async function endAccountSessions(
  conn: Kysely<Database> | Transaction<Database>,
  customerId: number,
  keepGrantId?: string,
): Promise<void> {
  const accountId = String(customerId);
  const keep = keepGrantId ?? '';
  // Rows issued under an ended grant, whether or not they name the account (an interaction in flight).
  await conn
    .deleteFrom('oidc_payloads')
    .where('grant_id', 'in', (eb) =>
      eb
        .selectFrom('oidc_payloads as grants')
        .select('grants.id')
        .where('grants.model', '=', 'Grant')
        .where('grants.account_id', '=', accountId)
        .where('grants.id', '<>', keep),
    )
    .execute();
  // The grants themselves and anything else of the account, except the kept grant and what it issued.
  await conn
    .deleteFrom('oidc_payloads')
    .where('account_id', '=', accountId)
    .where('model', '<>', 'Session')
    .where((eb) =>
      eb.and([
        eb.not(eb.and([eb('model', '=', 'Grant'), eb('id', '=', keep)])),
        eb.or([eb('grant_id', 'is', null), eb('grant_id', '<>', keep)]),
      ]),
    )
    .execute();
  const sessions = await conn
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('account_id', '=', accountId)
    .execute();
  const ended = sessions.filter((session) => !keepGrantId || !sessionHoldsGrant(session.payload, keepGrantId));
  if (ended.length > 0) {
    await conn
      .deleteFrom('oidc_payloads')
      .where('model', '=', 'Session')
      .where(
        'id',
        'in',
        ended.map((session) => session.id),
      )
      .execute();
  }
  await conn
    .updateTable('session_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .execute();
}
