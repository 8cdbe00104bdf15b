import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { db } from '~/db/db.server';
import type { CustomerFactorTable } from '~/db/schema';
import { log } from '~/modules/config/logger.server';
import { DEFAULT_PASSKEY_NAME, type ActivateFactorBody, type FactorSummary } from './factor-schema';
import type { RelyingParty } from './relying-party.server';

/** How long the browser has to make the credential after create factor. */
export const REGISTRATION_CHALLENGE_TTL_MS = 5 * 60_000;

export type FactorRefusal = { ok: false; status: 404 | 409 | 400; code: string; message: string };

export interface FactorActivation extends PublicKeyCredentialCreationOptionsJSON {
  /** Okta's legacy U2F block; WebAuthn browsers ignore it. */
  u2fParams: { appid: string };
}

const NOT_FOUND: FactorRefusal = {
  ok: false,
  status: 404,
  code: 'FACTOR_NOT_FOUND',
  message: 'We could not find that passkey.',
};

function summary(row: CustomerFactorTable): FactorSummary {
  return {
    id: row.id,
    factorType: row.factor_type,
    provider: row.provider,
    status: row.status,
    name: row.name,
    created: row.created_at,
    lastUsed: row.last_used_at,
  };
}

function ownFactor(customerId: number, factorId: string) {
  return db()
    .selectFrom('customer_factors')
    .selectAll()
    .where('id', '=', factorId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Spec section 7, list factors: the customer's passkeys, newest first. */
export async function listFactors(customerId: number): Promise<FactorSummary[]> {
  const rows = await db()
    .selectFrom('customer_factors')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(summary);
}

/**
 * Spec section 7, create factor (webauthn / FIDO): a pending factor holding a fresh registration
 * challenge, and the activation the browser hands to navigator.credentials.create.
 */
export async function createFactor(
  customerId: number,
  rp: RelyingParty,
  input: { name?: string },
  now = new Date(),
): Promise<{ ok: true; id: string; status: 'PENDING_ACTIVATION'; activation: FactorActivation } | FactorRefusal> {
  const customer = await db()
    .selectFrom('customers')
    .select(['uuid', 'email', 'first_name', 'last_name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer)
    return { ok: false, status: 404, code: 'CUSTOMER_NOT_FOUND', message: 'We could not find your account.' };
  // A pending factor whose challenge lapsed can never be activated: drop it rather than list it.
  await db()
    .deleteFrom('customer_factors')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'PENDING_ACTIVATION')
    .where('challenge_expires_at', '<=', now.toISOString())
    .execute();
  const existing = await db()
    .selectFrom('customer_factors')
    .select(['credential_id', 'transports'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'ACTIVE')
    .where('rp_id', '=', rp.rpId)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: customer.email,
    userDisplayName: `${customer.first_name} ${customer.last_name}`.trim(),
    // The same user handle for every passkey of a customer: a passkey sign-in names its owner by it.
    userID: new TextEncoder().encode(customer.uuid),
    timeout: REGISTRATION_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing
      .filter((row) => row.credential_id)
      .map((row) => ({
        id: row.credential_id!,
        transports: row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined,
      })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const id = `fido${randomBytes(12).toString('base64url')}`;
  await db()
    .insertInto('customer_factors')
    .values({
      id,
      customer_id: customerId,
      factor_type: 'webauthn',
      provider: 'FIDO',
      status: 'PENDING_ACTIVATION',
      name: input.name || DEFAULT_PASSKEY_NAME,
      rp_id: rp.rpId,
      origin: rp.origin,
      challenge: options.challenge,
      challenge_expires_at: new Date(now.getTime() + REGISTRATION_CHALLENGE_TTL_MS).toISOString(),
      credential_id: null,
      public_key: null,
      counter: 0,
      transports: '',
      created_at: now.toISOString(),
      activated_at: null,
      last_used_at: null,
    })
    .execute();
  return { ok: true, id, status: 'PENDING_ACTIVATION', activation: { ...options, u2fParams: { appid: rp.origin } } };
}

/**
 * Spec section 7, activate: verifies the attestation against the factor's own challenge, this
 * host's origin and rpId, then stores the credential. The challenge is spent on the first try.
 */
export async function activateFactor(
  customerId: number,
  factorId: string,
  rp: RelyingParty,
  body: ActivateFactorBody,
  now = new Date(),
): Promise<{ ok: true; factor: FactorSummary } | FactorRefusal> {
  const row = await ownFactor(customerId, factorId);
  if (!row) return NOT_FOUND;
  if (row.status !== 'PENDING_ACTIVATION' || !row.challenge) {
    return { ok: false, status: 409, code: 'FACTOR_ALREADY_ACTIVE', message: 'That passkey is already set up.' };
  }
  // Single use: whatever the outcome, this challenge cannot be presented again.
  const spent = await db()
    .updateTable('customer_factors')
    .set({ challenge: null })
    .where('id', '=', row.id)
    .where('customer_id', '=', customerId)
    .where('challenge', '=', row.challenge)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    return { ok: false, status: 409, code: 'FACTOR_ALREADY_ACTIVE', message: 'That passkey is already set up.' };
  }
  if (!row.challenge_expires_at || row.challenge_expires_at <= now.toISOString()) {
    return {
      ok: false,
      status: 400,
      code: 'CHALLENGE_EXPIRED',
      message: 'That passkey request expired. Start again to add a passkey.',
    };
  }
  const invalid: FactorRefusal = {
    ok: false,
    status: 400,
    code: 'ATTESTATION_INVALID',
    message: 'We could not verify that passkey. Please try again.',
  };
  // The factor was created for one banner host; activating it from another is refused.
  if (row.rp_id !== rp.rpId || row.origin !== rp.origin) return invalid;
  const credentialId = body.credentialId ?? '';
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          attestationObject: body.attestation,
          clientDataJSON: body.clientData,
          transports: body.transports as AuthenticatorTransport[] | undefined,
        },
        clientExtensionResults: {},
      },
      expectedChallenge: row.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    log.info('passkey activation refused', { reason: error instanceof Error ? error.message : String(error) });
    verification = null;
  }
  if (!verification?.verified) return invalid;
  const { credential } = verification.registrationInfo;
  const taken = await db()
    .selectFrom('customer_factors')
    .select('id')
    .where('credential_id', '=', credential.id)
    .executeTakeFirst();
  if (taken) return { ok: false, status: 409, code: 'CREDENTIAL_EXISTS', message: 'That passkey is already set up.' };
  await db()
    .updateTable('customer_factors')
    .set({
      status: 'ACTIVE',
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (body.transports ?? credential.transports ?? []).join(','),
      activated_at: now.toISOString(),
      challenge_expires_at: null,
    })
    .where('id', '=', row.id)
    .where('customer_id', '=', customerId)
    .execute();
  const activated = await ownFactor(customerId, factorId);
  return { ok: true, factor: summary(activated!) };
}

/** Removes one of the customer's factors; another customer's factor is simply not found. */
export async function removeFactor(customerId: number, factorId: string): Promise<{ ok: true } | FactorRefusal> {
  const result = await db()
    .deleteFrom('customer_factors')
    .where('id', '=', factorId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? { ok: true } : NOT_FOUND;
}
