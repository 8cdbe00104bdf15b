import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { crossSellerSearch, marketplaceSearch, wineSearch } from '~/modules/search/shops.server';
import { searchSuggestions } from '~/modules/search/suggestions.server';
import type { Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, seededCatalogue } from './support/seeded-catalogue';

const NOW = new Date('2026-11-22T12:00:00Z');

/** What a shopper, a bot or a fuzzer may type: each is a normal page, results or none, never an error. */
const NASTY: [string, string][] = [
  ['1,000+ characters', 'organic milk '.repeat(100)],
  ['10,000 repeated words', 'milk '.repeat(10_000)],
  ['only punctuation', '!!! ??? ... ,,, ;;;'],
  ['a quote', '"milk'],
  ['a star', 'mil*'],
  ['NEAR(', 'NEAR(milk eggs, 2)'],
  ['OR', 'milk OR eggs'],
  ['a minus', '-milk'],
  ['a caret', '^milk'],
  ['a column filter', 'name:milk {facets}:dvegan'],
  ['SQL', "milk'; drop table products; --"],
  ['a NUL byte', 'milk\u0000eggs'],
  ['emoji', '🥛🥚 milk 🍞'],
  ['right-to-left text', 'חלב milk حليب'],
  ['a loop of synonyms', 'coke cola soda pop'],
];

describe.each(DIALECTS)('search with bad input on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    ({ test, store } = await seededCatalogue(dialect, 1_500, NOW));
  });
  afterAll(() => dropCatalogue(test));

  it.each(NASTY)('answers %s with a page', async (_, q) => {
    const params = searchParamsSchema.safeParse({ q });
    expect(params.success).toBe(true);
    const page = await searchProductsPage(store, asSearchParams(params.data!), NOW);
    expect(page.query.text.length).toBeLessThanOrEqual(100);
    expect(page.products === null || page.products.items.length >= 0).toBe(true);
    const shop = { q, sort: 'relevance' as const, page: 1 };
    await expect(wineSearch(shop)).resolves.toMatchObject({ page: 1 });
    await expect(marketplaceSearch(shop)).resolves.toMatchObject({ page: 1 });
    await expect(crossSellerSearch(store, q)).resolves.toHaveProperty('sections');
    await expect(searchSuggestions(q)).resolves.toBeInstanceOf(Array);
  });

  it('still finds milk in a query that repeats it ten thousand times', async () => {
    const page = await searchProductsPage(
      store,
      asSearchParams(searchParamsSchema.parse({ q: 'milk '.repeat(10_000) })),
      NOW,
    );
    expect(page.products!.total).toBeGreaterThan(0);
  });
});
