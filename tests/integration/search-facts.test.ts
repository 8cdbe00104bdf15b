import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { searchFactsSchema } from '~/db/migrations/0017-search-facts';
import { searchFactsInStepSchema } from '~/db/migrations/0018-search-facts-in-step';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { DIETARY_TAGS, PRICE_BUCKETS, asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchKey } from '~/modules/search/search-key';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { storePriceCents } from '~/modules/catalog/pricing';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { buildSmallCatalog, NOW, STORE } from './support/catalog';
import { createTestDatabase, type TestDatabase } from './support/databases';

/**
 * SQLite's product_search_facts: one narrow row per product
 * under its search key, read by the search page instead of product rows. Products change only when
 * the catalogue is seeded or re-indexed (the app never edits them), so the index build and the
 * migration that fills an already seeded catalogue are what keep it right.
 */
const SIZE_OZ: Record<string, number> = { lb: 16, gal: 128, qt: 32, l: 33.814, ml: 0.033814 };

interface FactsRow {
  k: bigint;
  aisle_id: number | null;
  brand_id: number;
  tags: number;
  base_price_cents: number;
  size_oz: number;
}

describe('search facts on sqlite', () => {
  let test: TestDatabase;
  let store: Store;

  const facts = async () =>
    (
      await sql<FactsRow>`select cast(k as text) as k, aisle_id, brand_id, tags, base_price_cents, size_oz
      from product_search_facts order by k`.execute(test.db)
    ).rows.map((row) => ({ ...row, k: BigInt(row.k) }));

  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    await buildSmallCatalog(test.db, test.dialect);
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
    store = (await storeById(STORE))!;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('holds one row per product under its search key, with its aisle, brand, tags, price and size', async () => {
    const products = await test.db.selectFrom('products').selectAll().execute();
    const expected = products
      .map((p) => ({
        k: searchKey(p.kind, p.popularity, p.id),
        aisle_id: p.aisle_id,
        brand_id: p.brand_id,
        tags: DIETARY_TAGS.reduce((bits, tag, i) => bits + (p.dietary_tags.includes(`,${tag.id},`) ? 2 ** i : 0), 0),
        base_price_cents: p.base_price_cents,
        size_oz: p.size_quantity * (SIZE_OZ[p.size_unit] ?? 1),
      }))
      .sort((a, b) => (a.k < b.k ? -1 : 1));
    expect(expected.some((row) => row.tags !== 0)).toBe(true);
    expect(await facts()).toEqual(expected);
  });

  it('is filled by migration 0017 exactly as the index build fills it', async () => {
    const built = await facts();
    await sql`drop table product_search_facts`.execute(test.db);
    // 0018's triggers write to the table: recreate them with it (0018 adds the offered flag).
    await sql`drop trigger offer_products_search_offered`.execute(test.db);
    await sql`drop trigger products_search_price`.execute(test.db);
    await searchFactsSchema('sqlite').up(test.db);
    await searchFactsInStepSchema('sqlite').up(test.db);
    expect(await facts()).toEqual(built);
  });

  it('counts facets and prices from the facts as the shelf prices them', async () => {
    const page = await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q: 'yogurt' })), NOW);
    const products = page.products!;
    // Every match's shelf price at this store, from the products table and the pricing rule.
    const rows = await sql<{ id: number; base_price_cents: number; price_cents: number | null }>`
      select p.id, p.base_price_cents, o.price_cents from products p
      left join store_product_overrides o on o.store_id = ${STORE} and o.product_id = p.id
      where p.kind = 'grocery' and (p.name like '%yogurt%' or p.description like '%yogurt%')`.execute(test.db);
    const prices = rows.rows.map((row) =>
      storePriceCents(row.base_price_cents, store.price_factor_bp, row.price_cents, store.priceTier),
    );
    expect(products.total).toBe(prices.length);
    const byBucket = Object.fromEntries(products.facets.prices.map((p) => [p.value, p.count]));
    for (const bucket of PRICE_BUCKETS) {
      const count = prices.filter((c) => c >= bucket.min && (bucket.max === null || c <= bucket.max)).length;
      expect(byBucket[bucket.id] ?? 0).toBe(count);
    }
    const cheapest = await searchProductsPage(
      store,
      asSearchParams(searchParamsSchema.parse({ q: 'yogurt', sort: 'price-asc' })),
      NOW,
    );
    expect(cheapest.products!.items[0]!.priceCents).toBe(Math.min(...prices));
  });
});

describe('seeding on sqlite', () => {
  it('restores the durability and cache settings it loosens for the load', async () => {
    const test = await createTestDatabase('sqlite');
    try {
      const before = {
        synchronous: (await sql<{ synchronous: number }>`pragma synchronous`.execute(test.db)).rows[0]!.synchronous,
        cache: (await sql<{ cache_size: number }>`pragma cache_size`.execute(test.db)).rows[0]!.cache_size,
      };
      await seedDatabase(test.db, test.dialect, { products: 300, now: NOW, log: () => {} });
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(test.db)).rows[0]!.synchronous).toBe(
        before.synchronous,
      );
      expect((await sql<{ cache_size: number }>`pragma cache_size`.execute(test.db)).rows[0]!.cache_size).toBe(
        before.cache,
      );
      expect(before.synchronous).not.toBe(0);
      // The FTS5 load settings are back to FTS5's defaults too.
      const config = await sql<{ k: string; v: number }>`select k, v from product_search_config
        where k in ('automerge', 'hashsize') order by k`.execute(test.db);
      expect(config.rows.map((row) => [row.k, Number(row.v)])).toEqual([
        ['automerge', 4],
        ['hashsize', 1048576],
      ]);
    } finally {
      await test.drop();
    }
  });
});
