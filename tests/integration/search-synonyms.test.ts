import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillNewSynonymTable, synonymFileRows } from '~/db/seed/search-synonyms.seed';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import type { Store } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, seededCatalogue } from './support/seeded-catalogue';

const NOW = new Date('2026-11-22T12:00:00Z');

/** The seeded catalogue with the seed's synonym table: what shoppers type finds what they mean. */
describe.each(DIALECTS)('search synonyms over the seeded catalogue on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    ({ test, store } = await seededCatalogue(dialect, 1_500, NOW));
  });
  afterAll(() => dropCatalogue(test));

  const search = (q: string) =>
    searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q })), NOW).then((page) => ({
      ...page,
      names: (page.products?.items ?? []).map((item) => item.name.toLowerCase()),
      ids: (page.products?.items ?? []).map((item) => item.id),
    }));

  /** Aisle slugs of some products, in their order. */
  const aislesOf = async (ids: number[]) => {
    const rows = await test.db
      .selectFrom('products as p')
      .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
      .select(['p.id', 'a.slug'])
      .where('p.id', 'in', ids)
      .execute();
    const slug = new Map(rows.map((row) => [Number(row.id), row.slug]));
    return ids.map((id) => slug.get(id));
  };

  it('loads the seed file into the table', async () => {
    const rows = await test.db.selectFrom('search_synonyms').select(['words', 'means', 'kind']).execute();
    expect(rows).toContainEqual({ words: 'coke', means: 'cola', kind: 'brand' });
    expect(rows).toContainEqual({ words: 'gluten free', means: 'gluten-free', kind: 'attribute' });
  });

  it.each([
    ['toilet paper', /bath tissue/],
    ['tp', /bath tissue/],
    ['coke', /\bcola\b/],
    ['oj', /orange juice/],
    ['kleenex', /facial tissue/],
    ['advil', /ibuprofen/],
    ['hh', /half & half/],
  ])('"%s" ranks what it means first', async (q, meant) => {
    const { names } = await search(q);
    expect(names[0]).toMatch(meant);
    // Every product it means comes before any other.
    const firstOther = names.findIndex((name) => !meant.test(name));
    if (firstOther >= 0) expect(names.slice(firstOther).filter((name) => meant.test(name))).toEqual([]);
  });

  it.each([
    ['leche', /\bmilk\b/],
    ['papel higiénico', /bath tissue/],
    ['papel higienico', /bath tissue/],
    ['huevos', /\beggs?\b/],
    ['pan', /\bbread\b/],
    ['plátanos', /\bbananas?\b/],
    ['platanos', /\bbananas?\b/],
    ['jugo de naranja', /orange juice/],
    ['carne molida', /ground beef/],
  ])('the Spanish "%s" finds what it names in English', async (q, meant) => {
    const { names, query } = await search(q);
    expect(query.correctedText).toBeNull();
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(meant);
    expect(names.slice(0, 3).every((name) => meant.test(name))).toBe(true);
  });

  it('"coke" means cola, never a spelling correction to "cake"', async () => {
    const page = await search('coke');
    expect(page.query.correctedText).toBeNull();
    expect(page.query.tokens).toEqual(['cola']);
    expect(page.names.some((name) => /\bcake\b/.test(name))).toBe(false);
    // Cakes are there to be found: the word that looks like "coke" would have found them.
    expect((await search('cake')).names[0]).toMatch(/cake/);
  });

  it('"pop" finds soft drinks, not the products of a brand with "Pop" in its name', async () => {
    const page = await search('pop');
    expect(page.ids.length).toBeGreaterThanOrEqual(5);
    expect(new Set(await aislesOf(page.ids.slice(0, 5)))).toEqual(new Set(['soft-drinks']));
  });

  it('"gluten free bread" ranks gluten-free bread first, by its words or its tag', async () => {
    const page = await search('gluten free bread');
    expect(page.query.tokens).toEqual(['gluten free|@dglutenfree', 'bread']);
    const top = page.ids.slice(0, 3);
    expect(top).toHaveLength(3);
    const rows = await test.db
      .selectFrom('products')
      .select(['id', 'name', 'dietary_tags'])
      .where('id', 'in', top)
      .execute();
    for (const row of rows) {
      expect(row.name.toLowerCase()).toMatch(/bread/);
      expect(/gluten-free/i.test(row.name) || row.dietary_tags.includes(',gluten-free,')).toBe(true);
    }
    // "gf bread" means the same.
    expect((await search('gf bread')).ids.slice(0, 3)).toEqual(top);
  });

  it('keeps the shopper’s own words where they find products too', async () => {
    const page = await search('bbq');
    expect(page.query.tokens).toEqual(['bbq|barbecue']);
    expect(page.names[0]).toMatch(/barbecue|bbq/);
  });

  it('uses an edit to the table at the next search, in every process (the search version moves on)', async () => {
    const before = await search('fizzwater');
    expect(before.names).toEqual([]);
    const version = async () =>
      Number((await sql<{ v: number | string }>`select version as v from search_version`.execute(test.db)).rows[0]!.v);
    const was = await version();
    await test.db
      .insertInto('search_synonyms')
      .values({ words: 'fizzwater', means: 'sparkling water', kind: 'regional', keep_words: 0 })
      .execute();
    expect(await version()).toBeGreaterThan(was);
    const after = await search('fizzwater');
    expect(after.names[0]).toMatch(/sparkling water/);
    await test.db.deleteFrom('search_synonyms').where('words', '=', 'fizzwater').execute();
    expect((await search('fizzwater')).names).toEqual([]);
  });

  it('leaves out a row edited in place into something it cannot mean', async () => {
    await test.db
      .insertInto('search_synonyms')
      .values([
        { words: 'fizzwater', means: '" OR *', kind: 'regional', keep_words: 0 },
        { words: 'bubbly', means: 'cola', kind: 'fizzy', keep_words: 0 },
      ])
      .execute();
    try {
      expect((await search('fizzwater')).query.tokens).toEqual(['fizzwater']);
      expect((await search('bubbly')).query.tokens).not.toContain('cola');
      expect((await search('coke')).names[0]).toMatch(/\bcola\b/);
    } finally {
      await test.db.deleteFrom('search_synonyms').where('words', 'in', ['fizzwater', 'bubbly']).execute();
    }
  });

  it('leaves out rows edited into a loop instead of failing the search', async () => {
    await test.db
      .insertInto('search_synonyms')
      .values([
        { words: 'soda water', means: 'fizzy water', kind: 'regional', keep_words: 0 },
        { words: 'fizzy water', means: 'soda water', kind: 'regional', keep_words: 0 },
      ])
      .execute();
    try {
      const page = await search('coke');
      expect(page.names[0]).toMatch(/\bcola\b/);
      expect((await search('soda water')).query.tokens).toEqual(['soda', 'water']);
    } finally {
      await test.db.deleteFrom('search_synonyms').where('words', 'in', ['soda water', 'fizzy water']).execute();
      await test.db
        .insertInto('search_synonyms')
        .values({ words: 'fizzy water', means: 'sparkling water', kind: 'regional', keep_words: 0 })
        .execute();
    }
  });
});

describe.each(DIALECTS)('a database seeded before the synonym table on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('gets the file’s rows when the table is created, and keeps later edits after that', async () => {
    const count = async () =>
      Number(
        (await test.db
          .selectFrom('search_synonyms')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst())!.n,
      );
    expect(await fillNewSynonymTable(test.db, [])).toBeNull();
    expect(await count()).toBe(0);
    const loaded = await fillNewSynonymTable(test.db, ['0024-session-token-binding', '0025-search-synonyms']);
    expect(loaded).toBe(synonymFileRows().length);
    expect(await count()).toBe(loaded);
    await test.db.deleteFrom('search_synonyms').where('words', '=', 'coke').execute();
    expect(await fillNewSynonymTable(test.db, ['0024-session-token-binding'])).toBeNull();
    expect(await count()).toBe(loaded! - 1);
  });
});
