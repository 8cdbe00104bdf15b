import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { brandIndex } from '~/modules/catalog/brands.server';
import { nutritionFacts } from '~/modules/catalog/nutrition';
import { storePriceCents } from '~/modules/catalog/pricing';
import { productDetails } from '~/modules/catalog/product-details.server';
import { recipeDetails } from '~/modules/catalog/recipes.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { buildSmallCatalog, DEAR_STORE, IDS, NOW, STORE } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

describe.each(DIALECTS)('catalogue pages on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await buildSmallCatalog(test.db, test.dialect);
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  const ctx = async (storeId: number) => {
    const store = (await storeById(storeId))!;
    return priceContextFor(store, store.banner_id, NOW);
  };

  it('shows a product priced at the store, with the offers that apply and its aisle neighbours', async () => {
    const product = await productDetails(IDS.wholeMilk, 'grocery', await ctx(DEAR_STORE));
    expect(product).toMatchObject({
      name: 'Meadow Dairy Whole Milk, 1 gal',
      brandSlug: 'meadow-dairy',
      priceCents: storePriceCents(429, 11_000),
      stock: 'in_stock',
      aisle: { slug: 'milk', name: 'Milk' },
      department: { slug: 'dairy', name: 'Dairy Case' },
    });
    expect(product!.offers.map((offer) => offer.title)).toEqual(['Save $1.00 on Meadow Dairy Whole Milk']);
    expect(product!.related.map((p) => p.id)).toEqual([IDS.chocolateMilk]);
  });

  it('carries the Nutrition Facts label of a food, the same as the catalogue derives it, with its allergens', async () => {
    const eggs = await productDetails(IDS.whiteEggs, 'grocery', await ctx(STORE));
    expect(eggs!.nutrition).toEqual(
      nutritionFacts({
        id: IDS.whiteEggs,
        name: 'Hilltop Large White Eggs, 12 ct',
        brand: 'Hilltop',
        aisleSlug: 'eggs',
      }),
    );
    expect(eggs!.nutrition).toMatchObject({
      servingSize: '1 large egg (50g)',
      servingsPerContainer: 'About 12 servings per container',
      allergens: ['Eggs'],
    });
    const bananas = await productDetails(IDS.bananas, 'grocery', await ctx(STORE));
    expect(bananas!.nutrition).toMatchObject({ servingSize: '1 medium banana (126g)', allergens: [] });
  });

  it('gives each store its availability', async () => {
    expect((await productDetails(IDS.whiteEggs, 'grocery', await ctx(STORE)))!.stock).toBe('out_of_stock');
    expect((await productDetails(IDS.whiteEggs, 'grocery', await ctx(DEAR_STORE)))!.stock).toBe('in_stock');
  });

  it('finds nothing for an unknown id or a product of another shop', async () => {
    expect(await productDetails(960_999_999, 'grocery', await ctx(STORE))).toBeNull();
    expect(await productDetails(IDS.wholeMilk, 'wine', await ctx(STORE))).toBeNull();
  });

  it('links recipe ingredients to priced products and leaves pantry basics unlinked', async () => {
    const recipe = await recipeDetails('banana-bread', await ctx(STORE));
    expect(recipe!.steps).toEqual(['Mash.', 'Bake.']);
    expect(recipe!.ingredients.map((i) => [i.text, i.product?.id ?? null, i.product?.priceCents ?? null])).toEqual([
      ['3 ripe bananas', IDS.bananas, 179],
      ['1 cup chopped walnuts', null, null],
    ]);
    expect(await recipeDetails('no-such-recipe', await ctx(STORE))).toBeNull();
  });

  it('indexes brands by initial and marks letters without brands', async () => {
    const index = await brandIndex('M');
    expect(index.brands.map((b) => b.name)).toEqual(['Meadow Dairy']);
    expect(index.letters.find((l) => l.letter === 'H')!.count).toBe(1);
    expect(index.letters.find((l) => l.letter === 'Z')!.count).toBe(0);
    expect(index.letters.map((l) => l.letter).at(-1)).toBe('#');
    expect((await brandIndex(null)).brands).toHaveLength(3);
  });
});
