import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { migrateToLatest } from '~/db/migrate.server';
import type { ProductTable } from '~/db/schema';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { rebuildSearchIndex } from '~/modules/search/index-build.server';
import { asSearchParams, countLabel, MATCH_CAP, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { TermCounter } from '~/modules/search/terms';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { buildSmallCatalog, IDS, NOW, STORE } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * A word broader than the cap (docs/decisions/0020-search-latency.md): the page looks at the best
 * MATCH_CAP matches only — facets count them, sorts order them — and says "1,000+".
 */
const GRANOLAS = MATCH_CAP + 200;
const FIRST_GRANOLA = 961_000_000;
/** Popular products that mention granola only in the description (relevance tier 2). */
const TOPPINGS = 5;
const FIRST_TOPPING = 962_000_000;
/** Brand 3 (Hilltop) makes every fourth granola: a filter below the cap is counted exactly. */
const HILLTOP_GRANOLAS = Math.ceil(GRANOLAS / 4);

const params = (query: Record<string, string>) => asSearchParams(searchParamsSchema.parse(query));

function granola(n: number): ProductTable {
  return {
    id: FIRST_GRANOLA + n,
    kind: 'grocery',
    name: `Crunchy Granola No. ${n}, 12 oz`,
    brand_id: n % 4 === 0 ? 3 : 1,
    aisle_id: n % 2 === 0 ? 1 : 4,
    seller_id: null,
    item_key: 'granola',
    size_label: '12 oz',
    size_quantity: 12,
    size_unit: 'oz',
    description: 'Oats and honey.',
    image_key: 'generic',
    // Many share a popularity, so the id decides their order.
    base_price_cents: 200 + (n % 97) * 10,
    dietary_tags: n % 3 === 0 ? (n % 5 === 0 ? ',gluten-free,organic,' : ',organic,') : '',
    attended_delivery_only: 0,
    popularity: (n * 7) % 50,
    popularity_prior: (n * 7) % 50,
    label_flags: 0,
  };
}

describe.each(DIALECTS)('a search broader than the cap on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  const granolas = Array.from({ length: GRANOLAS }, (_, n) => granola(n));
  // Best match: name matches by popularity (desc), then id; the cap keeps the first MATCH_CAP.
  const best = [...granolas].sort((a, b) => b.popularity - a.popularity || a.id - b.id).slice(0, MATCH_CAP);
  const search = (query: Record<string, string>) => searchProductsPage(store, params(query), NOW);

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await buildSmallCatalog(test.db, test.dialect);
    const toppings = Array.from({ length: TOPPINGS }, (_, n) => ({
      ...granola(0),
      id: FIRST_TOPPING + n,
      name: `Honey Yogurt Topping No. ${n}, 6 oz`,
      brand_id: 2,
      dietary_tags: '',
      aisle_id: 3,
      description: 'Spoon it over granola.',
      popularity: 10_000,
    }));
    for (let i = 0; i < granolas.length; i += 400)
      await test.db
        .insertInto('products')
        .values(granolas.slice(i, i + 400))
        .execute();
    await test.db.insertInto('products').values(toppings).execute();
    await rebuildSearchIndex(test.db, test.dialect, new TermCounter());
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
    store = (await storeById(STORE))!;
  }, 60_000);
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('shows "1,000+" and pages through the best 1,000 matches only', async () => {
    const page = await search({ q: 'granola' });
    const products = page.products!;
    expect(products.total).toBe(MATCH_CAP + 1);
    expect(countLabel(products.total)).toBe('1,000+');
    expect(page.counts.products).toBe(MATCH_CAP + 1);
    expect(products.pageCount).toBe(Math.ceil(MATCH_CAP / 24));
    expect(products.items.map((item) => item.id)).toEqual(best.slice(0, 24).map((p) => p.id));
    const last = await search({ q: 'granola', page: String(products.pageCount) });
    expect(last.products!.items.map((item) => item.id)).toEqual(
      best.slice((products.pageCount - 1) * 24).map((p) => p.id),
    );
    expect((await search({ q: 'granola', page: String(products.pageCount + 1) })).products!.items).toEqual([]);
  });

  it('counts facets over the best 1,000 matches, not the weaker matches beyond them', async () => {
    const { facets } = (await search({ q: 'granola' })).products!;
    const byDepartment = Object.fromEntries(facets.departments.map((d) => [d.value, d.count]));
    expect(byDepartment).toEqual({
      produce: best.filter((p) => p.aisle_id === 1).length,
      dairy: best.filter((p) => p.aisle_id === 4).length,
    });
    expect(facets.brands.reduce((sum, b) => sum + b.count, 0)).toBe(MATCH_CAP);
    expect(facets.diets).toEqual([
      { value: 'organic', label: 'Organic', count: best.filter((p) => p.dietary_tags).length, selected: false },
      {
        value: 'gluten-free',
        label: 'Gluten-free',
        count: best.filter((p) => p.dietary_tags.includes('gluten-free')).length,
        selected: false,
      },
    ]);
    expect(facets.prices.reduce((sum, p) => sum + p.count, 0)).toBe(MATCH_CAP);
  });

  it('applies filters before the cap, so a narrower search is counted exactly', async () => {
    const page = await search({ q: 'granola', brand: 'hilltop' });
    expect(page.products!.total).toBe(HILLTOP_GRANOLAS);
    expect(countLabel(page.products!.total)).toBe(HILLTOP_GRANOLAS.toLocaleString('en-US'));
    expect(page.products!.items[0]!.id).toBe(
      [...granolas].filter((p) => p.brand_id === 3).sort((a, b) => b.popularity - a.popularity || a.id - b.id)[0]!.id,
    );
  });

  it('filters by a hyphenated dietary tag', async () => {
    const page = await search({ q: 'granola', diet: 'gluten-free' });
    expect(page.products!.total).toBe(granolas.filter((p) => p.dietary_tags.includes('gluten-free')).length);
  });

  it('sorts by price within the best 1,000 matches', async () => {
    const page = await search({ q: 'granola', sort: 'price-asc' });
    const expected = [...best].sort((a, b) => a.base_price_cents - b.base_price_cents || a.id - b.id).slice(0, 24);
    expect(page.products!.items.map((item) => item.id)).toEqual(expected.map((p) => p.id));
  });

  it('still finds the weaker matches when the words are narrower', async () => {
    const page = await search({ q: 'granola spoon' });
    expect(page.products!.items.map((item) => item.id)).toEqual(
      Array.from({ length: TOPPINGS }, (_, n) => FIRST_TOPPING + n),
    );
    expect(countLabel(page.products!.total)).toBe(String(TOPPINGS));
  });
});

/** Migration 0013 on a catalogue seeded before it: the index is rebuilt, and search ranks as before. */
describe.each(DIALECTS)('migration 0013 on an already seeded catalogue on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await buildSmallCatalog(test.db, test.dialect);
    // Put the search table back the way 0004 left it, then let 0013 run again.
    await sql`delete from kysely_migration where name = '0013-search-order'`.execute(test.db);
    if (dialect === 'sqlite') {
      await sql`drop table product_search`.execute(test.db);
      await sql`create virtual table product_search using fts5(kind, name, brand, aisle, description,
        content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(
        test.db,
      );
      await sql`insert into product_search(rowid, kind, name, brand, aisle, description)
        select p.id, '', p.name, '', '', p.description from products p`.execute(test.db);
    } else {
      await sql`drop index product_search_name_idx`.execute(test.db);
      await sql`drop index product_search_near_idx`.execute(test.db);
      await sql`alter table product_search drop column name_doc, drop column near_doc, drop column rank_key`.execute(
        test.db,
      );
    }
    expect((await migrateToLatest(test.db, test.dialect)).applied).toEqual(['0013-search-order']);
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    forgetSearchVocabulary();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('re-indexes the catalogue: tiers, popularity order and filters work', async () => {
    const store = (await storeById(STORE))!;
    const search = (query: Record<string, string>) => searchProductsPage(store, params(query), NOW);
    expect((await search({ q: 'saffron' })).products!.items.map((i) => i.id)).toEqual([IDS.saffron, IDS.paellaKit]);
    expect((await search({ q: 'meadow chocolate' })).products!.items.map((i) => i.id)).toEqual([IDS.chocolateMilk]);
    const yogurts = (await search({ q: 'yogurt', brand: 'meadow-dairy' })).products!;
    expect(yogurts.total).toBe(30);
    expect(yogurts.items[0]!.name).toBe('Meadow Dairy Greek Yogurt No. 30, 6 oz');
  });
});
