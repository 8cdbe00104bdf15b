import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/db.server';
import type { TokenSet } from '~/modules/identity/oidc-client.server';
import { openTokens, renewAcrossProcesses, sealTokens } from '~/modules/identity/token-renewals.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * Two storefront processes are two database handles on one database: the claim must let exactly one of
 * them call the provider, and hand its answer to the other (decision 0023). The full race between two
 * real server processes is in tests/resilience/cluster.test.ts.
 */
describe.each(DIALECTS)('refresh-token renewals shared across processes on %s', (dialect) => {
  let test: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    other = openDatabase({ url: test.url, poolMax: 2 });
  });
  afterAll(async () => {
    await other.db.destroy();
    await test.drop();
  });

  it('calls the provider once when two processes renew the same token together; both get the new tokens', async () => {
    const calls: string[] = [];
    let answer!: (tokens: TokenSet) => void;
    const provider = (token: string) => {
      calls.push(token);
      return new Promise<TokenSet | null>((resolve) => (answer = resolve));
    };
    const first = renewAcrossProcesses('rt-race', provider, test.db);
    const second = renewAcrossProcesses('rt-race', provider, other.db);
    await expect.poll(() => calls.length).toBe(1);
    answer({ access_token: 'at-new', refresh_token: 'rt-new' });
    expect(await Promise.all([first, second])).toEqual([
      { access_token: 'at-new', refresh_token: 'rt-new' },
      { access_token: 'at-new', refresh_token: 'rt-new' },
    ]);
    // A third request with the old cookie a moment later: the same answer, no second spend.
    expect(await renewAcrossProcesses('rt-race', provider, other.db)).toMatchObject({ refresh_token: 'rt-new' });
    expect(calls).toEqual(['rt-race']);
  });

  it('passes a refusal on to the waiting process', async () => {
    let refuse: ((tokens: null) => void) | undefined;
    const provider = () => new Promise<TokenSet | null>((resolve) => (refuse = resolve));
    const first = renewAcrossProcesses('rt-refused', provider, test.db);
    // The first process holds the claim once it has asked the provider (its row is written just before).
    await expect.poll(() => refuse !== undefined).toBe(true);
    expect((await test.db.selectFrom('token_renewals').selectAll().execute()).length).toBe(2);
    const second = renewAcrossProcesses('rt-refused', provider, other.db);
    refuse!(null);
    expect(await Promise.all([first, second])).toEqual([null, null]);
  });

  it('stores only a hash of the spent token and an answer that only that token opens', async () => {
    const rows = await test.db.selectFrom('token_renewals').selectAll().execute();
    for (const row of rows) {
      expect(row.renewal_key).toMatch(/^[0-9a-f]{64}$/);
      expect(row.result).not.toContain('at-new');
    }
    const sealed = sealTokens({ access_token: 'a', refresh_token: 'b' }, 'rt-1');
    expect(openTokens(sealed, 'rt-1')).toEqual({ access_token: 'a', refresh_token: 'b' });
    expect(openTokens(sealed, 'rt-2')).toBeNull();
  });
});
