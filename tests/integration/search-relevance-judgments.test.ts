import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '~/db/seed/data/shelf-vocabulary';
import { DEFAULT_PRODUCT_COUNT, seedDatabase } from '~/db/seed/seed.server';
import {
  gradesFor,
  judgedCatalogue,
  SHOPPER_STORE,
  type CatalogueProduct,
} from '../../bench/search-relevance/judged-catalogue';
import { judgedQuerySchema, QUERY_CLASSES, RELEVANT_GRADE } from '../../bench/search-relevance/judgments';
import { JUDGED_QUERIES } from '../../bench/search-relevance/queries';
import { createTestDatabase, type TestDatabase } from './support/databases';

const NOW = new Date('2026-11-22T12:00:00Z');

/** The judged query set of `npm run bench:relevance` (bench/search-relevance/queries.ts). */
describe('the judged search query set', () => {
  it('is well formed', () => {
    const problems = JUDGED_QUERIES.flatMap((query) => {
      const parsed = judgedQuerySchema.safeParse(query);
      return parsed.success ? [] : [`${query.q}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('holds at least 150 distinct queries and several of every class', () => {
    const texts = JUDGED_QUERIES.map((query) => query.q.toLowerCase());
    expect(texts.length).toBeGreaterThanOrEqual(150);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
    for (const name of QUERY_CLASSES)
      expect(JUDGED_QUERIES.filter((query) => query.class === name).length, name).toBeGreaterThanOrEqual(5);
  });

  it('names only aisles and departments the catalogue has', () => {
    const departments = new Set(DEPARTMENTS.map((department) => department.slug));
    const aisles = new Set(DEPARTMENTS.flatMap((department) => department.aisles.map((aisle) => aisle.slug)));
    const unknown = JUDGED_QUERIES.flatMap((query) =>
      query.rules.flatMap((rule) => [
        ...(rule.aisle ?? []).filter((slug) => !aisles.has(slug)).map((slug) => `${query.q}: aisle ${slug}`),
        ...(rule.department ?? [])
          .filter((slug) => !departments.has(slug))
          .map((slug) => `${query.q}: department ${slug}`),
      ]),
    );
    expect(unknown).toEqual([]);
  });
});

/**
 * The judgments against the default catalogue the bench measures (20,000 products, the default random seed).
 * A smaller seed leaves some queries without a relevant product: at 1,500 products "organic milk" and "button nose
 * diapers", at 3,000 still "button nose diapers". The seeded catalogue is the same on both databases and the
 * judge runs in JavaScript, so SQLite alone checks the judgments (the bench measures search on both).
 */
describe('the judged queries over the default catalogue', () => {
  const dialect = 'sqlite';
  let test: TestDatabase;
  let catalogue: CatalogueProduct[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: DEFAULT_PRODUCT_COUNT, now: NOW, log: () => {} });
    catalogue = await judgedCatalogue(test.db);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('reads every grocery product with its aisle and department', () => {
    expect(catalogue).toHaveLength(DEFAULT_PRODUCT_COUNT);
    expect(catalogue.every((product) => product.aisle && product.department)).toBe(true);
  });

  it('finds a product of grade 2 or more for every query that should find something', () => {
    const empty = JUDGED_QUERIES.filter((query) => query.class !== 'nothing')
      .filter((query) => ![...gradesFor(query, catalogue).values()].some((grade) => grade >= RELEVANT_GRADE))
      .map((query) => query.q);
    expect(empty).toEqual([]);
  });

  it('has the shopper store the bench searches as', async () => {
    const store = await test.db.selectFrom('stores').select('id').where('name', '=', SHOPPER_STORE).executeTakeFirst();
    expect(store).toBeDefined();
  });
});
