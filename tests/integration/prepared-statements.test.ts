import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '~/db/compiled-statement.server';
import { openDatabase } from '~/db/db.server';
import { preparedName } from '~/db/prepared-statements.server';
import { createTestDatabase, DIALECTS, PG_ADMIN_URL, type TestDatabase } from './support/databases';

const grantExpiry = compiledOnce((db, id: string) =>
  db.selectFrom('oidc_payloads').select(['id', 'expires_at']).where('id', '=', id).compile(),
);

/** The statements prepared on the connection `run` gets, by name (pg_prepared_statements is per session). */
const preparedOn = (conn: Parameters<typeof grantExpiry>[0]) =>
  sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`
    .execute(conn)
    .then((result) => result.rows);

describe.runIf(DIALECTS.includes('postgres'))('prepared statements on PostgreSQL', () => {
  let test: TestDatabase;
  const expires = new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await test.db
      .insertInto('oidc_payloads')
      .values([
        { model: 'Grant', id: 'grant-a', payload: '{}', expires_at: expires },
        { model: 'Grant', id: 'grant-b', payload: '{}', expires_at: expires },
      ])
      .execute();
  });

  afterAll(async () => {
    await test?.drop();
  });

  it('runs a statement compiled once as a named statement, prepared once per connection', async () => {
    await test.db.connection().execute(async (conn) => {
      expect(await grantExpiry(conn, 'grant-a')).toEqual([{ id: 'grant-a', expires_at: expires }]);
      expect(await grantExpiry(conn, 'grant-b')).toEqual([{ id: 'grant-b', expires_at: expires }]);
      expect(await grantExpiry(conn, 'nobody')).toEqual([]);
      const prepared = await preparedOn(conn);
      const mine = prepared.filter((row) => row.statement.includes('"oidc_payloads"'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^pantry_[\w-]{27}$/);
      expect(mine[0]!.name).toBe(preparedName(mine[0]!.statement));
    });
  });

  it('leaves statements built on each call unnamed', async () => {
    await test.db.connection().execute(async (conn) => {
      const rows = await conn
        .selectFrom('oidc_payloads')
        .select('id')
        .where('model', '=', 'Grant')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([{ id: 'grant-a' }, { id: 'grant-b' }]);
      const prepared = await preparedOn(conn);
      expect(prepared.filter((row) => row.statement.includes('order by'))).toEqual([]);
    });
  });

  it('prepares again on a new connection after the server ended the old one', async () => {
    const own = openDatabase({ url: test.url, poolMax: 1 });
    try {
      expect(await grantExpiry(own.db, 'grant-a')).toHaveLength(1);
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(test.url).pathname.slice(1)],
      );
      await admin.end();
      // The pool drops the ended client (its idle error) and the statement is prepared on the next one.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await grantExpiry(own.db, 'grant-b')).toEqual([{ id: 'grant-b', expires_at: expires }]);
      await own.db.connection().execute(async (conn) => {
        expect(await grantExpiry(conn, 'grant-a')).toHaveLength(1);
        expect((await preparedOn(conn)).some((row) => row.statement.includes('"oidc_payloads"'))).toBe(true);
      });
    } finally {
      await own.db.destroy();
    }
  });
});
