import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '~/db/db.server';
import type { DialectName } from '~/db/dialect';
import { migrateToLatest } from '~/db/migrate.server';
import { PG_ADMIN_URL, templateLocations } from './template-names';

export { PG_ADMIN_URL };

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

/**
 * Migrated and seeded databases are built once per test run and copied for each test (a file copy for SQLite,
 * `CREATE DATABASE … TEMPLATE` for PostgreSQL): running every migration, or seeding 1,500 products, again in each
 * test file was a large share of the vitest run. A copy holds the same rows as a fresh build: the migrations are
 * the same code, and a seed with a fixed `now` is deterministic (SeededRandom). The run's templates carry its id
 * (PANTRY_TEST_RUN, set by vitest.config.ts) and are removed at its end (tests/support/test-run-teardown.ts).
 */
const TEST_RUN = process.env.PANTRY_TEST_RUN?.replace(/[^a-z0-9]/g, '') || null;

/** A fresh database of the dialect (a temp SQLite file or a new PostgreSQL database), migrated unless told not to. */
export async function createTestDatabase(dialect: DialectName, migrate = true): Promise<TestDatabase> {
  return migrate ? fromTemplate(dialect, 'migrated', async () => {}) : newDatabase(dialect, null);
}

/**
 * A fresh database with the seeded catalogue of `products` products as of `now`: a copy of the run's seeded
 * template (the seed is deterministic for a given `now`), the same rows `seedDatabase` would write.
 *
 * Without `now`, a seed as of the current time: a copy of a template seeded earlier in the same run and UTC day.
 * Every date the seed writes is whole days (or more) from its `now` and the ad week is its day's, so a template
 * minutes old holds what a seed made now would; a test file already used its seed for minutes after making it.
 * The demo passwords are hashed at the cost in force (PASSWORD_HASH_COST), which is part of the template's name.
 */
export async function createSeededTestDatabase(
  dialect: DialectName,
  options: { products: number; now?: Date },
): Promise<TestDatabase> {
  const { seedDatabase } = await import('~/db/seed/seed.server');
  const { passwordHashOptions, PASSWORD_HASH_OPTIONS } = await import('~/modules/identity/passwords.server');
  const { products, now } = options;
  if (now) {
    return fromTemplate(dialect, `seeded_${products}_${now.getTime()}`, (handle) =>
      seedDatabase(handle.db, handle.dialect, { products, now, log: () => {} }),
    );
  }
  const cost = passwordHashOptions() === PASSWORD_HASH_OPTIONS ? 'production' : 'test';
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return fromTemplate(dialect, `seeded_${products}_today${day}_${cost}`, (handle) =>
    seedDatabase(handle.db, handle.dialect, { products, now: new Date(), log: () => {} }),
  );
}

async function fromTemplate(
  dialect: DialectName,
  key: string,
  fill: (handle: DatabaseHandle) => Promise<unknown>,
): Promise<TestDatabase> {
  const build = async (handle: DatabaseHandle) => {
    await migrateToLatest(handle.db, handle.dialect);
    await fill(handle);
  };
  if (!TEST_RUN) {
    const test = await newDatabase(dialect, null);
    await build(test);
    return test;
  }
  const { sqliteDir, pgPrefix } = templateLocations(TEST_RUN);
  if (dialect === 'postgres') {
    const template = `${pgPrefix}${key}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      // One builder per template across the run's processes; the copy is made under the lock too, so no copy
      // starts while the builder is still connected to it.
      await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount === 0) {
        const building = await newDatabase('postgres', null);
        try {
          await build(building);
        } catch (error) {
          await building.drop();
          throw error;
        }
        await building.db.destroy();
        await admin.query(`alter database ${new URL(building.url).pathname.slice(1)} rename to ${template}`);
      }
      return await newDatabase('postgres', template, admin);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => {});
      await admin.end();
    }
  }
  const template = path.join(sqliteDir, `${key}.sqlite`);
  if (!existsSync(template)) {
    // Built aside and renamed into place: a process never copies a half-built file (two may build; one wins).
    mkdirSync(sqliteDir, { recursive: true });
    const building = await newDatabase('sqlite', null);
    try {
      await build(building);
    } finally {
      await building.db.destroy();
    }
    const aside = `${template}.${process.pid}`;
    copyFileSync(building.url, aside);
    renameSync(aside, template);
    rmSync(path.dirname(building.url), { recursive: true, force: true });
  }
  return newDatabase('sqlite', template);
}

/** A new database, empty or a copy of `template`. */
async function newDatabase(dialect: DialectName, template: string | null, client?: pg.Client): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const name = `pantry_test_${randomBytes(6).toString('hex')}`;
    const admin = client ?? new pg.Client({ connectionString: PG_ADMIN_URL });
    if (!client) await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    if (!client) await admin.end();
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
    if (template) copyFileSync(template, url);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = openDatabase({ url, poolMax: 5 });
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await cleanup();
    },
  };
}
