import type { DatabaseConnection, QueryResult } from 'kysely';
import { CompiledQuery, SqliteDialect, SqliteDriver, type SqliteDialectConfig } from 'kysely';

/**
 * How long one statement waits for another process's write lock before failing with SQLITE_BUSY
 * (which the app answers with 503 + Retry-After). docs/decisions/0024.
 */
export const SQLITE_LOCK_WAIT_MS = 1_000;
/** After a wait ran out, statements that find the lock still taken fail at once for this long. */
const FAIL_FAST_MS = 500;
const RETRY_EVERY_MS = 10;

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY');

/** How many distinct statements stay prepared (search builds a few hundred shapes at most). */
const STATEMENT_CACHE_SIZE = 500;

interface SqliteStatement {
  reader: boolean;
  all: (parameters: unknown[]) => unknown[];
  run: (parameters: unknown[]) => { changes?: number | bigint; lastInsertRowid?: number | bigint };
}

/** Told each statement's duration in seconds. */
export type QueryTimer = (seconds: number) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * better-sqlite3 is synchronous: its own busy_timeout would freeze the whole process while another
 * process holds the write lock. So busy_timeout is 0 and this driver waits for the lock between
 * event-loop turns instead (other requests keep being served), up to SQLITE_LOCK_WAIT_MS.
 *
 * Transactions start with BEGIN IMMEDIATE: a deferred transaction that reads first and then writes
 * fails with SQLITE_BUSY_SNAPSHOT (no retry possible) when another process wrote in between; taking
 * the write lock up front makes every transaction either wait or fail before it changed anything.
 */
class LockWaitingDriver extends SqliteDriver {
  #failFastUntil = 0;
  readonly #database: SqliteDialectConfig['database'];
  readonly #timed: QueryTimer | undefined;
  /**
   * Prepared statements by SQL text (most recently used last). Kysely prepares every statement
   * anew; for search's long statements preparing cost a third of their run time.
   */
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(config: SqliteDialectConfig, timed?: QueryTimer) {
    super(config);
    this.#database = config.database;
    this.#timed = timed;
  }

  /** Kysely's SqliteConnection.executeQuery with a reused prepared statement. */
  #execute(query: CompiledQuery): QueryResult<unknown> {
    if (typeof this.#database === 'function') throw new Error('statement cache needs the database object');
    const database = this.#database as unknown as { prepare: (sql: string) => SqliteStatement };
    let statement = this.#statements.get(query.sql);
    if (statement) this.#statements.delete(query.sql);
    else {
      statement = database.prepare(query.sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
    }
    this.#statements.set(query.sql, statement);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let inTransaction = false;
    const timed = this.#timed;
    const run = async (query: CompiledQuery) => {
      // A statement's time, lock waits included, as Kysely's log hook timed it (decision 0122), without its extra
      // await per query.
      const began = timed ? performance.now() : 0;
      const started = Date.now();
      try {
        for (;;) {
          try {
            return typeof this.#database === 'function' ? await connection.executeQuery(query) : this.#execute(query);
          } catch (error) {
            // Only a statement outside a transaction (or the BEGIN itself) is safe to run again.
            const failFast = Date.now() < this.#failFastUntil;
            if (!isBusy(error) || inTransaction || failFast) throw error;
            if (Date.now() - started >= SQLITE_LOCK_WAIT_MS) {
              this.#failFastUntil = Date.now() + FAIL_FAST_MS;
              throw error;
            }
            await sleep(RETRY_EVERY_MS);
          }
        }
      } finally {
        if (timed) timed((performance.now() - began) / 1000);
      }
    };
    const wrapped: DatabaseConnection & { setInTransaction: (value: boolean) => void } = {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => run(query) as Promise<QueryResult<R>>,
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
      setInTransaction: (value: boolean) => {
        inTransaction = value;
      },
    };
    return wrapped;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    (connection as unknown as { setInTransaction: (value: boolean) => void }).setInTransaction(true);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as unknown as { setInTransaction: (value: boolean) => void }).setInTransaction(false);
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as unknown as { setInTransaction: (value: boolean) => void }).setInTransaction(false);
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
}

/**
 * Kysely's better-sqlite3 dialect with lock waits that do not block the event loop. `timed`, when given, is told
 * each statement's seconds (the query metrics, decision 0122): timed here rather than through Kysely's log hook,
 * which awaits every query once more.
 */
export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #timed: QueryTimer | undefined;

  constructor(config: SqliteDialectConfig & { timed?: QueryTimer }) {
    super(config);
    this.#config = config;
    this.#timed = config.timed;
  }

  createDriver() {
    return new LockWaitingDriver(this.#config, this.#timed);
  }
}
