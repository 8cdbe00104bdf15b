import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * SQLite: product_search_facts, one narrow row per product
 * keyed by its search key (the FTS5 rowid), holding what facets, prices and sorts need (aisle, brand,
 * dietary tags as bits, base price, size in ounces/fluid ounces/each), so a search reads its best
 * matches' facts in key order instead of their wide product rows. Filled from an already seeded
 * catalogue with a frozen copy of the statement of the time. PostgreSQL: small partial GIN indexes
 * for the wine and marketplace carousels, which otherwise walked every grocery match of a word.
 */
export function searchFactsSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'sqlite') return postgresKindIndexes(db);
      await sql`create table product_search_facts (
        k integer primary key,
        aisle_id integer,
        brand_id integer not null,
        tags integer not null,
        base_price_cents integer not null,
        size_oz real not null
      )`.execute(db);
      await sql`insert into product_search_facts(k, aisle_id, brand_id, tags, base_price_cents, size_oz)
        select (case p.kind when 'wine' then 1 when 'marketplace' then 2 else 0 end) * 2305843009213693952
            + (1073741823 - min(max(p.popularity, 0), 1073741823)) * 2147483648 + p.id,
          p.aisle_id, p.brand_id,
          (instr(p.dietary_tags, ',organic,') > 0) + (instr(p.dietary_tags, ',gluten-free,') > 0) * 2
            + (instr(p.dietary_tags, ',vegan,') > 0) * 4 + (instr(p.dietary_tags, ',dairy-free,') > 0) * 8
            + (instr(p.dietary_tags, ',kosher,') > 0) * 16 + (instr(p.dietary_tags, ',low-sodium,') > 0) * 32
            + (instr(p.dietary_tags, ',sugar-free,') > 0) * 64 + (instr(p.dietary_tags, ',keto,') > 0) * 128,
          p.base_price_cents,
          p.size_quantity * case p.size_unit when 'lb' then 16 when 'gal' then 128 when 'qt' then 32
            when 'l' then 33.814 when 'ml' then 0.033814 else 1 end
        from products p order by 1`.execute(db);
    },
  };
}

async function postgresKindIndexes(db: AnyDb) {
  for (const kind of ['wine', 'marketplace'] as const) {
    for (const vector of ['name_doc', 'near_doc', 'document'] as const) {
      await sql`create index ${sql.raw(`product_search_${kind}_${vector}_idx`)} on product_search
        using gin (${sql.raw(vector)}) where kind = ${sql.lit(kind)}`.execute(db);
    }
  }
}
