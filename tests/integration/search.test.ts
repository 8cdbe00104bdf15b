import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { storePriceCents } from '~/modules/catalog/pricing';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { buildSmallCatalog, DEAR_STORE, IDS, NOW, STORE, YOGURTS } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const params = (query: Record<string, string>) => asSearchParams(searchParamsSchema.parse(query));

describe.each(DIALECTS)('search on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

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

  const search = (query: Record<string, string>, at: Store = store) => searchProductsPage(at, params(query), NOW);
  const ids = async (query: Record<string, string>) => (await search(query)).products!.items.map((item) => item.id);

  it('ranks an exact name match above a description match, even a more popular one', async () => {
    expect(await ids({ q: 'saffron' })).toEqual([IDS.saffron, IDS.paellaKit]);
  });

  it('matches every word of the query, across name, brand, aisle and description', async () => {
    expect(await ids({ q: 'meadow chocolate' })).toEqual([IDS.chocolateMilk]);
    expect(await ids({ q: 'fresh fruit bananas' })).toEqual([IDS.bananas]);
    expect(await ids({ q: 'cocoa' })).toEqual([IDS.chocolateMilk]);
  });

  it.each([
    ['bananna', 'banana', IDS.bananas],
    ['choclate milk', 'chocolate milk', IDS.chocolateMilk],
    ['orgnic eggs', 'organic eggs', IDS.organicEggs],
  ])('finds what "%s" meant', async (typed, meant, first) => {
    const page = await search({ q: typed });
    expect(page.query.correctedText).toBe(meant);
    expect(page.products!.items[0]!.id).toBe(first);
  });

  it('searches for exactly what was typed when asked to (spell=off)', async () => {
    const page = await search({ q: 'bananna', spell: 'off' });
    expect(page.query.correctedText).toBeNull();
    expect(page.products!.total).toBe(0);
  });

  it('answers an empty or all-punctuation query with a blank page, not an error', async () => {
    for (const q of ['', '   ', '?!…--', '"*"']) {
      const page = await search({ q });
      expect(page.blank).toBe(true);
      expect(page.products).toBeNull();
    }
  });

  it('counts facets over the matches and narrows by each of them', async () => {
    const milk = await search({ q: 'milk' });
    expect(milk.products!.total).toBe(2);
    expect(milk.products!.facets.brands).toEqual([
      { value: 'meadow-dairy', label: 'Meadow Dairy', count: 2, selected: false },
    ]);
    expect(milk.products!.facets.departments).toEqual([
      { value: 'dairy', label: 'Dairy Case', count: 2, selected: false },
    ]);
    expect(milk.products!.facets.onOffer).toEqual({ count: 1, selected: false });
    expect(milk.products!.facets.prices.map((p) => [p.value, p.count])).toEqual([['2-5', 2]]);

    expect(await ids({ q: 'milk', offer: '1' })).toEqual([IDS.wholeMilk]);
    expect(await ids({ q: 'eggs', diet: 'organic' })).toEqual([IDS.organicEggs]);
    expect(await ids({ q: 'eggs', price: '2-5' })).toEqual([IDS.whiteEggs]);
    const dairy = await search({ department: 'dairy', brand: 'hilltop' });
    expect(dairy.products!.items.map((i) => i.id).sort()).toEqual([IDS.organicEggs, IDS.whiteEggs].sort());
    expect(dairy.products!.facets.aisles.map((a) => [a.value, a.count])).toEqual([['eggs', 2]]);
    const aisle = await search({ aisle: 'fresh-fruit' });
    expect(aisle.products!.total).toBe(3);
    expect(aisle.scope).toMatchObject({ aisle: 'Fresh Fruit', department: 'Produce' });
  });

  it('reports an unknown aisle, department or brand instead of showing everything', async () => {
    expect((await search({ aisle: 'no-such-aisle' })).unknownFilter).toBe('aisle');
    expect((await search({ q: 'milk', brand: 'nobody' })).unknownFilter).toBe('brand');
  });

  it('pages through results without repeats and sorts by price and unit price', async () => {
    const first = await search({ q: 'yogurt', sort: 'price-asc' });
    const second = await search({ q: 'yogurt', sort: 'price-asc', page: '2' });
    expect(first.products!.total).toBe(YOGURTS);
    expect(first.products!.pageCount).toBe(2);
    expect(first.products!.items).toHaveLength(24);
    expect(second.products!.items).toHaveLength(YOGURTS - 24);
    const all = [...first.products!.items, ...second.products!.items];
    expect(new Set(all.map((i) => i.id)).size).toBe(YOGURTS);
    expect(all.map((i) => i.priceCents)).toEqual([...all.map((i) => i.priceCents)].sort((a, b) => a - b));
    const descending = await search({ q: 'yogurt', sort: 'price-desc' });
    expect(descending.products!.items[0]!.priceCents).toBe(all.at(-1)!.priceCents);
    const byUnit = await search({ q: 'bananas fresh', sort: 'unit-price' });
    expect(byUnit.products!.items[0]!.unitPrice).toBe('$0.90/lb');
  });

  it('prices, sorts and filters at the shopper store, the same way the shelf tag rounds', async () => {
    const dear = (await storeById(DEAR_STORE))!;
    const page = await search({ q: 'eggs', sort: 'price-asc' }, dear);
    const prices = page.products!.items.map((i) => i.priceCents);
    expect(prices).toEqual([storePriceCents(399, 11_000), storePriceCents(599, 11_000)]);
    expect((await search({ q: 'eggs', price: '2-5' }, dear)).products!.items.map((i) => i.priceCents)).toEqual([
      storePriceCents(399, 11_000),
    ]);
  });

  it('shows each store its own availability', async () => {
    const here = await search({ q: 'white eggs' });
    expect(here.products!.items[0]).toMatchObject({ id: IDS.whiteEggs, stock: 'out_of_stock' });
    const there = await search({ q: 'white eggs' }, (await storeById(DEAR_STORE))!);
    expect(there.products!.items[0]).toMatchObject({ id: IDS.whiteEggs, stock: 'in_stock' });
  });

  it('finds recipes by title and by ingredient on the recipes tab, and counts both tabs', async () => {
    const byTitle = await search({ q: 'banana bread', tab: 'recipes' });
    expect(byTitle.recipes!.items.map((r) => r.slug)).toEqual(['banana-bread']);
    const byIngredient = await search({ q: 'walnuts', tab: 'recipes' });
    expect(byIngredient.recipes!.items.map((r) => r.slug)).toEqual(['banana-bread']);
    const products = await search({ q: 'bananas' });
    expect(products.counts).toEqual({ products: 1, recipes: 1 });
  });
});
