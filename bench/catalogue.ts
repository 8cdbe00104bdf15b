/**
 * What the search benches share: a catalogue seeded once into .cache/ (or a PostgreSQL database) and reused
 * while its size is unchanged, with the time its seeding took kept beside it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../app/db/db.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { fillNewSynonymTable } from '../app/db/seed/search-synonyms.seed';
import { seedDatabase } from '../app/db/seed/seed.server';

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface SeedRecord {
  seconds: number;
  /** CPU seconds of this process while seeding (on SQLite all the work; on a busy machine the better guide). */
  cpuSeconds?: number;
  /** The 1-minute load average when seeding ended. */
  load?: number;
  at: string;
}

export interface CatalogueOptions {
  /** Seed again even when the database holds a catalogue of this size (to measure seeding). */
  reseed?: boolean;
  /** Where the seeding time of a PostgreSQL catalogue is kept (a SQLite one keeps it beside its file). */
  pgRecordFile?: string;
  log?: (line: string) => void;
}

/** Where the time the last seeding of a catalogue took is kept (beside the SQLite file, or per PG database). */
const seedRecordFile = (url: string, pgRecordFile: string) =>
  url.startsWith('postgres') ? path.resolve(pgRecordFile) : `${url}.seed.json`;

/** The database at `url`, migrated and holding a seeded catalogue of `products` grocery products. */
export async function prepareCatalogue(url: string, products: number, options: CatalogueOptions = {}) {
  const log = options.log ?? ((line: string) => console.error(line));
  const recordFile = seedRecordFile(url, options.pgRecordFile ?? '.cache/bench-search-pg-seed.json');
  // Seeding is measured into an empty database (as a first start seeds), not on top of the last
  // catalogue, whose deletion would be timed too.
  if (options.reseed && !url.startsWith('postgres'))
    for (const file of [url, `${url}-wal`, `${url}-shm`]) rmSync(file, { force: true });
  const handle = openDatabase({ url, poolMax: 10 });
  const { applied } = await migrateToLatest(handle.db, handle.dialect);
  // A catalogue seeded before the synonym table existed gets the seed's rows with the table.
  await fillNewSynonymTable(handle.db, applied);
  const meta = await handle.db.selectFrom('app_meta').select('value').where('key', '=', 'seeded').executeTakeFirst();
  const seeded = meta ? (JSON.parse(meta.value) as { products: number }).products : null;
  if (seeded !== products || options.reseed) {
    log(`seeding ${products.toLocaleString('en-US')} products into ${handle.location} …`);
    const started = Date.now();
    const cpuStarted = process.cpuUsage();
    // Each seeding step with the seconds since the start: where a slow seeding spends its time.
    const step = (line: string) =>
      /^(Seeded|Indexed|Seed complete)|^products [\d,]*00,000\//.test(line)
        ? log(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`)
        : undefined;
    await seedDatabase(handle.db, handle.dialect, { products, replace: true, log: step });
    const cpu = process.cpuUsage(cpuStarted);
    const record: SeedRecord = {
      seconds: (Date.now() - started) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      load: loadavg()[0],
      at: new Date().toISOString(),
    };
    writeFileSync(recordFile, JSON.stringify(record));
    log(
      `  seeded in ${record.seconds.toFixed(1)} s (${record.cpuSeconds!.toFixed(1)} s CPU, load ${record.load!.toFixed(1)})`,
    );
  }
  const seed = existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as SeedRecord) : null;
  return { handle, seed };
}

/** The URL of the PostgreSQL database `name`, created when missing; null (and why, printed) when the server is unreachable. */
export async function ensurePgDatabase(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } catch (error) {
    console.error(
      `PostgreSQL skipped: ${PG_ADMIN_URL} unreachable (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
