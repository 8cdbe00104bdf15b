import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { db } from '~/db/db.server';
import { log } from '~/modules/config/logger.server';
import type { RelyingParty } from './relying-party.server';

/** A sign-in challenge lives two minutes and is spent by the first response that presents it. */
export const SIGN_IN_CHALLENGE_TTL_MS = 2 * 60_000;

export const PASSKEY_SIGN_IN_FAILED = "We couldn't sign you in with that passkey. Try again, or use your password.";
export const PASSKEY_CHALLENGE_EXPIRED = 'That passkey request expired or was already used. Please try again.';

/** Options for a discoverable-credential sign-in: no allow list, the authenticator offers its passkeys. */
export async function passkeySignInOptions(
  rp: RelyingParty,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    timeout: SIGN_IN_CHALLENGE_TTL_MS,
  });
  await db()
    .insertInto('webauthn_challenges')
    .values({
      challenge: options.challenge,
      rp_id: rp.rpId,
      origin: rp.origin,
      expires_at: new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  // Spent and lapsed challenges are of no further use; keep the table small.
  await db()
    .deleteFrom('webauthn_challenges')
    .where('expires_at', '<', new Date(now.getTime() - SIGN_IN_CHALLENGE_TTL_MS).toISOString())
    .execute();
  return options;
}

function challengeOf(response: AuthenticationResponseJSON): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

export type PasskeySignIn =
  | { ok: true; customerId: number; factorId: string }
  | { ok: false; code: 'CHALLENGE_EXPIRED' | 'PASSKEY_INVALID'; message: string };

/**
 * Verifies a passkey assertion: the challenge must be one this host issued, unspent and unexpired
 * (it is spent here, whatever happens next); the credential must be an active factor of this rpId;
 * signature, origin, rpId, user verification and the signature counter are checked by
 * @simplewebauthn/server, and the new counter is stored.
 */
export async function verifyPasskeySignIn(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<PasskeySignIn> {
  const invalid: PasskeySignIn = { ok: false, code: 'PASSKEY_INVALID', message: PASSKEY_SIGN_IN_FAILED };
  const challenge = challengeOf(response);
  if (!challenge) return invalid;
  const spent = await db()
    .updateTable('webauthn_challenges')
    .set({ used_at: now.toISOString() })
    .where('challenge', '=', challenge)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('rp_id', '=', rp.rpId)
    .where('origin', '=', rp.origin)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    return { ok: false, code: 'CHALLENGE_EXPIRED', message: PASSKEY_CHALLENGE_EXPIRED };
  }
  const factor = await db()
    .selectFrom('customer_factors')
    .innerJoin('customers', 'customers.id', 'customer_factors.customer_id')
    .select([
      'customer_factors.id',
      'customer_factors.customer_id',
      'customer_factors.credential_id',
      'customer_factors.public_key',
      'customer_factors.counter',
      'customer_factors.transports',
      'customers.uuid',
    ])
    .where('customer_factors.credential_id', '=', response.id)
    .where('customer_factors.status', '=', 'ACTIVE')
    .where('customer_factors.rp_id', '=', rp.rpId)
    .executeTakeFirst();
  if (!factor?.credential_id || !factor.public_key) return invalid;
  // A discoverable credential names its user; it must be the factor's owner.
  const userHandle = response.response.userHandle;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== factor.uuid) return invalid;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: factor.credential_id,
        publicKey: new Uint8Array(Buffer.from(factor.public_key, 'base64url')),
        counter: Number(factor.counter),
        transports: factor.transports ? (factor.transports.split(',') as AuthenticatorTransport[]) : undefined,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    log.info('passkey sign-in refused', { reason: error instanceof Error ? error.message : String(error) });
    return invalid;
  }
  if (!verification.verified) return invalid;
  await db()
    .updateTable('customer_factors')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where('id', '=', factor.id)
    .where('customer_id', '=', factor.customer_id)
    .execute();
  return { ok: true, customerId: factor.customer_id, factorId: factor.id };
}
