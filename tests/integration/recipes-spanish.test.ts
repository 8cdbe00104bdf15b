import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { RECIPES } from '~/db/seed/data/recipe-vocabulary';
import { RECIPE_WORDS_ES } from '~/db/seed/data/recipe-vocabulary-es';
import { recipeDetails } from '~/modules/catalog/recipes.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { recipeItems } from '~/modules/lists/list-items.server';
import { priceContextFor, type PriceContext } from '~/modules/search/price-context.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/** Decision 0124: a recipe's own words in the shopper's language, English where a row has no Spanish. */
describe.each(DIALECTS)('recipes in Spanish on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let ctx: PriceContext;
  const now = new Date('2026-11-20T15:00:00.000Z');
  const es = (english: string) => RECIPE_WORDS_ES[english]!;
  const written = (slug: string) => RECIPES.find((recipe) => recipe.slug === slug)!;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300, now });
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
    const { default_store_id } = await test.db
      .selectFrom('banners')
      .select('default_store_id')
      .where('id', '=', 'greenleaf')
      .executeTakeFirstOrThrow();
    store = (await storeById(default_store_id))!;
    ctx = priceContextFor(store, store.banner_id, now);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it("gives a Spanish shopper the recipe's words in Spanish and an English shopper the same recipe unchanged", async () => {
    const recipe = written('chicken-fajitas');
    const english = (await recipeDetails(recipe.slug, ctx, 'en'))!;
    const spanish = (await recipeDetails(recipe.slug, ctx, 'es'))!;
    expect(english.title).toBe('Chicken Fajitas');
    expect(english.description).toBe(recipe.description);
    expect(english.steps).toEqual(recipe.steps);
    expect(english.ingredients.map((i) => i.text)).toEqual(recipe.ingredients.map((i) => i.text));
    expect(spanish.title).toBe('Fajitas de pollo');
    expect(spanish.description).toBe(es(recipe.description));
    expect(spanish.steps).toEqual(recipe.steps.map(es));
    expect(spanish.ingredients.map((i) => i.text)).toEqual(recipe.ingredients.map((i) => es(i.text)));
    expect(spanish.ingredients.map((i) => i.text)).toContain('2 limones verdes');
    // The same products at the same prices, their names as printed on the package.
    expect(spanish.ingredients.map((i) => i.product)).toEqual(english.ingredients.map((i) => i.product));
    expect(spanish.ingredients.some((i) => i.product !== null)).toBe(true);
    // Search indexes the English words, so the page's link back to the recipes searches for them.
    expect(spanish.searchTitle).toBe('Chicken Fajitas');
  });

  it('shows the English words of a row that has no Spanish', async () => {
    const recipe = written('steak-fajitas');
    const { id } = await test.db
      .selectFrom('recipes')
      .select('id')
      .where('slug', '=', recipe.slug)
      .executeTakeFirstOrThrow();
    await test.db.updateTable('recipes').set({ title_es: null, steps_json_es: null }).where('id', '=', id).execute();
    await test.db
      .updateTable('recipe_ingredients')
      .set({ text_es: null })
      .where('recipe_id', '=', id)
      .where('position', '=', 0)
      .execute();
    const spanish = (await recipeDetails(recipe.slug, ctx, 'es'))!;
    expect(spanish.title).toBe('Steak Fajitas');
    expect(spanish.description).toBe(es(recipe.description));
    expect(spanish.steps).toEqual(recipe.steps);
    expect(spanish.ingredients[0]!.text).toBe(recipe.ingredients[0]!.text);
    expect(spanish.ingredients[1]!.text).toBe(es(recipe.ingredients[1]!.text));
  });

  it("writes the recipe cards of search results in the shopper's language, one language per answer", async () => {
    const search = (language: 'en' | 'es') =>
      searchProductsPage(
        store,
        asSearchParams(searchParamsSchema.parse({ q: 'fajitas', tab: 'recipes' })),
        now,
        language,
      );
    const cardOf = async (language: 'en' | 'es') =>
      (await search(language)).recipes!.items.find((card) => card.slug === 'chicken-fajitas')!;
    // Asked twice each, so a cached answer in one language is never served in the other.
    for (let round = 0; round < 2; round++) {
      expect(await cardOf('en')).toMatchObject({
        title: 'Chicken Fajitas',
        description: written('chicken-fajitas').description,
      });
      expect(await cardOf('es')).toMatchObject({
        title: 'Fajitas de pollo',
        description: es(written('chicken-fajitas').description),
      });
    }
    const spanish = await search('es');
    expect(spanish.counts.recipes).toBe((await search('en')).counts.recipes);
  });

  it("adds a recipe's lines without a product to a list in the shopper's language", async () => {
    const row = await test.db
      .selectFrom('recipe_ingredients as i')
      .innerJoin('recipes as r', 'r.id', 'i.recipe_id')
      .select(['r.slug', 'i.text', 'i.text_es'])
      .where('i.product_id', 'is', null)
      .where('i.text_es', 'is not', null)
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    const texts = async (language: 'en' | 'es') =>
      (await recipeItems(row.slug, language))!.items.flatMap((item) => ('text' in item ? [item.text] : []));
    expect(await texts('es')).toContain(row.text_es);
    expect(await texts('en')).toContain(row.text);
    expect(await texts('es')).not.toContain(row.text);
  });
});
