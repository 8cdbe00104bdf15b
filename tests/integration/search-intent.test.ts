import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import type { Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, seededCatalogue } from './support/seeded-catalogue';

const NOW = new Date('2026-11-22T12:00:00Z');

/** The aisles a query means, learned from the seeded catalogue, come first on both dialects. */
describe.each(DIALECTS)('aisle intent over the seeded catalogue on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    ({ test, store } = await seededCatalogue(dialect, 3_000, NOW));
  });
  afterAll(() => dropCatalogue(test));

  /** The first page's products as [name, aisle slug], best first. */
  const firstPage = async (q: string, extra: Record<string, string> = {}) => {
    const page = await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q, ...extra })), NOW);
    const items = page.products?.items ?? [];
    const rows = items.length
      ? await test.db
          .selectFrom('products as p')
          .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
          .select(['p.id', 'a.slug'])
          .where(
            'p.id',
            'in',
            items.map((item) => item.id),
          )
          .execute()
      : [];
    const slug = new Map(rows.map((row) => [Number(row.id), row.slug]));
    return items.map((item) => ({ name: item.name.toLowerCase(), aisle: slug.get(item.id) }));
  };

  it('learns the intents when the index is built', async () => {
    const rows = await test.db.selectFrom('search_intents').select(['phrase', 'source']).execute();
    expect(rows).toContainEqual({ phrase: 'beer', source: 'aisle' });
    expect(rows).toContainEqual({ phrase: 'root beer', source: 'type' });
  });

  it('shows beer, not root beer, for "beer"', async () => {
    const shown = await firstPage('beer');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.slice(0, 5).every((product) => product.aisle === 'beer')).toBe(true);
    // Root beer is still found, after the beer.
    const rootBeer = shown.findIndex((product) => product.name.includes('root beer'));
    const lastBeer = shown.map((product) => product.aisle).lastIndexOf('beer');
    if (rootBeer >= 0) expect(rootBeer).toBeGreaterThan(lastBeer);
  });

  it.each([
    ['avocado', 'fresh-fruit'],
    ['salmon', 'seafood'],
    ['peanut butter', 'nut-butters-spreads'],
    ['bread', 'sliced-bread'],
    ['rice', 'rice-grains-beans'],
    ['oatmeal', 'oatmeal-hot-cereal'],
    ['chicken', 'chicken-turkey'],
  ])('shows "%s" from the aisle it means first', async (q, aisle) => {
    const shown = await firstPage(q);
    expect(shown[0]?.aisle, JSON.stringify(shown.slice(0, 5))).toBe(aisle);
  });

  it('keeps salmon for people above salmon for cats, and finds the cat food when asked', async () => {
    const shown = await firstPage('salmon');
    const firstPet = shown.findIndex((product) => product.aisle === 'cat-food' || product.aisle === 'dog-food');
    const lastSeafood = shown.map((product) => product.aisle).lastIndexOf('seafood');
    if (firstPet >= 0) expect(firstPet).toBeGreaterThan(lastSeafood);
    expect((await firstPage('cat food'))[0]?.aisle).toBe('cat-food');
  });

  it("lets the shopper's own aisle filter decide", async () => {
    const shown = await firstPage('peanut butter', { aisle: 'candy-chocolate' });
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((product) => product.aisle === 'candy-chocolate')).toBe(true);
  });
});
