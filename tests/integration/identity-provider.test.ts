import { describe, expect, it } from 'vitest';
import { useRealIdentityProvider } from './support/identity-provider';

/** The real provider process code, on its own port, against a seeded SQLite database. */
describe('identity provider', () => {
  const provider = useRealIdentityProvider('sqlite', ['http://localhost:3000']);

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${provider.issuer}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('publishes its discovery document with the Okta-style paths and its JWKS', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/oauth2/v1/authorize`,
      token_endpoint: `${provider.issuer}/oauth2/v1/token`,
      jwks_uri: `${provider.issuer}/oauth2/v1/keys`,
      end_session_endpoint: `${provider.issuer}/oauth2/v1/logout`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = await (await fetch(`${provider.issuer}/oauth2/v1/keys`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('answers /api/v1/authn with a sessionToken, or 401 with the same body for any failure', async () => {
    const ok = await post('/api/v1/authn', { username: 'jordan@pantry.test', password: 'Pantry-demo-2026' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'SUCCESS', sessionToken: expect.any(String) });
    const wrong = await post('/api/v1/authn', { username: 'jordan@pantry.test', password: 'nope-1234' });
    const unknown = await post('/api/v1/authn', { username: 'ghost@pantry.test', password: 'nope-1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await fetch(`${provider.issuer}/api/v1/authn`, { method: 'POST', body: 'username=x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000003' });
  });

  it('answers 404 to lifecycle refresh and sign-out without a provider session', async () => {
    expect((await post('/api/v1/sessions/me/lifecycle/refresh', {})).status).toBe(404);
    expect((await fetch(`${provider.issuer}/api/v1/sessions/me`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses an authorize request without PKCE', async () => {
    const url = `${provider.issuer}/oauth2/v1/authorize?client_id=pantry-storefront&redirect_uri=${encodeURIComponent('http://localhost:3000/account/auth/callback')}&response_type=code&scope=openid`;
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=invalid_request');
  });
});
