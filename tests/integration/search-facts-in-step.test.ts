import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { migrateToLatest } from '~/db/migrate.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { buildSmallCatalog, IDS, NOW, STORE } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * What search reads beside its index stays in step with the catalogue: SQLite's
 * `offered` flag follows offers through a trigger, and both dialects' copies of a product's price
 * and size (PostgreSQL: also aisle, brand and diet, with their lexemes) follow the product.
 * Migration 0018 on an already indexed catalogue leaves what the index build leaves.
 */
describe.each(DIALECTS)('search facts in step on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  const search = async (params: Record<string, string>) =>
    (await searchProductsPage(store, asSearchParams(searchParamsSchema.parse(params)), NOW)).products!;
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
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

  it('counts and filters a product on offer once it joins an offer, and not once the offer ends', async () => {
    const yogurt = IDS.firstYogurt + 3;
    expect((await search({ q: 'yogurt', offer: '1' })).total).toBe(0);
    expect((await search({ q: 'yogurt' })).facets.onOffer.count).toBe(0);

    await test.db
      .insertInto('offers')
      .values({
        id: 2,
        banner_id: 'greenleaf',
        title: 'Save on yogurt',
        description: 'Save.',
        category: 'Dairy',
        offer_type: 'SC',
        kind: 'amount',
        value: 50,
        min_quantity: 1,
        brand_id: 2,
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: '2026-12-31T00:00:00.000Z',
        image_key: 'generic',
      })
      .execute();
    await test.db.insertInto('offer_products').values({ offer_id: 2, product_id: yogurt }).execute();
    const offered = await search({ q: 'yogurt', offer: '1' });
    expect(ids(offered.items)).toEqual([yogurt]);
    expect((await search({ q: 'yogurt' })).facets.onOffer.count).toBe(1);

    // Ended before NOW: the flag stays, the offer's window decides.
    await test.db.updateTable('offers').set({ ends_at: '2026-11-20T00:00:00.000Z' }).where('id', '=', 2).execute();
    expect((await search({ q: 'yogurt', offer: '1' })).total).toBe(0);
    expect((await search({ q: 'yogurt' })).facets.onOffer.count).toBe(0);
  });

  it('prices, buckets and sorts a product by its new price once the price changes', async () => {
    const yogurt = IDS.firstYogurt; // 100 cents: under $2 among yogurts of 100…390 cents
    const under2 = await search({ q: 'yogurt', price: 'under-2' });
    expect(ids(under2.items)).toContain(yogurt);
    expect((await search({ q: 'yogurt', price: '5-10' })).total).toBe(0);

    await test.db.updateTable('products').set({ base_price_cents: 650 }).where('id', '=', yogurt).execute();
    expect(ids((await search({ q: 'yogurt', price: '5-10' })).items)).toEqual([yogurt]);
    expect(ids((await search({ q: 'yogurt', price: 'under-2' })).items)).not.toContain(yogurt);
    const all = await search({ q: 'yogurt', sort: 'price-desc' });
    expect(all.items[0]!.id).toBe(yogurt);
    expect(all.facets.prices.find((p) => p.value === '5-10')?.count).toBe(1);
    // The unit price follows a new size too: $6.50 for 100 lb is the cheapest per unit by far.
    await test.db
      .updateTable('products')
      .set({ size_quantity: 100, size_unit: 'lb' })
      .where('id', '=', yogurt)
      .execute();
    expect((await search({ q: 'yogurt', sort: 'unit-price' })).items[0]!.id).toBe(yogurt);
  });

  // SQLite's aisle, brand and diet filters are FTS5 facet tokens, re-indexed with the catalogue (0020).
  if (dialect === 'postgres')
    it("filters by a product's new diet, aisle and brand once they change", async () => {
      const yogurt = IDS.firstYogurt + 7;
      expect((await search({ q: 'yogurt', diet: 'vegan' })).total).toBe(0);
      await test.db.updateTable('products').set({ dietary_tags: ',vegan,' }).where('id', '=', yogurt).execute();
      const vegan = await search({ q: 'yogurt', diet: 'vegan' });
      expect(ids(vegan.items)).toEqual([yogurt]);
      expect((await search({ q: 'yogurt' })).facets.diets.find((d) => d.value === 'vegan')?.count).toBe(1);

      await test.db.updateTable('products').set({ aisle_id: 1, brand_id: 3 }).where('id', '=', yogurt).execute();
      expect(ids((await search({ q: 'yogurt', aisle: 'fresh-fruit' })).items)).toEqual([yogurt]);
      expect(ids((await search({ q: 'yogurt', brand: 'hilltop' })).items)).toEqual([yogurt]);
      expect(ids((await search({ q: 'yogurt', aisle: 'yogurt' })).items)).not.toContain(yogurt);
    });
});

/** Migration 0018 on a catalogue indexed before it: the same rows as the index build, and the triggers. */
describe.each(DIALECTS)('migration 0018 on an indexed %s catalogue', (dialect) => {
  it('fills the facts (and on PostgreSQL the lexemes) as the index build does', async () => {
    const test = await createTestDatabase(dialect);
    try {
      await buildSmallCatalog(test.db, test.dialect);
      await test.db.insertInto('offer_products').values({ offer_id: 1, product_id: IDS.bananas }).execute();
      const snapshot = async () =>
        dialect === 'sqlite'
          ? (
              await sql`select cast(k as text) as k, aisle_id, brand_id, tags, base_price_cents, size_oz, offered
                from product_search_facts order by k`.execute(test.db)
            ).rows
          : (
              await sql`select product_id, kind, rank_key, aisle_id, brand_id, seller_id, tags, base_price_cents,
                  size_oz, name_doc::text as name_doc, near_doc::text as near_doc, document::text as document
                from product_search order by product_id`.execute(test.db)
            ).rows;
      // The index build ran before the offer row above: rebuild so both sides see it.
      const { rebuildSearchIndex } = await import('~/modules/search/index-build.server');
      const { TermCounter } = await import('~/modules/search/terms');
      await rebuildSearchIndex(test.db, test.dialect, new TermCounter());
      const built = await snapshot();
      expect(built.length).toBeGreaterThan(30);

      // Back to the state before 0018, as a catalogue indexed by the previous release has it.
      if (dialect === 'sqlite') {
        await sql`drop trigger offer_products_search_offered`.execute(test.db);
        await sql`drop trigger products_search_price`.execute(test.db);
        await sql`alter table product_search_facts drop column offered`.execute(test.db);
      } else {
        await sql`drop trigger products_search_facts on products`.execute(test.db);
        await sql`drop function products_search_facts()`.execute(test.db);
        await sql`alter table product_search drop column aisle_id, drop column brand_id, drop column seller_id,
          drop column tags, drop column base_price_cents, drop column size_oz`.execute(test.db);
        for (const vector of ['name_doc', 'near_doc', 'document'])
          await sql`update product_search set ${sql.ref(vector)} = ts_delete(${sql.ref(vector)},
            array(select lexeme from unnest(${sql.ref(vector)}) where lexeme like '@%'))`.execute(test.db);
      }
      await sql`delete from kysely_migration where name = '0018-search-facts-in-step'`.execute(test.db);
      const report = await migrateToLatest(test.db, test.dialect);
      expect(JSON.stringify(report)).toContain('0018-search-facts-in-step');
      expect(await snapshot()).toEqual(built);

      // The triggers are back: a new price reaches the facts.
      await test.db.updateTable('products').set({ base_price_cents: 777 }).where('id', '=', IDS.saffron).execute();
      const price =
        dialect === 'sqlite'
          ? await sql<{ p: number }>`select base_price_cents as p from product_search_facts
              where k % 2147483648 = ${IDS.saffron}`.execute(test.db)
          : await sql<{ p: number }>`select base_price_cents as p from product_search
              where product_id = ${IDS.saffron}`.execute(test.db);
      expect(Number(price.rows[0]!.p)).toBe(777);
    } finally {
      await test.drop();
    }
  });
});
