import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { searchSuggestions } from '~/modules/search/suggestions.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { TermCounter } from '~/modules/search/terms';
import { RECIPES } from '~/db/seed/data/recipe-vocabulary';
import { sql } from 'kysely';
import { allStores, forgetCachedStores } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const NOW = new Date('2026-11-22T12:00:00Z');

/** Typo tolerance against the whole demo vocabulary, where near misses have many neighbours. */
describe.each(DIALECTS)('search over the seeded catalogue on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 1_500, now: NOW, log: () => {} });
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  // PostgreSQL only: SQLite keeps no statistics unless asked, and its plans here do not need them.
  if (dialect === 'postgres')
    it('leaves PostgreSQL planner statistics for what it loaded', async () => {
      // A manual ANALYZE (autovacuum's shows as last_autoanalyze): the search's offer set, overrides
      // and facts are planned from these.
      const rows = await sql<{ relname: string }>`select relname from pg_stat_user_tables
      where last_analyze is not null and relname in ('offers', 'offer_products', 'store_product_overrides',
        'products', 'product_search')`.execute(test.db);
      expect(rows.rows.map((row) => row.relname).sort()).toEqual([
        'offer_products',
        'offers',
        'product_search',
        'products',
        'store_product_overrides',
      ]);
    });

  it('stores the vocabulary a per-product count gives (the seed counts products by shape)', async () => {
    // Every product's indexed texts (index-build.server.ts), counted one document at a time.
    const rows = await sql<{ name: string; brand: string; aisle: string; description: string }>`
      select p.name, b.name as brand, case
          when p.kind = 'grocery' then coalesce(a.name, '') || ' ' || coalesce(d.name, '')
          when p.kind = 'wine' then 'wine ' || w.varietal || ' ' || w.color || ' ' || w.region || ' ' || w.country
          else 'marketplace ' || s.name end as aisle, p.description
      from products p join brands b on b.id = p.brand_id left join aisles a on a.id = p.aisle_id
      left join departments d on d.id = a.department_id left join wine_details w on w.product_id = p.id
      left join sellers s on s.id = p.seller_id`.execute(test.db);
    const expected = new TermCounter();
    for (const row of rows.rows) expected.addDocument(row.name, row.brand, row.aisle, row.description);
    for (const recipe of RECIPES)
      expected.addDocument(recipe.title, recipe.description, ...recipe.ingredients.map((i) => i.text));
    const stored = await test.db.selectFrom('search_terms').select(['term', 'frequency']).execute();
    expect(new Map(stored.map((t) => [t.term, Number(t.frequency)]))).toEqual(expected.counts);
  });

  it.each([
    ['bananna', 'banana', /banana/i],
    ['choclate milk', 'chocolate milk', /chocolate.*milk|milk.*chocolate/i],
    ['orgnic eggs', 'organic eggs', /organic.*eggs/i],
  ])('"%s" finds %s', async (typed, meant, pattern) => {
    const store = (await allStores())[0]!;
    const page = await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q: typed })), NOW);
    expect(page.query.correctedText).toBe(meant);
    expect(page.products!.total).toBeGreaterThan(0);
    expect(page.products!.items[0]!.name).toMatch(pattern);
  });

  it('suggests completions and products as the shopper types', async () => {
    const suggestions = await searchSuggestions('choc');
    expect(suggestions[0]).toMatchObject({ kind: 'search', label: 'chocolate' });
    expect(suggestions.some((s) => s.kind === 'product' && /choc/i.test(s.label))).toBe(true);
  });
});
