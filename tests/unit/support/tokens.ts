import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { TokenVerifier } from '~/modules/access/token.server';

export const TEST_ISSUER = 'http://idp.test';
export const TEST_AUDIENCE = 'pantry-storefront';

/** A key pair the tests issue tokens with, the verifier that trusts only it, and its public key set. */
export async function testIssuer(kid = 'test-key') {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256' };
  const verifier: TokenVerifier = {
    keys: createLocalJWKSet({ keys: [jwk] }),
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
  };
  async function issue(
    claims: Record<string, unknown> = {},
    options: { expiresInSeconds?: number; issuer?: string; audience?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ customerId: '500001', firstName: 'Jordan', scope: 'openid shop', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject('7d1c9c2e-1111-4222-a333-444455556666')
      .setIssuer(options.issuer ?? TEST_ISSUER)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (options.expiresInSeconds ?? 900))
      .sign(privateKey);
  }
  return { verifier, issue, jwks: { keys: [jwk] } };
}
