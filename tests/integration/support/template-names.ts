import { tmpdir } from 'node:os';
import path from 'node:path';

/** The server the PostgreSQL tests create their throw-away databases on. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where a test run's SQLite templates live, and the prefix of its PostgreSQL templates (databases.ts). */
export function templateLocations(run: string) {
  return { sqliteDir: path.join(tmpdir(), `pantry-templates-${run}`), pgPrefix: `pantry_tpl_${run}_` };
}
