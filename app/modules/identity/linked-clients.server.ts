import { db } from '~/db/db.server';
import { identityConfig } from '~/modules/config/env.server';
import { ASSISTANT_CLIENT_ID } from './assistant-sign-in.server';
import { endGrant } from './grants.server';
import { accessInWords, type RequestedAccess } from './linked-client-access';

/**
 * Clients a customer linked to their account (decision 0066): every provider grant of theirs that is
 * not the storefront's own. Each was allowed on the consent page; the account page lists them and
 * revokes one, which ends its grant and every token issued under it.
 */
const CLIENT_NAMES: Record<string, string> = { [ASSISTANT_CLIENT_ID]: 'Pantry Assistant' };

/** The name a shopper knows a client by (the consent page and the account page both show it). */
export function linkedClientName(clientId: string): string {
  return CLIENT_NAMES[clientId] ?? clientId;
}

/** The part of oidc-provider's Grant payload read here. */
interface GrantPayload {
  clientId?: string;
  iat?: number;
  openid?: { scope?: string; claims?: string[] };
  resources?: Record<string, string>;
}

/** What a grant holds: its OpenID scopes and claims, and the scopes of every resource server. */
export function accessOfGrant(grant: GrantPayload): RequestedAccess {
  const words = (scope: string | undefined) => (scope ?? '').split(' ').filter(Boolean);
  return {
    scopes: [...words(grant.openid?.scope), ...Object.values(grant.resources ?? {}).flatMap(words)],
    claims: grant.openid?.claims ?? [],
  };
}

export interface LinkedClient {
  grantId: string;
  clientId: string;
  name: string;
  access: string[];
  /** When the customer allowed it (ISO 8601). */
  linkedAt: string;
}

/** The customer's live grants of other clients than the storefront, newest first. */
export async function linkedClients(customerId: number): Promise<LinkedClient[]> {
  const now = new Date().toISOString();
  const rows = await db()
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Grant')
    .where('account_id', '=', String(customerId))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  const storefront = identityConfig().clientId;
  return rows
    .map((row) => ({ id: row.id, grant: JSON.parse(row.payload) as GrantPayload }))
    .filter(({ grant }) => grant.clientId && grant.clientId !== storefront)
    .sort((a, b) => (b.grant.iat ?? 0) - (a.grant.iat ?? 0))
    .map(({ id, grant }) => ({
      grantId: id,
      clientId: grant.clientId!,
      name: linkedClientName(grant.clientId!),
      access: accessInWords(accessOfGrant(grant)),
      linkedAt: new Date((grant.iat ?? 0) * 1000).toISOString(),
    }));
}

/**
 * Ends one of the customer's linked clients: its grant and every code and token issued under it. A
 * grant of another customer, or of the storefront itself, is not theirs to end here: false.
 */
export async function unlinkClient(customerId: number, grantId: string): Promise<boolean> {
  const mine = (await linkedClients(customerId)).some((client) => client.grantId === grantId);
  if (!mine) return false;
  await endGrant(grantId);
  return true;
}
