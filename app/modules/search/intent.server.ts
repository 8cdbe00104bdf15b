import { sql, type Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { learnIntents, SearchIntents, type IntentRow, type IntentSource } from './intent';
import { perSearchVersion } from './per-search-version.server';

/**
 * The search_intents table (docs/decisions/0077-product-types-and-aisle-intent.md): learned from the
 * catalogue when the search index is built, read by each process once per search version.
 */

/** Learns the rows from the grocery catalogue and stores them (inside the index build's transaction). */
export async function storeSearchIntents(db: Kysely<Database>) {
  const aisles = await db.selectFrom('aisles').select(['id', 'name']).execute();
  // One product per shelf item and aisle stands for all of them (the type is the item's, not the
  // brand's). CROSS JOIN keeps the few groups outermost on SQLite, whose planner would otherwise
  // scan them once per product.
  const shelved = await sql<{ name: string; brand: string; aisle_id: number; products: number | string }>`
    with s as materialized (select min(id) as id, aisle_id, count(*) as products from products
      where kind = 'grocery' and aisle_id is not null group by item_key, aisle_id)
    select p.name, b.name as brand, s.aisle_id, s.products
    from s cross join products p join brands b on b.id = p.brand_id
    where p.id = s.id`.execute(db);
  const rows = learnIntents(
    aisles.map((aisle) => ({ id: Number(aisle.id), name: aisle.name })),
    shelved.rows.map((row) => ({
      name: row.name,
      brand: row.brand,
      aisleId: Number(row.aisle_id),
      products: Number(row.products),
    })),
  );
  await db.deleteFrom('search_intents').execute();
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('search_intents')
      .values(
        rows.slice(i, i + 1000).map((row) => ({
          phrase: row.phrase,
          aisle_id: row.aisleId,
          source: row.source,
          weight: row.weight,
        })),
      )
      .execute();
}

const intents = perSearchVersion(async (db) => {
  const rows = await db.selectFrom('search_intents').select(['phrase', 'aisle_id', 'source', 'weight']).execute();
  return new SearchIntents(
    rows.map((row): IntentRow => ({
      phrase: row.phrase,
      aisleId: Number(row.aisle_id),
      source: row.source as IntentSource,
      weight: Number(row.weight),
    })),
  );
});

/** The current database's learned intents, read again whenever the search version moved. */
export function searchIntents(version?: string | null): Promise<SearchIntents> {
  return intents.get(version);
}

export function forgetSearchIntents() {
  intents.forget();
}
