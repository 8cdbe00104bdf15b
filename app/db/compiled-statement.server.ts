import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { prepareOnPostgres } from './prepared-statements.server';
import type { Database } from './schema';

export interface CompiledStatement<Args extends unknown[], Row> {
  /** Runs the statement (compiled for `db` on its first call) with these values. */
  (db: Kysely<Database>, ...args: Args): Promise<Row[]>;
  /**
   * Runs it inside `tx`, one of `db`'s transactions: compiled once for `db` (a transaction is a new Kysely
   * object each time, so keyed on it the statement would be compiled again on every call).
   */
  within(tx: Transaction<Database>, db: Kysely<Database>, ...args: Args): Promise<Row[]>;
}

/**
 * A statement Kysely builds and compiles once per database, then runs with each call's values: recompiling the
 * small statements of every signed-in page cost more CPU than running them.
 *
 * `build` gets one placeholder per argument, a marker to put into the query as a value (never to compute with),
 * and must use each at least once (else it throws); they are found again in the compiled parameters, so their
 * order and repetition do not matter. On PostgreSQL the text runs as a prepared statement.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...placeholders: Args) => CompiledQuery<Row>,
): CompiledStatement<Args, Row> {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; slots: number[] }>();
  const compiledFor = (db: Kysely<Database>, count: number) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholders = Array.from({ length: count }, (_, i) => `\u0000compiled-once-placeholder-${i}\u0000`);
      const query = build(db, ...(placeholders as Args));
      const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
      for (const [i] of placeholders.entries())
        if (!slots.includes(i)) throw new Error(`compiledOnce: placeholder ${i} must appear in the query`);
      entry = { query, slots };
      compiled.set(db, entry);
      prepareOnPostgres(query.sql);
    }
    return entry;
  };
  const run = async (conn: Kysely<Database>, db: Kysely<Database>, args: Args) => {
    const { query, slots } = compiledFor(db, args.length);
    const parameters = query.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    return (await conn.executeQuery<Row>({ ...query, parameters })).rows;
  };
  return Object.assign((db: Kysely<Database>, ...args: Args) => run(db, db, args), {
    within: (tx: Transaction<Database>, db: Kysely<Database>, ...args: Args) => run(tx, db, args),
  });
}
