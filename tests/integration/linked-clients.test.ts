import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { migrateToLatest } from '~/db/migrate.server';
import { linkedClients, unlinkClient } from '~/modules/identity/linked-clients.server';
import { KyselyAdapter } from '../../idp/adapter';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const ASSISTANT = 'pantry-assistant';
const STOREFRONT = 'pantry-storefront';
const DAY = 24 * 3600;

/** A grant as oidc-provider stores it, for the customer and client given. */
function grant(accountId: string, clientId: string, iat: number, scope = 'openid profile offline_access') {
  return { accountId, clientId, iat, kind: 'Grant', jti: '', openid: { scope } };
}

describe.each(DIALECTS)('linked clients on %s', (dialect) => {
  let test: TestDatabase;
  const grants = new KyselyAdapter('Grant');
  const refreshTokens = new KyselyAdapter('RefreshToken');

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    useDatabaseForTests(test);
    await grants.upsert('older-link', grant('1', ASSISTANT, 1_000), DAY);
    await grants.upsert('newer-link', grant('1', ASSISTANT, 2_000, 'openid email'), DAY);
    await grants.upsert('storefront', grant('1', STOREFRONT, 3_000), DAY);
    await grants.upsert('expired-link', grant('1', ASSISTANT, 4_000), -60);
    await grants.upsert('other-customer', grant('2', ASSISTANT, 5_000), DAY);
    await refreshTokens.upsert('older-token', { accountId: '1', grantId: 'older-link', kind: 'RefreshToken' }, DAY);
    await refreshTokens.upsert('other-token', { accountId: '2', grantId: 'other-customer', kind: 'RefreshToken' }, DAY);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('lists only the customer’s live grants of other clients than the storefront, newest first', async () => {
    const linked = await linkedClients(1);
    expect(linked.map((client) => client.grantId)).toEqual(['newer-link', 'older-link']);
    expect(linked[0]).toEqual({
      grantId: 'newer-link',
      clientId: ASSISTANT,
      name: 'Pantry Assistant',
      access: ['know it is you (your Pantry account number)', 'your email address'],
      linkedAt: new Date(2_000_000).toISOString(),
    });
  });

  it('unlinks only the customer’s own link, ending its tokens with it', async () => {
    expect(await unlinkClient(1, 'other-customer')).toBe(false);
    expect(await unlinkClient(1, 'storefront')).toBe(false);
    expect(await unlinkClient(1, 'no-such-grant')).toBe(false);
    expect(await unlinkClient(1, 'older-link')).toBe(true);
    expect(await grants.find('older-link')).toBeUndefined();
    expect(await refreshTokens.find('older-token')).toBeUndefined();
    expect((await linkedClients(1)).map((client) => client.grantId)).toEqual(['newer-link']);
    expect(await grants.find('storefront')).toBeDefined();
    expect(await refreshTokens.find('other-token')).toBeDefined();
    expect((await linkedClients(2)).map((client) => client.grantId)).toEqual(['other-customer']);
  });
});

describe.each(DIALECTS)('migration 0022 on provider records written before it on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    // Put the table back the way 0002 left it, with a record in it, then let 0022 run again.
    await sql`delete from kysely_migration where name = '0022-oidc-account-id'`.execute(test.db);
    await sql`drop index oidc_payloads_account_idx`.execute(test.db);
    await sql`alter table oidc_payloads drop column account_id`.execute(test.db);
    await sql`insert into oidc_payloads (model, id, payload) values
      ('Grant', 'g1', ${JSON.stringify(grant('7', ASSISTANT, 1))}),
      ('Client', 'c1', ${JSON.stringify({ clientId: ASSISTANT })})`.execute(test.db);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('fills in the account of each record from its payload', async () => {
    expect((await migrateToLatest(test.db, test.dialect)).applied).toEqual(['0022-oidc-account-id']);
    const rows = await test.db.selectFrom('oidc_payloads').select(['id', 'account_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'c1', account_id: null },
      { id: 'g1', account_id: '7' },
    ]);
  });
});
