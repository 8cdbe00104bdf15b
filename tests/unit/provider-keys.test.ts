import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerKeySet, type ProviderKeySetOptions } from '~/modules/access/provider-keys.server';
import { checkAccessToken, type TokenVerifier } from '~/modules/access/token.server';
import { DependencyUnavailableError } from '~/modules/http/dependency-unavailable';
import { TEST_AUDIENCE, TEST_ISSUER, testIssuer } from './support/tokens';

type Mode = 'keys' | 'error' | 'garbage' | 'hang' | 'stall';

describe("the identity provider's key set", async () => {
  const provider = await testIssuer();
  const rotated = await testIssuer('rotated-key');
  let mode: Mode = 'keys';
  let published: unknown = provider.jwks;
  let fetches = 0;
  let server: Server;
  let url: URL;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches++;
      if (mode === 'keys') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(published));
      else if (mode === 'error') res.writeHead(502).end('Bad Gateway');
      else if (mode === 'garbage') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"keys": "none"}');
      else if (mode === 'stall') res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"keys": [');
      // 'hang': no answer at all.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v1/keys`);
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const verifierWith = (options: ProviderKeySetOptions = {}): TokenVerifier => ({
    keys: providerKeySet(url, { timeoutMs: 300, ...options }),
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
  });

  it.each<Mode>(['error', 'garbage', 'hang', 'stall'])(
    'takes a key set it cannot get (%s) for an outage, never for a signed-out customer',
    async (failure) => {
      mode = failure;
      const check = checkAccessToken(await provider.issue(), verifierWith());
      await expect(check).rejects.toBeInstanceOf(DependencyUnavailableError);
      mode = 'keys';
    },
  );

  it('takes an unreachable key set for an outage', async () => {
    const closed = {
      keys: providerKeySet(new URL('http://127.0.0.1:9/keys')),
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    };
    await expect(checkAccessToken(await provider.issue(), closed)).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it('keeps the last good key set while a refresh fails, and refreshes without making the request wait', async () => {
    mode = 'keys';
    const verifier = verifierWith({ refreshMs: 0, retryMs: 0, timeoutMs: 2000 });
    expect((await checkAccessToken(await provider.issue(), verifier)).status).toBe('active');
    for (const failure of ['error', 'garbage', 'hang'] as const) {
      mode = failure;
      const before = fetches;
      const started = Date.now();
      expect((await checkAccessToken(await provider.issue({ firstName: failure }), verifier)).status).toBe('active');
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetches, failure).toBeGreaterThan(before);
    }
    mode = 'keys';
  });

  it('still signs out a token with a bad signature, or from another issuer, while the set is cached', async () => {
    mode = 'keys';
    const verifier = verifierWith();
    const token = await provider.issue();
    expect((await checkAccessToken(token, verifier)).status).toBe('active');
    mode = 'error';
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await checkAccessToken(forged, verifier)).toEqual({ status: 'invalid' });
    expect(await checkAccessToken(await provider.issue({}, { issuer: 'http://evil.test' }), verifier)).toEqual({
      status: 'invalid',
    });
    mode = 'keys';
  });

  it('takes any malformed token for nobody, never for an outage', async () => {
    mode = 'keys';
    const verifier = verifierWith();
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [, payload, signature] = (await provider.issue()).split('.') as [string, string, string];
    const malformed = [
      '',
      'not-a-jwt',
      'a.b.c',
      '..',
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'ES256', kid: 'test-key', crit: ['exp'] })}.${payload}.${signature}`,
      `${b64({ alg: 'HS256', kid: 'test-key' })}.${payload}.${signature}`,
      `${b64({ alg: 'ES256', kid: 'test-key' })}.${b64('not an object')}.${signature}`,
      `${b64({ alg: 'RSA-OAEP', enc: 'A256GCM' })}.a.b.c.d`,
    ];
    for (const token of malformed)
      expect(await checkAccessToken(token, verifier), token).toEqual({ status: 'invalid' });
    const segment = fc.oneof(fc.base64String(), fc.string(), fc.constant(payload));
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (parts) => {
        expect(await checkAccessToken(parts.join('.'), verifier)).toEqual({ status: 'invalid' });
      }),
      { numRuns: 300 },
    );
  });

  it('fetches the set again for a token signed with a key it has not seen (rotation)', async () => {
    mode = 'keys';
    published = provider.jwks;
    const verifier = verifierWith({ cooldownMs: 0 });
    expect((await checkAccessToken(await provider.issue(), verifier)).status).toBe('active');
    published = { keys: [...provider.jwks.keys, ...rotated.jwks.keys] };
    expect((await checkAccessToken(await rotated.issue(), verifier)).status).toBe('active');
    published = provider.jwks;
  });
});
