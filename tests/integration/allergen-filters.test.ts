import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { backfillLabelFlags } from '~/db/seed/label-flags.seed';
import { meetsLabelFilters } from '~/modules/catalog/label-flags';
import { isSnapEligible } from '~/modules/catalog/snap-eligibility';
import { nutritionFacts } from '~/modules/catalog/nutrition';
import { productDetails } from '~/modules/catalog/product-details.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { allStores, forgetCachedStores } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const NOW = new Date('2026-11-22T12:00:00Z');
const params = (query: Record<string, string>) => asSearchParams(searchParamsSchema.parse(query));

describe.each(DIALECTS)('allergen and nutrition filters on %s', (dialect) => {
  let test: TestDatabase;
  const search = async (query: Record<string, string>) => {
    const [store] = await allStores();
    return searchProductsPage(store!, params(query), NOW);
  };
  const labelOf = async (id: number) => {
    const [store] = await allStores();
    return (await productDetails(id, 'grocery', priceContextFor(store!, store!.banner_id, NOW)))!.nutrition!;
  };

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 1_500, now: NOW });
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('finds peanut butter, and "free from peanuts" leaves out every product whose label lists peanuts', async () => {
    const all = await search({ q: 'peanut butter' });
    const names = all.products!.items.map((item) => item.name);
    expect(names.some((name) => /Peanut Butter,/.test(name))).toBe(true);
    const free = await search({ q: 'peanut butter', free: 'peanuts' });
    expect(free.products!.items.length).toBeGreaterThan(0);
    for (const item of free.products!.items) {
      expect(item.name).not.toMatch(/Peanut Butter,/);
      expect((await labelOf(item.id)).allergens).not.toContain('Peanuts');
    }
    // The facet count says how many the filter leaves.
    const count = all.products!.facets.freeFrom.find((option) => option.value === 'peanuts')!.count;
    expect(free.products!.total).toBe(count);
    expect(free.products!.facets.freeFrom.find((option) => option.value === 'peanuts')!.selected).toBe(true);
  });

  it('lists only products whose label declares 140 mg of sodium or less under "low sodium", on an aisle page', async () => {
    const aisle = await search({ aisle: 'canned-goods-soups' });
    const low = await search({ aisle: 'canned-goods-soups', nutrition: 'low-sodium' });
    expect(low.products!.total).toBeGreaterThan(0);
    expect(low.products!.total).toBeLessThan(aisle.products!.total);
    for (const item of low.products!.items) {
      const sodium = (await labelOf(item.id)).nutrients.find((n) => n.id === 'sodium')!.amount;
      expect(Number(/(\d+)mg/.exec(sodium)![1])).toBeLessThanOrEqual(140);
    }
  });

  it('"SNAP eligible" keeps the food SNAP may buy and counts it, and finds no beer', async () => {
    const [store] = await allStores();
    const ctx = priceContextFor(store!, store!.banner_id, NOW);
    const pizza = await search({ q: 'pizza' });
    const eligible = await search({ q: 'pizza', snap: '1' });
    expect(eligible.products!.total).toBe(pizza.products!.facets.snap.count);
    expect(eligible.products!.total).toBeGreaterThan(0);
    expect(eligible.products!.facets.snap.selected).toBe(true);
    for (const item of eligible.products!.items) {
      const details = (await productDetails(item.id, 'grocery', ctx))!;
      expect(isSnapEligible({ kind: 'grocery', aisleSlug: details.aisle?.slug ?? null, name: details.name })).toBe(
        true,
      );
    }
    const beer = await search({ q: 'beer' });
    expect(beer.products!.total).toBeGreaterThan(0);
    // Root beer is a soft drink SNAP may buy; nothing from the beer aisle stays.
    for (const item of (await search({ q: 'beer', snap: '1' })).products!.items)
      expect((await productDetails(item.id, 'grocery', ctx))!.aisle?.slug).not.toBe('beer');
    expect((await search({ aisle: 'beer', snap: '1' })).products!.total).toBe(0);
  });

  it('combines allergens: free from milk and wheat', async () => {
    const page = await search({ q: 'snacks', free: 'milk,wheat' });
    expect(page.products!.items.length).toBeGreaterThan(0);
    expect(page.products!.total).toBeLessThan((await search({ q: 'snacks' })).products!.total);
    for (const item of page.products!.items) {
      const allergens = (await labelOf(item.id)).allergens;
      expect(allergens).not.toContain('Milk');
      expect(allergens).not.toContain('Wheat');
    }
  });

  it('keeps the filters apart in the result cache: the same words with and without a filter differ', async () => {
    const plain = await search({ q: 'peanut butter' });
    const free = await search({ q: 'peanut butter', free: 'peanuts' });
    expect(free.products!.total).not.toBe(plain.products!.total);
  });

  it('stores the flags the rules compute, and the backfill writes the same ones again', async () => {
    const before = await sql<{ id: number; label_flags: number }>`select id, label_flags from products
      where kind = 'grocery' order by id`.execute(test.db);
    await sql`update products set label_flags = 0`.execute(test.db);
    await backfillLabelFlags(test.db);
    const after = await sql<{ id: number; label_flags: number }>`select id, label_flags from products
      where kind = 'grocery' order by id`.execute(test.db);
    expect(after.rows.map((r) => Number(r.label_flags))).toEqual(before.rows.map((r) => Number(r.label_flags)));
    // Every labelled product's flags agree with its printed label.
    const rows = await sql<{ id: number; name: string; brand: string; slug: string | null; label_flags: number }>`
      select p.id, p.name, b.name as brand, a.slug, p.label_flags from products p join brands b on b.id = p.brand_id
      left join aisles a on a.id = p.aisle_id where p.kind = 'grocery' order by p.id limit 300`.execute(test.db);
    for (const row of rows.rows) {
      const label = nutritionFacts({ id: Number(row.id), name: row.name, brand: row.brand, aisleSlug: row.slug });
      const flags = Number(row.label_flags);
      expect(meetsLabelFilters(flags, ['peanuts'], [])).toBe(label !== null && !label.allergens.includes('Peanuts'));
    }
  });
});
