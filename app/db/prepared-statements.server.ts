import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL prepared statements for the statements compiled once. PostgreSQL parses, analyses
 * and plans every unnamed statement anew: for the small lookups of a signed-in page or an action that was about
 * 40 % of a backend's CPU. A statement given a name is parsed once per connection and, after a few runs, runs on
 * a cached generic plan. Only texts registered here are named: fixed texts from code (compiledOnce), so a
 * connection holds a bounded set, and search's statements, whose words and sizes change, keep custom plans.
 */
const names = new Map<string, string>();
/** Far above the statements the code compiles once (a few dozen); beyond it texts are simply not named. */
const MAX_NAMED = 500;

/** Marks a fixed statement text as worth preparing on PostgreSQL. Harmless on SQLite (its driver keeps its own). */
export function prepareOnPostgres(sql: string): void {
  if (names.has(sql) || names.size >= MAX_NAMED) return;
  names.set(sql, `pantry_${createHash('sha1').update(sql).digest('base64url')}`);
}

/** The prepared statement's name for this text, if it was registered. Deterministic across processes. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * Kysely's view of a pg pool whose clients run registered texts as named statements (pg prepares a name once
 * per connection and remembers it; a new connection after a restart prepares it again).
 */
export function poolWithPreparedStatements(pool: pg.Pool, timed?: (seconds: number) => void): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>): unknown {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as unknown as pg.Submittable);
      const name = names.get(sqlOrCursor);
      const values = parameters ? [...parameters] : undefined;
      const config: pg.QueryConfig = name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values };
      if (!timed) return client.query(config);
      // Each query's time into the metrics (decision 0122): pg's callback, so no promise more than pg's own.
      const started = performance.now();
      return new Promise((resolve, reject) => {
        client.query(config, (error: Error | undefined, result: unknown) => {
          timed((performance.now() - started) / 1000);
          if (error) reject(error);
          else resolve(result);
        });
      });
    }
    return { query, release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
