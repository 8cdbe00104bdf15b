import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, useDatabaseForTests } from '~/db/db.server';
import { SEARCH_INPUT_TABLES } from '~/db/migrations/0021-search-cache-version';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { SEARCH_CACHE_ENTRIES, searchCacheStats } from '~/modules/search/search-cache.server';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { buildSmallCatalog, IDS, NOW, STORE } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * The search cache (decision 0035) answers a repeated search without running it, and never with an
 * answer that a write — by this process or another — or the clock (an offer starting or ending)
 * has made stale.
 */
describe.each(DIALECTS)('search cache on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  const search = async (params: Record<string, string>, now = NOW) =>
    searchProductsPage(store, asSearchParams(searchParamsSchema.parse(params)), now);
  const priceOf = async (params: Record<string, string>, id: number) =>
    (await search(params)).products!.items.find((item) => item.id === id)?.priceCents;
  /** Runs `work` and says how many searches it answered from the cache. */
  const hitsDuring = async (work: () => Promise<unknown>) => {
    const before = searchCacheStats().hits;
    await work();
    return searchCacheStats().hits - before;
  };

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

  it('answers a repeated search from the cache with the same answer', async () => {
    const first = await search({ q: 'yogurt', sort: 'price-asc' });
    let again: Awaited<ReturnType<typeof search>> | undefined;
    expect(await hitsDuring(async () => (again = await search({ q: 'yogurt', sort: 'price-asc' })))).toBe(1);
    expect(again).toEqual(first);
    // Another store, tier or query is another answer.
    expect(await hitsDuring(() => search({ q: 'yogurt', sort: 'price-desc' }))).toBe(0);
    expect(
      await hitsDuring(() =>
        searchProductsPage(
          { ...store, priceTier: 'business' },
          asSearchParams(searchParamsSchema.parse({ q: 'yogurt', sort: 'price-asc' })),
          NOW,
        ),
      ),
    ).toBe(0);
  });

  it('gives every caller its own copy', async () => {
    const first = await search({ q: 'milk' });
    first.products!.items.length = 0;
    first.query.tokens.push('changed');
    const again = await search({ q: 'milk' });
    expect(again.products!.items.length).toBeGreaterThan(0);
    expect(again.query.tokens).toEqual(['milk']);
  });

  it("answers with a store's new price once its override changes", async () => {
    expect(await priceOf({ q: 'bananas' }, IDS.bananas)).not.toBe(1234);
    await test.db
      .insertInto('store_product_overrides')
      .values({ store_id: STORE, product_id: IDS.bananas, price_cents: 1234, stock_status: null })
      .execute();
    expect(await priceOf({ q: 'bananas' }, IDS.bananas)).toBe(1234);
    await test.db
      .updateTable('store_product_overrides')
      .set({ price_cents: 1111 })
      .where('store_id', '=', STORE)
      .where('product_id', '=', IDS.bananas)
      .execute();
    expect(await priceOf({ q: 'bananas' }, IDS.bananas)).toBe(1111);
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', IDS.bananas).execute();
    expect(await priceOf({ q: 'bananas' }, IDS.bananas)).not.toBe(1111);
  });

  it('counts an offer on offer while it runs and not once it has ended, with nothing written between', async () => {
    // The whole milk offer runs 2026-11-01 … 2026-12-31.
    expect((await search({ q: 'milk' })).products!.facets.onOffer.count).toBe(1);
    const later = new Date('2027-01-15T12:00:00Z');
    expect((await search({ q: 'milk' }, later)).products!.facets.onOffer.count).toBe(0);
    expect((await search({ q: 'milk', offer: '1' }, later)).products!.total).toBe(0);
    expect((await search({ q: 'milk' })).products!.facets.onOffer.count).toBe(1);
  });

  it('sees a write made through another connection, as another process would make it', async () => {
    const named = async () => (await search({ q: 'saffron' })).products!.items.find((i) => i.id === IDS.saffron)?.name;
    const before = await named();
    expect(before).toBeDefined();
    expect(await hitsDuring(named)).toBe(1);
    const other = openDatabase({ url: test.url, poolMax: 1 });
    try {
      await other.db
        .updateTable('products')
        .set({ name: 'Saffron Threads, 2 g' })
        .where('id', '=', IDS.saffron)
        .execute();
    } finally {
      await other.db.destroy();
    }
    expect(await named()).toBe('Saffron Threads, 2 g');
  });

  it('moves the search version on every write to a table a search reads', async () => {
    const tables = [...SEARCH_INPUT_TABLES.common, ...SEARCH_INPUT_TABLES[dialect]];
    const version = async () =>
      Number((await sql<{ v: number | string }>`select version as v from search_version`.execute(test.db)).rows[0]!.v);
    const triggers =
      dialect === 'sqlite'
        ? await sql<{
            t: string;
            s: string;
          }>`select tbl_name as t, sql as s from sqlite_master where type = 'trigger'`.execute(test.db)
        : await sql<{ t: string; s: string }>`select c.relname as t, pg_get_triggerdef(g.oid) as s
            from pg_trigger g join pg_class c on c.oid = g.tgrelid where not g.tgisinternal`.execute(test.db);
    for (const table of tables) {
      const definitions = triggers.rows
        .filter((row) => row.t === table && /search_version/.test(row.s))
        .map((row) => row.s);
      const events =
        dialect === 'sqlite'
          ? ['INSERT', 'UPDATE', 'DELETE']
          : ['AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON', 'FOR EACH STATEMENT'];
      for (const event of events)
        expect(
          definitions.some((d) => d.toUpperCase().includes(event)),
          `${table} ${event}`,
        ).toBe(true);
    }
    const before = await version();
    await test.db.updateTable('brands').set({ name: 'Meadow Dairy' }).where('id', '=', 2).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it(`keeps at most ${SEARCH_CACHE_ENTRIES} answers, the most recently used`, async () => {
    await search({ q: 'eggs' });
    await search({ q: 'bananas' });
    for (let n = 1; n <= SEARCH_CACHE_ENTRIES; n++) {
      await search({ q: `nothing${n}`, spell: 'off' });
      if (n % 100 === 0) expect(await hitsDuring(() => search({ q: 'bananas' }))).toBe(1); // kept: recently used
    }
    expect(await hitsDuring(() => search({ q: 'bananas' }))).toBe(1);
    expect(await hitsDuring(() => search({ q: 'eggs' }))).toBe(0);
  });
});
