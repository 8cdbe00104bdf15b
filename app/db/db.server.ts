import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { appEnv, dataDir } from '~/modules/config/env.server';
import { metrics, metricsEnabled, observeDatabasePool } from '~/modules/config/metrics.server';
import { dialectFor, type DialectName } from './dialect';
import { poolWithPreparedStatements } from './prepared-statements.server';
import { LockWaitingSqliteDialect } from './sqlite-dialect.server';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the URL without its password. */
  location: string;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL, otherwise a SQLite file path (':memory:' allowed). */
  url?: string;
  poolMax?: number;
}

/**
 * Each query's time into the metrics (decision 0111): one histogram sample, no label but the dialect. Timed by the
 * drivers (the SQLite dialect, the pg pool's wrapper), not by Kysely's log hook, which added an await to every
 * query (decision 0122).
 */
function queryTimer(dialect: DialectName): ((seconds: number) => void) | undefined {
  // Off: nothing is timed.
  if (!metricsEnabled()) return undefined;
  const histogram = metrics().dbQueryDuration.labels({ dialect });
  return (seconds) => histogram.observe(seconds);
}

export function openDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  const url = options.url;
  const dialect = dialectFor(url);
  if (dialect === 'postgres' && url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? appEnv().DB_POOL_MAX,
      // A bounded wait for a pooled connection: a request queues briefly, then fails cleanly.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => {
      // An idle client lost its server (restart); the pool replaces it on next use.
    });
    pool.on('connect', (client) => {
      // A checked-out client whose server goes away between two queries (a restart mid-transaction) emits
      // 'error' with no pool listener attached: without this the process would crash. The query in flight
      // fails, and the pool discards the dead client when it is released (decision 0023).
      client.on('error', () => {});
    });
    observeDatabasePool(pool);
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: poolWithPreparedStatements(pool, queryTimer(dialect)) }),
      }),
      dialect,
      location: url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'),
    };
  }
  const file = url || path.join(dataDir(), 'pantry.sqlite');
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // Opening may meet another process's lock (switching to WAL needs it): wait for it here, once.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Search joins thousands of matches to their product rows: read pages through the OS page cache
  // (memory-mapped) and keep a larger page cache than SQLite's 2 MB default.
  sqlite.pragma('mmap_size = 1073741824');
  sqlite.pragma('cache_size = -65536');
  // From here on lock waits happen in LockWaitingSqliteDialect, between event-loop turns (docs/decisions/0024).
  sqlite.pragma('busy_timeout = 0');
  return {
    db: new Kysely<Database>({
      dialect: new LockWaitingSqliteDialect({ database: sqlite, timed: queryTimer(dialect) }),
    }),
    dialect,
    location: file,
  };
}

let shared: DatabaseHandle | undefined;

/** The process-wide database, chosen by DATABASE_URL (SQLite file under DATA_DIR by default). */
export function database(): DatabaseHandle {
  shared ??= openDatabase({ url: appEnv().DATABASE_URL });
  return shared;
}

export function db(): Kysely<Database> {
  return database().db;
}

/** Integration tests point the process-wide database at the one they created. */
export function useDatabaseForTests(handle: DatabaseHandle | undefined) {
  shared = handle;
}
