import { rmSync } from 'node:fs';
import pg from 'pg';
import { PG_ADMIN_URL, templateLocations } from '../integration/support/template-names';

/**
 * Removes the run's template databases (tests/integration/support/databases.ts) once every test file is done:
 * vitest tears global set-ups down when the whole run closes. Each project runs this; the second time finds nothing.
 */
export default function setup() {
  return async () => {
    const run = process.env.PANTRY_TEST_RUN;
    if (!run) return;
    const { sqliteDir, pgPrefix } = templateLocations(run);
    rmSync(sqliteDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [pgPrefix],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } catch {
      // No PostgreSQL in this run: nothing was made there.
    } finally {
      await admin.end().catch(() => {});
    }
  };
}
