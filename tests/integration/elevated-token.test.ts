import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useRealIdentityProvider } from './support/identity-provider';
import { SIGN_IN_SCOPE } from '~/modules/identity/oidc-client.server';
import { bindSessionToken, issueSessionToken } from '~/modules/identity/session-tokens.server';

const CALLBACK = 'http://localhost:3000/account/auth/callback';

/**
 * The elevated sign-in rule reads auth_time from the access token (docs/decisions/0014): the real
 * provider must put it there at sign-in, and a refresh must keep it rather than renew it.
 */
describe('auth_time in the access token', () => {
  const provider = useRealIdentityProvider('sqlite', ['http://localhost:3000']);

  /** Follows the provider's redirects (with its cookies) until it sends the browser back with a code. */
  async function authorize(sessionToken: string, challenge: string): Promise<string> {
    // As the storefront's startAuthorization does: the token signs in on this request only.
    await bindSessionToken(sessionToken, challenge);
    const jar = new Map<string, string>();
    const url = new URL('/oauth2/v1/authorize', provider.issuer);
    for (const [key, value] of Object.entries({
      client_id: 'pantry-storefront',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: SIGN_IN_SCOPE,
      state: 'brave-otter',
      nonce: 'n-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      // The storefront's own request: no prompt=consent, so no offline_access; the refresh token comes
      // from the credentials sign-in (idp/provider.ts issueRefreshToken).
      sessionToken,
    }))
      url.searchParams.set(key, value);
    let next = url.toString();
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(next, {
        redirect: 'manual',
        headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${next}: ${response.status}`);
      const target = new URL(location, next);
      if (target.toString().startsWith(CALLBACK)) return target.searchParams.get('code') ?? '';
      next = target.toString();
    }
    throw new Error('too many redirects');
  }

  async function token(form: Record<string, string>) {
    const response = await fetch(`${provider.issuer}/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'pantry-storefront', ...form }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; id_token: string; refresh_token?: string };
  }

  it('carries the sign-in time and used_credentials, and a refresh keeps that time', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const before = Math.floor(Date.now() / 1000);
    const sessionToken = await issueSessionToken(500001, { remember: true, method: 'password' });
    const code = await authorize(sessionToken, challenge);
    const tokens = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
    });
    const access = decodeJwt(tokens.access_token);
    expect(String(access.scope).split(' ')).toContain('used_credentials');
    expect(Number(access.auth_time)).toBeGreaterThanOrEqual(before - 1);
    expect(Number(access.auth_time)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(tokens.refresh_token).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    const renewed = decodeJwt(refreshed.access_token);
    expect(Number(renewed.iat)).toBeGreaterThan(Number(access.iat));
    expect(renewed.auth_time).toBe(access.auth_time);
  });
});
