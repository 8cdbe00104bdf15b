/**
 * `npm run bench:relevance`: how well search finds what shoppers mean. Runs every judged query
 * (bench/search-relevance/queries.ts) the way the search results page asks for its first page — the page-level
 * call `searchProductsPage`, so it keeps measuring whatever ranking search uses — for the shopper's store
 * (Greenleaf Market Seattle) on the default catalogue (20,000 products), seeded once into .cache/ on SQLite and
 * into its own PostgreSQL database. Prints per class and overall mean P@5, NDCG@10 and dead ends, and the 15
 * worst queries with their first five names, and writes them to bench/results.md (its relevance section).
 * Nothing is asserted.
 *
 * BENCH_PG=0 skips PostgreSQL; BENCH_RELEVANCE_PG_DB names its database (default pantry_bench_relevance);
 * BENCH_RESEED=1 seeds again; BENCH_RELEVANCE_ALL=1 also prints every query's figures (not kept in the results file).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TargetRuns } from './search-relevance/report';

const PG = process.env.BENCH_PG !== '0';
// Parallel worktrees each use their own database.
const PG_DB = process.env.BENCH_RELEVANCE_PG_DB ?? 'pantry_bench_relevance';
const RESEED = process.env.BENCH_RESEED === '1';
const WORST = 15;
const ALL = process.env.BENCH_RELEVANCE_ALL === '1';

process.env.LOG_LEVEL = 'warn';
process.env.SESSION_SECRET ??= 'bench-secret-not-for-production';

const { useDatabaseForTests: pointDatabaseAt } = await import('../app/db/db.server');
const { DEFAULT_PRODUCT_COUNT } = await import('../app/db/seed/seed.server');
const { forgetTaxonomy } = await import('../app/modules/catalog/taxonomy.server');
const { forgetSearchVocabulary } = await import('../app/modules/search/vocabulary.server');
const { allStores, forgetCachedStores } = await import('../app/modules/stores/stores.server');
const { searchProductsPage } = await import('../app/modules/search/search.server');
const { asSearchParams, searchParamsSchema } = await import('../app/modules/search/query');
const { ensurePgDatabase, prepareCatalogue } = await import('./catalogue');
const { reportLines, writeResults } = await import('./results-file');
const { JUDGED_QUERIES } = await import('./search-relevance/queries');
const { judgedCatalogue, gradesFor, SHOPPER_STORE: STORE_NAME } = await import('./search-relevance/judged-catalogue');
const { classTable, everyQuery, runQuery, worstQueries } = await import('./search-relevance/report');

async function measure(target: string, url: string, pgRecordFile?: string): Promise<TargetRuns> {
  const { handle } = await prepareCatalogue(url, DEFAULT_PRODUCT_COUNT, { reseed: RESEED, pgRecordFile });
  pointDatabaseAt(handle);
  forgetCachedStores();
  forgetTaxonomy();
  forgetSearchVocabulary();
  try {
    const store = (await allStores()).find((candidate) => candidate.name === STORE_NAME);
    if (!store) throw new Error(`the catalogue has no store named ${STORE_NAME}`);
    const catalogue = await judgedCatalogue(handle.db);
    const runs = [];
    for (const query of JUDGED_QUERIES) {
      const page = await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q: query.q })));
      const shown = (page.products?.items ?? []).map((item) => ({ id: Number(item.id), name: item.name }));
      runs.push(runQuery(query, gradesFor(query, catalogue), shown));
    }
    return { target, runs };
  } finally {
    pointDatabaseAt(undefined);
    await handle.db.destroy();
  }
}

mkdirSync(path.resolve('.cache/bench-relevance'), { recursive: true });
const targets: TargetRuns[] = [await measure('SQLite', path.resolve('.cache/bench-relevance/pantry.sqlite'))];
if (PG) {
  const url = await ensurePgDatabase(PG_DB);
  if (url) targets.push(await measure('PostgreSQL', url, '.cache/bench-relevance-pg-seed.json'));
}

const { lines, print } = reportLines();
print(
  `\nPantry search relevance — ${JUDGED_QUERIES.length} judged queries, the first page of the search results page for ${STORE_NAME}, ${DEFAULT_PRODUCT_COUNT.toLocaleString('en-US')} products.`,
);
print(
  'P@5: relevant results (grade ≥ 2) among the first 5, over 5 or over the relevant products the catalogue holds when fewer. NDCG@10: graded gains against the best ten the catalogue holds. A must-find-nothing query scores 1 on both when the page is empty. Dead end: an empty page although the catalogue holds a product of grade ≥ 2.\n',
);
print(classTable(targets).join('\n'));
for (const target of targets) print(`\n${worstQueries(target, WORST).join('\n')}`);
writeResults('relevance', lines);
if (ALL) for (const target of targets) console.log(`\n${everyQuery(target).join('\n')}`);
process.exit(0);
