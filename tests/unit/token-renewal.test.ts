import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, useDatabaseForTests } from '~/db/db.server';
import { migrateToLatest } from '~/db/migrate.server';
import type { TokenSet } from '~/modules/identity/oidc-client.server';
import { validateUserCookie } from '~/modules/identity/user-cookie.server';
import { testIssuer } from './support/tokens';

const refreshTokens = vi.hoisted(() => vi.fn<(refreshToken: string) => Promise<TokenSet | null>>());
vi.mock('~/modules/identity/oidc-client.server', () => ({ refreshTokens }));

const issuer = await testIssuer();
const context = { siteType: 'C' as const, secure: false };

describe('renewing a lapsed access token with the refresh token', () => {
  // Renewals are claimed in the database (shared by every process, decision 0023): an in-memory one here.
  const handle = openDatabase({ url: ':memory:' });
  beforeAll(async () => {
    await migrateToLatest(handle.db, handle.dialect);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await handle.db.destroy();
  });
  beforeEach(() => refreshTokens.mockReset());

  it('renews once for requests that arrive together with the same lapsed cookie, and gives each the new token', async () => {
    const fresh = await issuer.issue();
    let answer!: (tokens: TokenSet) => void;
    refreshTokens.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = {
      token: await issuer.issue({}, { expiresInSeconds: -60 }),
      refreshToken: 'rt-together',
      remember: true,
    };
    const first = validateUserCookie(user, issuer.verifier, context);
    const second = validateUserCookie(user, issuer.verifier, context);
    await vi.waitFor(() => expect(refreshTokens).toHaveBeenCalledTimes(1));
    answer({ access_token: fresh, refresh_token: 'rt-next' });
    const results = await Promise.all([first, second]);
    for (const result of results) {
      expect(result.check.status).toBe('active');
      expect(result.setCookie).toMatch(/^PANTRY_USER=/);
    }
    // A request that still carries the old cookie a moment later gets the same renewal, not a second use.
    expect((await validateUserCookie(user, issuer.verifier, context)).check.status).toBe('active');
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(refreshTokens).toHaveBeenCalledWith('rt-together');
  });

  it('leaves the customer R when the provider refuses the refresh token', async () => {
    refreshTokens.mockResolvedValueOnce(null);
    const user = { token: await issuer.issue({}, { expiresInSeconds: -60 }), refreshToken: 'rt-refused' };
    const result = await validateUserCookie(user, issuer.verifier, context);
    expect(result.check.status).toBe('expired');
    expect(result.setCookie).toBeUndefined();
  });

  it('does not call the provider for an active token or without a refresh token', async () => {
    await validateUserCookie({ token: await issuer.issue(), refreshToken: 'rt-unused' }, issuer.verifier, context);
    await validateUserCookie({ token: await issuer.issue({}, { expiresInSeconds: -60 }) }, issuer.verifier, context);
    expect(refreshTokens).not.toHaveBeenCalled();
  });
});
