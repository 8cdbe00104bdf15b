import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '~/db/db.server';
import type { DialectName } from '~/db/dialect';
import { migrateToLatest } from '~/db/migrate.server';

/** The server the PostgreSQL tests create their throw-away databases on. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresProblem = await probePostgres();
if (postgresProblem) {
  if (process.env.CI === 'true') {
    // Under CI the PostgreSQL run is mandatory: fail loudly instead of skipping.
    throw new Error(`PostgreSQL is required under CI=true but ${PG_ADMIN_URL} is unreachable: ${postgresProblem}`);
  }
  console.warn(`[integration] skipping PostgreSQL: ${PG_ADMIN_URL} is unreachable (${postgresProblem})`);
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable (always under CI). */
export const DIALECTS: DialectName[] = postgresProblem ? ['sqlite'] : ['sqlite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database of the dialect (a temp SQLite file or a new PostgreSQL database). */
export async function createTestDatabase(dialect: DialectName, migrate = true): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const name = `pantry_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(PG_ADMIN_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    cleanup = async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'pantry-test-'));
    url = path.join(dir, 'test.sqlite');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = openDatabase({ url, poolMax: 5 });
  if (migrate) await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await cleanup();
    },
  };
}
