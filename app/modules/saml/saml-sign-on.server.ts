import { z } from 'zod';
import { db } from '~/db/db.server';
import { log } from '~/modules/config/logger.server';
import {
  clearCookie,
  readSignedCookie,
  writeCookie,
  type CookieContext,
} from '~/modules/session/session-cookie.server';
import {
  checkAuthnRequest,
  MAX_RELAY_STATE,
  SAML_PROBLEM_MESSAGES,
  type PendingSamlRequest,
  type SamlProblem,
} from './authn-request.server';
import { signedResponseXml } from './saml-response.server';
import { findServiceProvider, SAML_CONTINUE_PATH } from './service-providers.server';

export { SAML_CONTINUE_PATH };
import { samlSigningKey } from './signing-key.server';

/** How long a checked request waits for the shopper to sign in (a one-time code can take a few minutes). */
const PENDING_SECONDS = 15 * 60;
/** Answered request IDs are kept this long: far longer than a request is accepted (5 minutes). */
const ANSWERED_KEEP_MS = 24 * 3600_000;

const pendingSchema = z.object({
  id: z.string().min(1).max(256),
  spEntityId: z.string().min(1).max(500),
  acs: z.string().url().max(500),
  relayState: z.string().max(MAX_RELAY_STATE).optional(),
});

/** Pantry's entity id as an identity provider: SAML_ENTITY_ID, or its metadata's address on the host asked. */
export function idpEntityId(origin: string): string {
  return process.env.SAML_ENTITY_ID || `${origin}/account/saml/metadata`;
}

export type ReceivedSamlRequest =
  { ok: true; providerName: string; setCookie: string } | { ok: false; problem: SamlProblem; message: string };

async function wasAnswered(spEntityId: string, requestId: string): Promise<boolean> {
  const row = await db()
    .selectFrom('saml_answered_requests')
    .select('request_id')
    .where('sp_entity_id', '=', spEntityId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A SAMLRequest arriving on the sign-in page (decision 0096): checked, then kept in a signed cookie until the
 * shopper is signed in. A request that cannot be used is refused with the shopper's message, and nothing is kept.
 */
export async function receiveSamlRequest(
  samlRequest: string,
  relayState: string | null,
  context: CookieContext,
  now = Date.now(),
): Promise<ReceivedSamlRequest> {
  const check = checkAuthnRequest(samlRequest, relayState, now);
  if (!check.ok) {
    log.info('saml request refused', { problem: check.problem });
    return check;
  }
  if (await wasAnswered(check.request.spEntityId, check.request.id)) {
    log.info('saml request refused', { problem: 'used', sp: check.request.spEntityId });
    return { ok: false, problem: 'used', message: SAML_PROBLEM_MESSAGES.used };
  }
  const setCookie = await writeCookie('samlRequest', check.request, context, { maxAgeSeconds: PENDING_SECONDS });
  return { ok: true, providerName: check.provider.name, setCookie };
}

/** The request this browser is signing in for, when there is one and its provider is still configured. */
export async function readPendingSamlRequest(
  request: Request,
  context: CookieContext,
): Promise<PendingSamlRequest | null> {
  const read = await readSignedCookie(request, 'samlRequest', context.siteType, (value) => {
    const parsed = pendingSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  if (read.status !== 'ok') return null;
  const provider = findServiceProvider(read.value.spEntityId);
  return provider && provider.acs === read.value.acs ? read.value : null;
}

export type SamlAnswer =
  | { ok: true; acs: string; samlResponse: string; relayState: string | null; providerName: string; setCookie: string }
  | { ok: false; message: string; setCookie: string };

/**
 * The signed-in customer's answer to their pending request: the request ID is recorded (once per provider, so a
 * second answer is refused), and a signed Response naming the customer is made for the provider's ACS. The
 * pending cookie is cleared either way.
 */
export async function answerSamlRequest(
  pending: PendingSamlRequest,
  customerId: number,
  input: { origin: string; context: CookieContext; now?: number },
): Promise<SamlAnswer> {
  const setCookie = await clearCookie('samlRequest', input.context);
  const provider = findServiceProvider(pending.spEntityId);
  const customer = await db()
    .selectFrom('customers')
    .select(['uuid', 'email', 'first_name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!provider || !customer) return { ok: false, message: SAML_PROBLEM_MESSAGES['unknown-provider'], setCookie };
  const now = input.now ?? Date.now();
  const answered = await recordAnswer(pending, customerId, now);
  if (!answered) return { ok: false, message: SAML_PROBLEM_MESSAGES.used, setCookie };
  const xml = signedResponseXml({
    idpEntityId: idpEntityId(input.origin),
    request: pending,
    subject: { uuid: customer.uuid, email: customer.email, firstName: customer.first_name },
    key: await samlSigningKey(),
    now,
  });
  log.info('saml response issued', { sp: provider.entityId, customerId });
  return {
    ok: true,
    acs: provider.acs,
    samlResponse: Buffer.from(xml, 'utf8').toString('base64'),
    relayState: pending.relayState ?? null,
    providerName: provider.name,
    setCookie,
  };
}

/** Writes the request's ID as answered; false when it already was (the primary key refuses a second row). */
async function recordAnswer(pending: PendingSamlRequest, customerId: number, now: number): Promise<boolean> {
  await db()
    .deleteFrom('saml_answered_requests')
    .where('answered_at', '<', new Date(now - ANSWERED_KEEP_MS).toISOString())
    .execute();
  const inserted = await db()
    .insertInto('saml_answered_requests')
    .values({
      sp_entity_id: pending.spEntityId,
      request_id: pending.id,
      customer_id: customerId,
      answered_at: new Date(now).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['sp_entity_id', 'request_id']).doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return Boolean(inserted);
}
