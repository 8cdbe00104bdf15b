import { describe, expect, it, vi } from 'vitest';
import { checkAccessToken, customerClaimsSchema, isTokenActive } from '~/modules/access/token.server';
import { grantIsLive } from '~/modules/identity/grants.server';
import { testIssuer } from './support/tokens';

vi.mock('~/modules/identity/grants.server', () => ({ grantIsLive: vi.fn(async () => true) }));

describe('access token verification', async () => {
  const { verifier, issue } = await testIssuer();
  const other = await testIssuer();

  it('accepts a token signed by the provider, for this audience, not expired', async () => {
    const check = await checkAccessToken(await issue(), verifier);
    expect(check).toMatchObject({
      status: 'active',
      elevated: false,
      claims: { customerId: '500001', firstName: 'Jordan' },
    });
  });

  it('marks a used_credentials scope as elevated', async () => {
    const check = await checkAccessToken(await issue({ scope: 'openid shop used_credentials' }), verifier);
    expect(check).toMatchObject({ status: 'active', elevated: true });
  });

  it('reports an expired token with its verified claims (a lapsed registered customer)', async () => {
    const check = await checkAccessToken(await issue({}, { expiresInSeconds: -5 }), verifier);
    expect(check).toMatchObject({ status: 'expired', claims: { customerId: '500001' } });
  });

  it('reports a token without the shop scope as low scope', async () => {
    expect((await checkAccessToken(await issue({ scope: 'openid' }), verifier)).status).toBe('low-scope');
  });

  it('rejects a token signed by another key, another issuer or for another audience', async () => {
    expect(await checkAccessToken(await other.issue(), verifier)).toEqual({ status: 'invalid' });
    expect(await checkAccessToken(await issue({}, { issuer: 'http://evil.test' }), verifier)).toEqual({
      status: 'invalid',
    });
    expect(await checkAccessToken(await issue({}, { audience: 'someone-else' }), verifier)).toEqual({
      status: 'invalid',
    });
    expect(await checkAccessToken('not-a-jwt', verifier)).toEqual({ status: 'invalid' });
  });

  it('rejects an expired token signed by another key (no claims leak through)', async () => {
    expect(await checkAccessToken(await other.issue({}, { expiresInSeconds: -5 }), verifier)).toEqual({
      status: 'invalid',
    });
  });

  it('treats a token as active only while its expiry is later than now', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isTokenActive(now.getTime() / 1000 + 1, now)).toBe(true);
    expect(isTokenActive(now.getTime() / 1000, now)).toBe(false);
  });

  it('refuses a token whose grant has ended (signed out on another process)', async () => {
    vi.mocked(grantIsLive).mockResolvedValueOnce(false);
    expect(await checkAccessToken(await issue({ gid: 'grant-1' }), verifier)).toEqual({ status: 'invalid' });
  });

  it('lets a database outage during the grant check fail the request instead of signing the customer out', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    vi.mocked(grantIsLive).mockRejectedValueOnce(outage);
    await expect(checkAccessToken(await issue({ gid: 'grant-1' }), verifier)).rejects.toBe(outage);
  });

  it('parses a remembered token’s claims once, and gives every request its own copy', async () => {
    const token = await issue({ firstName: 'Memo', gid: 'grant-memo' });
    const parse = vi.spyOn(customerClaimsSchema, 'safeParse');
    try {
      const first = await checkAccessToken(token, verifier);
      const second = await checkAccessToken(token, verifier);
      expect(parse).toHaveBeenCalledTimes(1);
      if (first.status !== 'active' || second.status !== 'active') throw new Error('expected active tokens');
      expect(second.claims).toEqual(first.claims);
      first.claims.firstName = 'Changed by one request';
      expect(second.claims.firstName).toBe('Memo');
      const third = await checkAccessToken(token, verifier);
      expect(third).toMatchObject({ status: 'active', claims: { firstName: 'Memo' } });
      // The grant is still checked on every request.
      vi.mocked(grantIsLive).mockResolvedValueOnce(false);
      expect(await checkAccessToken(token, verifier)).toEqual({ status: 'invalid' });
    } finally {
      parse.mockRestore();
    }
  });
});
