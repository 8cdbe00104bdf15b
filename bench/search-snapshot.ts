/**
 * `npx tsx bench/search-snapshot.ts <out.json>`: what search answers (items in order, counts, facets,
 * carousels) for a fixed set of queries, stores and clock, on the catalogues `npm run bench:search`
 * seeded. Run it before and after a change to search and diff the two files: a speed-up must not
 * change a result. BENCH_SIZES picks the SQLite catalogues, BENCH_PG=0 skips
 * PostgreSQL (BENCH_PG_DB names it). Each search page is asked for twice, the second time from the
 * search cache (decision 0035): the script stops if the cached answer differs from the computed one.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const SIZES = (process.env.BENCH_SIZES ?? '100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PG = process.env.BENCH_PG !== '0';
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BENCH_DB = process.env.BENCH_PG_DB ?? 'pantry_bench_search';
const out = process.argv[2] ?? '.cache/search-snapshot.json';

process.env.LOG_LEVEL = 'warn';
process.env.SESSION_SECRET ??= 'bench-secret-not-for-production';

const { openDatabase, useDatabaseForTests: pointDatabaseAt } = await import('../app/db/db.server');
const { migrateToLatest } = await import('../app/db/migrate.server');
const { forgetTaxonomy } = await import('../app/modules/catalog/taxonomy.server');
const { forgetSearchVocabulary } = await import('../app/modules/search/vocabulary.server');
const { allStores, forgetCachedStores } = await import('../app/modules/stores/stores.server');
const { searchProductsPage, productResults } = await import('../app/modules/search/search.server');
const { searchCacheStats } = await import('../app/modules/search/search-cache.server');
const { priceContextFor } = await import('../app/modules/search/price-context.server');
const { asSearchParams, searchParamsSchema, PAGE_SIZE } = await import('../app/modules/search/query');
const { QUERIES } = await import('./search-queries');

const MORE: Record<string, string>[] = [
  { q: 'milk', page: '2' },
  { q: 'milk', offer: '1' },
  { q: 'milk', offer: '1', sort: 'price-desc' },
  { q: 'cheese', price: 'under-2' },
  { q: 'cheese', price: '50-plus', sort: 'unit-price' },
  { q: 'yogurt', diet: 'vegan', price: '2-5' },
  { q: 'bread', diet: 'gluten-free', offer: '1' },
  { q: 'coffee', department: 'beverages' },
  { q: 'ch', sort: 'price-asc' },
  { department: 'dairy-eggs-cheese', sort: 'price-asc' },
  { aisle: 'fresh-fruit', diet: 'organic' },
  { aisle: 'fresh-fruit', offer: '1', page: '2' },
  { q: 'water', sort: 'unit-price', page: '5' },
];
// The same instant for every run, within the seeded offers' windows.
const NOW = new Date(process.env.SNAPSHOT_NOW ?? '2026-11-25T12:00:00.000Z');

async function snapshot(url: string) {
  const handle = openDatabase({ url, poolMax: 10 });
  await migrateToLatest(handle.db, handle.dialect);
  pointDatabaseAt(handle);
  forgetCachedStores();
  forgetTaxonomy();
  forgetSearchVocabulary();
  const answers: Record<string, unknown> = {};
  try {
    const stores = await allStores();
    // A few stores of different banners and price factors, one of them a business-tier store.
    const picked = [stores[0]!, stores[7]!, stores[stores.length - 1]!];
    for (const store of picked) {
      for (const tier of ['consumer', 'business'] as const) {
        const shopper = { ...store, priceTier: tier };
        for (const raw of [...QUERIES, ...MORE]) {
          const params = asSearchParams(searchParamsSchema.parse(raw));
          const page = await searchProductsPage(shopper, params, NOW);
          const hits = searchCacheStats().hits;
          const again = await searchProductsPage(shopper, params, NOW);
          if (searchCacheStats().hits !== hits + 1 || JSON.stringify(again) !== JSON.stringify(page))
            throw new Error(`${store.id}/${tier}/${new URLSearchParams(raw)}: the cached answer differs or missed`);
          answers[`${store.id}/${tier}/${new URLSearchParams(raw)}`] = page;
        }
      }
    }
    // Shipped goods: the wine shop and marketplace pages' product queries.
    const ctx = priceContextFor(null, '', NOW);
    for (const kind of ['wine', 'marketplace'] as const) {
      for (const sort of ['relevance', 'price-asc', 'unit-price'] as const) {
        for (const filters of [{}, { price: '10-20' as const }, { diet: 'organic' as const }]) {
          for (const tokens of [[], ['red'], ['organic']]) {
            answers[`${kind}/${sort}/${JSON.stringify(filters)}/${tokens}`] = await productResults(ctx, {
              kind,
              tokens,
              filters,
              sort,
              page: 1,
              pageSize: PAGE_SIZE,
            });
          }
        }
      }
    }
  } finally {
    pointDatabaseAt(undefined);
    await handle.db.destroy();
  }
  return answers;
}

const all: Record<string, unknown> = {};
for (const size of SIZES)
  all[`sqlite-${size}`] = await snapshot(path.resolve(`.cache/bench-search-${size}/pantry.sqlite`));
if (PG) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_BENCH_DB}`;
  all.postgres = await snapshot(url.toString());
}
writeFileSync(out, JSON.stringify(all, null, 1));
console.log(
  `wrote ${out}: ${Object.values(all)
    .map((a) => Object.keys(a as object).length)
    .join(', ')} answers`,
);
process.exit(0);
