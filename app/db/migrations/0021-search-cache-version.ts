import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0035-search-result-cache.md. One row, `search_version`, that every write to what a
 * search page reads moves on, so a per-process cache of search pages can tell (with one cheap read)
 * whether anything it answered from may have changed — whichever process or tool wrote it.
 * PostgreSQL counts statements (a seeding statement of thousands of rows bumps it once); SQLite has
 * only row triggers. FTS5 tables cannot carry triggers: they are written with (after) the rows below.
 */
export const SEARCH_INPUT_TABLES = {
  common: [
    'products',
    'brands',
    'aisles',
    'departments',
    'sellers',
    'wine_details',
    'store_product_overrides',
    'offers',
    'offer_products',
    'recipes',
    'recipe_ingredients',
    'search_terms',
  ],
  sqlite: ['product_search_facts'],
  postgres: ['product_search', 'recipe_search'],
} as const;

export function searchCacheVersionSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await sql`create table search_version (id integer primary key, version bigint not null)`.execute(db);
      await sql`insert into search_version (id, version) values (1, 0)`.execute(db);
      const tables = [...SEARCH_INPUT_TABLES.common, ...SEARCH_INPUT_TABLES[dialect]];
      if (dialect === 'sqlite') {
        for (const table of tables)
          for (const event of ['insert', 'update', 'delete'])
            await sql`create trigger ${sql.raw(`${table}_search_version_${event}`)} after ${sql.raw(event)}
              on ${sql.table(table)} begin update search_version set version = version + 1 where id = 1; end`.execute(
              db,
            );
        return;
      }
      await sql`create function bump_search_version() returns trigger language plpgsql as $$
        begin update search_version set version = version + 1 where id = 1; return null; end $$`.execute(db);
      for (const table of tables)
        await sql`create trigger ${sql.raw(`${table}_search_version`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function bump_search_version()`.execute(db);
    },
  };
}
