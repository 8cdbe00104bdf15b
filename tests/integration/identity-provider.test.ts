import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { startIdentityProvider } from '../../idp/server';
import { createTestDatabase, type TestDatabase } from './support/databases';

/** The real provider process code, on its own port, against a seeded SQLite database. */
describe('identity provider', () => {
  let test: TestDatabase;
  let server: Server;
  const port = 3950 + Math.floor(Math.random() * 40);
  const issuer = `http://localhost:${port}`;

  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    await seedDatabase(test.db, 'sqlite', { products: 200, log: () => {} });
    useDatabaseForTests(test);
    process.env.DATA_DIR = test.url.replace(/\/test\.sqlite$/, '');
    ({ server } = await startIdentityProvider({ port, issuer, origins: ['http://localhost:3000'] }));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${issuer}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('publishes its discovery document with the Okta-style paths and its JWKS', async () => {
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth2/v1/authorize`,
      token_endpoint: `${issuer}/oauth2/v1/token`,
      jwks_uri: `${issuer}/oauth2/v1/keys`,
      end_session_endpoint: `${issuer}/oauth2/v1/logout`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = await (await fetch(`${issuer}/oauth2/v1/keys`)).json();
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
    const response = await fetch(`${issuer}/api/v1/authn`, { method: 'POST', body: 'username=x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000003' });
  });

  it('answers 404 to lifecycle refresh and sign-out without a provider session', async () => {
    expect((await post('/api/v1/sessions/me/lifecycle/refresh', {})).status).toBe(404);
    expect((await fetch(`${issuer}/api/v1/sessions/me`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses an authorize request without PKCE', async () => {
    const url = `${issuer}/oauth2/v1/authorize?client_id=pantry-storefront&redirect_uri=${encodeURIComponent('http://localhost:3000/account/auth/callback')}&response_type=code&scope=openid`;
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=invalid_request');
  });
});
