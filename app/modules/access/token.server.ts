import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { identityConfig } from '~/modules/config/env.server';
import { DependencyUnavailableError } from '~/modules/http/dependency-unavailable';
import { grantIsLive } from '~/modules/identity/grants.server';
import { PROVIDER_KEYS, providerKeySet } from './provider-keys.server';
import { STAFF_CLAIM_MAX_STORES } from './staff-access';

/** The scope a token needs for full shopping (C); a token without it is "low scope" (R). */
export const SHOP_SCOPE = 'shop';
/** Spec section 5: scope 'used_credentials' marks an elevated sign-in. */
export const ELEVATED_SCOPE = 'used_credentials';

export const customerClaimsSchema = z.object({
  sub: z.string().min(1),
  customerId: z.union([z.string(), z.number()]).transform(String),
  firstName: z.string().default(''),
  hhid: z.string().optional(),
  clubCard: z.string().optional(),
  scope: z.string().default(''),
  exp: z.number(),
  iat: z.number().optional(),
  /** When the customer last presented credentials (seconds); the elevated sign-in rule reads it. */
  auth_time: z.number().optional(),
  uuid: z.string().optional(),
  /** The provider grant the token was issued under: gone means signed out or revoked (grants.server). */
  gid: z.string().max(200).optional(),
  /**
   * Store staff roles per store (decision 0079), absent from a shopper's token. Role names stay strings here:
   * a role the provider knows and this storefront does not yet must not make the whole token invalid.
   */
  staff: z
    .array(z.object({ store: z.number().int(), roles: z.array(z.string().max(40)).max(10) }))
    .max(STAFF_CLAIM_MAX_STORES)
    .optional(),
});
export type CustomerClaims = z.infer<typeof customerClaimsSchema>;

export type TokenCheck =
  | { status: 'active'; claims: CustomerClaims; elevated: boolean }
  | { status: 'expired' | 'low-scope'; claims: CustomerClaims }
  | { status: 'invalid' };

export interface TokenVerifier {
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  now?: () => Date;
}

function scopesOf(claims: CustomerClaims): string[] {
  return claims.scope.split(/\s+/).filter(Boolean);
}

function toClaims(payload: JWTPayload | undefined): CustomerClaims | null {
  const parsed = customerClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** jose's verdicts on the token itself: malformed, badly signed, a key the provider never had, wrong claims. */
const TOKEN_FAULTS = new Set([
  'ERR_JWS_INVALID',
  'ERR_JWT_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/**
 * Verifies signature, issuer and audience with the provider's keys, then expiry. An expired token
 * with a good signature still identifies a registered customer (R); a bad one identifies nobody.
 * Any other failure (the key set unreachable, slow, failing or malformed) is thrown as an outage:
 * the request answers 503 and the customer stays signed in (decision 0064).
 */
export async function checkAccessToken(token: string, verifier: TokenVerifier): Promise<TokenCheck> {
  let verified: Verified;
  try {
    verified = await verifiedPayload(token, verifier);
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      // jose checks the signature before the claims, so this payload is authentic.
      const claims = toClaims(error.payload);
      return claims ? { status: 'expired', claims } : { status: 'invalid' };
    }
    if (error instanceof errors.JOSEError && TOKEN_FAULTS.has(error.code)) return { status: 'invalid' };
    throw error instanceof DependencyUnavailableError
      ? error
      : new DependencyUnavailableError(PROVIDER_KEYS, { cause: error });
  }
  // Parsed once per remembered token; each request gets its own copy (the claims are flat values).
  verified.claims ??= toClaims(verified.payload);
  if (!verified.claims) return { status: 'invalid' };
  const claims = { ...verified.claims };
  const scopes = scopesOf(claims);
  if (!scopes.includes(SHOP_SCOPE)) return { status: 'low-scope', claims };
  // A signed-out or revoked session's token is refused by every process, before it expires. Outside the
  // try: a database that cannot answer is an outage (503), never a reason to sign the customer out.
  if (claims.gid && !(await grantIsLive(claims.gid))) return { status: 'invalid' };
  return { status: 'active', claims, elevated: scopes.includes(ELEVATED_SCOPE) };
}

/**
 * The signature check of one exact token string, remembered for at most a minute and never within the
 * last second before it expires (decision 0027): an ES256 verify is the costliest step of a signed-in
 * page served from the private cache. Expiry (by jose again near the end), scope and the grant are still
 * checked on every request; a key the provider withdraws stops being trusted within the minute.
 */
const VERIFIED_FOR_MS = 60_000;
const VERIFIED_MAX = 10_000;
interface Verified {
  payload: JWTPayload;
  /** The payload's claims, parsed on first use; null when they do not parse. */
  claims?: CustomerClaims | null;
}
const verifiedTokens = new WeakMap<TokenVerifier, Map<string, Verified & { until: number }>>();

async function verifiedPayload(token: string, verifier: TokenVerifier): Promise<Verified> {
  const now = (verifier.now?.() ?? new Date()).getTime();
  let memo = verifiedTokens.get(verifier);
  const known = memo?.get(token);
  if (known && now < known.until) return known;
  const { payload } = await jwtVerify(token, verifier.keys, {
    issuer: verifier.issuer,
    audience: verifier.audience,
    currentDate: verifier.now?.(),
    clockTolerance: 0,
  });
  const until = Math.min(now + VERIFIED_FOR_MS, typeof payload.exp === 'number' ? payload.exp * 1000 - 1000 : now);
  if (until > now) {
    if (!memo) verifiedTokens.set(verifier, (memo = new Map()));
    if (memo.size >= VERIFIED_MAX) memo.clear();
    const entry = { payload, until };
    memo.set(token, entry);
    return entry;
  }
  return { payload };
}

let remoteVerifier: TokenVerifier | undefined;

/** The storefront's verifier: the identity provider's JWKS, kept and refreshed in the background. */
export function identityProviderVerifier(): TokenVerifier {
  if (!remoteVerifier) {
    const { issuer, clientId } = identityConfig();
    remoteVerifier = {
      keys: providerKeySet(new URL('/oauth2/v1/keys', issuer)),
      issuer,
      audience: clientId,
    };
  }
  return remoteVerifier;
}

/** Spec section 4: a token is active while its expiry is later than now. */
export function isTokenActive(expiresAtSeconds: number, now: Date = new Date()): boolean {
  return expiresAtSeconds * 1000 > now.getTime();
}
