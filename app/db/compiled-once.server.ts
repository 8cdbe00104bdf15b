import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A statement that Kysely builds and compiles once per database and then runs with each call's values
 * (decision 0036). Kysely rebuilds and recompiles a query's tree on every call: for the one-row lookups
 * that every signed-in page makes (the token's grant, the customer's state version) that cost more CPU
 * than running the statement.
 *
 * `build` receives one placeholder per argument and must use each exactly where the value goes; the
 * placeholders are found again in the compiled parameters, so their order in the SQL does not matter and
 * constants the query names stay as they are.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...placeholders: { [K in keyof Args]: string }) => CompiledQuery<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; slots: number[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholders = args.map((_, i) => `\u0000compiled-once-placeholder-${i}\u0000`);
      const query = build(db, ...(placeholders as { [K in keyof Args]: string }));
      const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
      for (const [i] of placeholders.entries())
        if (slots.filter((slot) => slot === i).length !== 1)
          throw new Error(`compiledOnce: placeholder ${i} must appear exactly once in the query`);
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
