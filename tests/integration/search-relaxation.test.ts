import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popularSearches } from '~/modules/search/popular-searches.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchCacheStats } from '~/modules/search/search-cache.server';
import { searchProductsPage } from '~/modules/search/search.server';
import { crossSellerSearch, marketplaceSearch, wineSearch } from '~/modules/search/shops.server';
import { searchSuggestions } from '~/modules/search/suggestions.server';
import type { Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, seededCatalogue } from './support/seeded-catalogue';

const NOW = new Date('2026-11-22T12:00:00Z');

/** No dead ends, and the same understanding of a query on every page that searches (decision 0075). */
describe.each(DIALECTS)('search without dead ends on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    ({ test, store } = await seededCatalogue(dialect, 1_500, NOW));
  });
  afterAll(() => dropCatalogue(test));

  const search = (params: Record<string, string>) =>
    searchProductsPage(store, asSearchParams(searchParamsSchema.parse(params)), NOW).then((page) => ({
      ...page,
      names: (page.products?.items ?? []).map((item) => item.name.toLowerCase()),
    }));

  it('shows the results of a query without its modifier when every word together finds nothing', async () => {
    const page = await search({ q: 'unscented laundry detergent' });
    expect(page.query).toMatchObject({ text: 'unscented laundry detergent', relaxedText: 'laundry detergent' });
    expect(page.query.tokens).toEqual(['laundry', 'detergent']);
    expect(page.products!.total).toBeGreaterThan(0);
    expect(page.names[0]).toMatch(/laundry detergent/);
    expect(page.help).toBeNull();
  });

  it('drops a word nothing knows, keeping the head noun', async () => {
    const page = await search({ q: 'zzqx milk' });
    expect(page.query.relaxedText).toBe('milk');
    expect(page.names[0]).toMatch(/milk/);
    // The recipes tab shows the same interpretation, with the same counts.
    const recipes = await search({ q: 'zzqx milk', tab: 'recipes' });
    expect(recipes.query).toEqual(page.query);
    expect(recipes.counts).toEqual(page.counts);
  });

  it('searches exactly what was typed behind "Search instead for" (spell=off): no relaxing, help instead', async () => {
    const page = await search({ q: 'unscented laundry detergent', spell: 'off' });
    expect(page.query.relaxedText).toBeNull();
    expect(page.products!.total).toBe(0);
    expect(page.help!.departments.length).toBeGreaterThan(5);
    expect(page.help!.searches.length).toBeGreaterThan(3);
  });

  it('does not relax a query whose words as typed find something', async () => {
    const page = await search({ q: 'laundry detergent' });
    expect(page.query.relaxedText).toBeNull();
    expect(page.products!.total).toBeGreaterThan(0);
  });

  it.each(['lawn mower', 'iphone charger', 'television', 'band-aid', 'milk zzqx'])(
    'leaves "%s" with nothing rather than junk, and offers departments and popular searches',
    async (q) => {
      const page = await search({ q });
      expect(page.query.relaxedText).toBeNull();
      // "lawn mower" is corrected to "lawn power", which finds nothing either: the page does not offer it.
      expect(page.query.correctedText).toBeNull();
      expect(page.products!.total).toBe(0);
      expect(page.help!.departments.map((d) => d.slug)).toContain('produce');
      expect(page.help!.searches).toEqual(await popularSearches());
    },
  );

  it('offers popular searches that each find what they name, from several departments', async () => {
    const searches = await popularSearches();
    expect(searches).toHaveLength(8);
    for (const q of searches) {
      const page = await search({ q, spell: 'off' });
      expect(page.products!.total, q).toBeGreaterThan(0);
    }
  });

  it('keeps a relaxed answer in the page cache like any other', async () => {
    const first = await search({ q: 'zzqx laundry detergent', sort: 'price-asc' });
    expect(first.query.relaxedText).toBe('laundry detergent');
    const hits = searchCacheStats().hits;
    expect(await search({ q: 'zzqx laundry detergent', sort: 'price-asc' })).toEqual(first);
    expect(searchCacheStats().hits).toBe(hits + 1);
  });

  it('relaxes wine, marketplace and cross-seller searches the same way', async () => {
    const wine = await wineSearch({ q: 'zzqx cabernet', sort: 'relevance', page: 1 });
    expect(wine.query.relaxedText).toBe('cabernet');
    expect(wine.total).toBeGreaterThan(0);
    expect((await wineSearch({ q: 'zzqx cabernet', sort: 'relevance', page: 1, spell: 'off' })).total).toBe(0);

    const market = await marketplaceSearch({ q: 'zzqx olive oil', sort: 'relevance', page: 1 });
    expect(market.query.relaxedText).toBe('olive oil');
    expect(market.total).toBeGreaterThan(0);

    const everywhere = await crossSellerSearch(store, 'unscented laundry detergent');
    expect(everywhere.query.relaxedText).toBe('laundry detergent');
    const grocery = everywhere.sections.find((section) => section.source === 'grocery')!;
    expect(grocery.total).toBeGreaterThan(0);
    expect(grocery.moreHref).toBe('/shop/search-results.html?q=laundry%20detergent');
    const exact = await crossSellerSearch(store, 'unscented laundry detergent', true);
    expect(exact.query.relaxedText).toBeNull();
    expect(exact.sections.every((section) => section.total === 0)).toBe(true);
  });

  it.each([
    ['oj', 'orange juice', /orange juice/i],
    ['tp', 'bath tissue', /bath tissue/i],
    ['coke', 'cola', /\bcola\b/i],
  ])('suggests what "%s" means as the shopper types: %s', async (typed, meant, products) => {
    const suggestions = await searchSuggestions(typed);
    expect(suggestions[0]).toMatchObject({ kind: 'search', label: meant });
    const names = suggestions.filter((s) => s.kind === 'product').map((s) => s.label);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(products);
  });

  it('reads the words before a synonym the same way', async () => {
    expect((await searchSuggestions('organic oj'))[0]).toMatchObject({ kind: 'search', label: 'organic orange juice' });
    expect((await searchSuggestions('orgnic oj'))[0]).toMatchObject({ kind: 'search', label: 'organic orange juice' });
  });

  it('still completes a word the synonym table does not know', async () => {
    const suggestions = await searchSuggestions('choc');
    expect(suggestions[0]).toMatchObject({ kind: 'search', label: 'chocolate' });
  });
});
