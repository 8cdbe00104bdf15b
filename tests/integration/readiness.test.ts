import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { forgetHealthProbe } from '~/modules/http/health.server';
import { forgetReadiness, readiness } from '~/modules/http/readiness.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { freePort } from '../../scripts/free-port';

/** Decision 0110: ready means the database, the schema this build expects and the identity provider's discovery. */
describe.each(DIALECTS)('readiness on %s', (dialect) => {
  let test: TestDatabase;
  let provider: Server;
  let providerUp = true;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    useDatabaseForTests(test);
    const port = await freePort();
    provider = createServer((req, res) => {
      const ok = providerUp && req.url === '/.well-known/openid-configuration';
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(port, '127.0.0.1', resolve));
    process.env.IDP_ISSUER = `http://127.0.0.1:${port}`;
  });

  afterEach(() => {
    forgetReadiness();
    forgetHealthProbe();
    providerUp = true;
  });

  afterAll(async () => {
    delete process.env.IDP_ISSUER;
    await new Promise((resolve) => provider.close(resolve));
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('is ready with a reachable database, every migration run and the provider answering', async () => {
    expect(await readiness()).toEqual({
      ready: true,
      checks: { database: true, migrations: true, identityProvider: true },
    });
  });

  it('is not ready while a migration of this build has not run, and names it', async () => {
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
      test.db,
    );
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(test.db);
    try {
      expect(await readiness()).toMatchObject({
        ready: false,
        checks: { database: true, migrations: false, identityProvider: true },
        pendingMigrations: [name],
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        test.db,
      );
    }
    forgetReadiness();
    expect((await readiness()).ready).toBe(true);
  });

  it('is not ready when the identity provider does not answer its discovery document', async () => {
    providerUp = false;
    expect(await readiness()).toMatchObject({ ready: false, checks: { identityProvider: false, database: true } });
  });
});
