import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aisleScopedTagTokensSchema } from '~/db/migrations/0052-aisle-scoped-tag-tokens';
import { asSearchParams, DIETARY_TAGS, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { facetToken, ID_SPAN } from '~/modules/search/search-key';
import type { Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, forgetCatalogueCaches, seededCatalogue } from './support/seeded-catalogue';
import { useDatabaseForTests } from '~/db/db.server';

const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * SQLite's facets column holds each dietary tag once more within the product's aisle
 * (docs/decisions/0121-aisle-scoped-tag-tokens.md), and the intent tiers ask for those tokens instead of
 * the tag's own: the pages are the ones PostgreSQL, which has no such tokens, shows.
 */
describe('aisle-scoped tag tokens on sqlite', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    ({ test } = await seededCatalogue('sqlite', 3_000, NOW));
  });
  afterAll(() => dropCatalogue(test));

  /** The product ids whose index row matches an FTS5 expression. */
  const matching = async (expression: string) =>
    (
      await sql<{ id: number }>`select rowid % ${sql.lit(ID_SPAN)} as id from product_search
        where product_search match ${expression} order by 1`.execute(test.db)
    ).rows.map((row) => Number(row.id));

  /** Grocery products of an aisle with a tag, from the products table. */
  const tagged = async (aisleId: number, tag: string) =>
    (
      await test.db
        .selectFrom('products')
        .select('id')
        .where('aisle_id', '=', aisleId)
        .where('dietary_tags', 'like', `%,${tag},%`)
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.id));

  /** Every (aisle, tag) pair the catalogue holds, with its products. */
  const pairs = async () => {
    const aisles = await test.db.selectFrom('aisles').select('id').orderBy('id').execute();
    const found: { token: string; ids: number[] }[] = [];
    for (const { id } of aisles)
      for (const tag of DIETARY_TAGS) {
        const ids = await tagged(Number(id), tag.id);
        if (ids.length) found.push({ token: facetToken.aisleDiet(Number(id), facetToken.diet(tag.id)), ids });
      }
    return found;
  };

  it('indexes each tag within its aisle: the token matches the aisle’s products with the tag, and only them', async () => {
    const expected = await pairs();
    expect(expected.length).toBeGreaterThan(20);
    for (const { token, ids } of expected) expect(await matching(`{facets} : ("${token}")`)).toEqual(ids);
  });

  it('is indexed by migration 0052 as the index build indexes it', async () => {
    const expressions = [
      '{facets} : ("dglutenfree")',
      '{name} : ("bread")',
      '{name brand aisle description} : ("organic" AND "milk")',
      '{facets} : ("a1")',
    ];
    const built = await Promise.all(expressions.map(matching));
    await aisleScopedTagTokensSchema('sqlite').up(test.db);
    expect(await Promise.all(expressions.map(matching))).toEqual(built);
    for (const { token, ids } of await pairs()) expect(await matching(`{facets} : ("${token}")`)).toEqual(ids);
  });
});

describe('attribute words, diet and label filters within the aisles the words mean', () => {
  const pages = new Map<string, Map<string, number[]>>();
  const QUERIES: Record<string, string>[] = [
    { q: 'gluten free bread' },
    { q: 'gluten free crackers' },
    { q: 'vegan ice cream' },
    { q: 'organic eggs' },
    { q: 'organic milk' },
    { q: 'cheese', diet: 'organic' },
    { q: 'yogurt', diet: 'vegan' },
    { q: 'gf pasta', page: '2' },
    // Label filters whose matches sit in the aisles the words mean: the word tiers beyond them are gated.
    { q: 'peanut butter', free: 'peanuts' },
    { q: 'crackers', free: 'milk,wheat' },
    { q: 'soup', nutrition: 'low-sodium' },
  ];

  beforeAll(async () => {
    for (const dialect of DIALECTS) {
      const { test, store }: { test: TestDatabase; store: Store } = await seededCatalogue(dialect, 3_000, NOW);
      const shown = new Map<string, number[]>();
      try {
        for (const query of QUERIES) {
          const page = await searchProductsPage(store, asSearchParams(searchParamsSchema.parse(query)), NOW);
          shown.set(JSON.stringify(query), page.products?.items.map((item) => item.id) ?? []);
          if (query.q === 'gluten free bread') expect(page.query.intentAisleIds?.length).toBeGreaterThan(0);
        }
      } finally {
        await dropCatalogue(test);
        useDatabaseForTests(undefined);
        forgetCatalogueCaches();
      }
      pages.set(dialect, shown);
    }
  }, 240_000);

  it('finds tagged products there', () => {
    const sqlite = pages.get('sqlite')!;
    for (const query of QUERIES) expect(sqlite.get(JSON.stringify(query))!.length).toBeGreaterThan(0);
  });

  it.skipIf(!DIALECTS.includes('postgres'))('shows the same pages on SQLite and PostgreSQL', () => {
    for (const query of QUERIES)
      expect([JSON.stringify(query), pages.get('sqlite')!.get(JSON.stringify(query))]).toEqual([
        JSON.stringify(query),
        pages.get('postgres')!.get(JSON.stringify(query)),
      ]);
  });
});
