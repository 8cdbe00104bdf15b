/**
 * `npx tsx bench/search-parts.ts`: where the search page's time goes, per query and per part
 * (spelling, results + facets, recipe count, wine and marketplace carousels, the product count of
 * the recipes tab) on the catalogues `npm run bench:search` seeded (run that first). Prints the
 * median and p95 milliseconds of each part over BENCH_ROUNDS calls (default 15), the statements
 * one full call runs with their own times, and on PostgreSQL the EXPLAIN (ANALYZE, BUFFERS) of the
 * statements of one call per query into .cache/search-explain.txt. The search cache is off:
 * every call is cold, as in bench/search.ts's cold rows.
 *
 * BENCH_SIZES=100000 picks the SQLite catalogues, BENCH_PG=0 skips PostgreSQL (BENCH_PG_DB names it).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';

const SIZES = (process.env.BENCH_SIZES ?? '100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PG = process.env.BENCH_PG !== '0';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BENCH_DB = process.env.BENCH_PG_DB ?? 'pantry_bench_search';

process.env.LOG_LEVEL = 'warn';
process.env.SESSION_SECRET ??= 'bench-secret-not-for-production';

const { openDatabase, useDatabaseForTests: pointDatabaseAt } = await import('../app/db/db.server');
const { forgetTaxonomy } = await import('../app/modules/catalog/taxonomy.server');
const { forgetSearchVocabulary } = await import('../app/modules/search/vocabulary.server');
const { allStores, forgetCachedStores } = await import('../app/modules/stores/stores.server');
const search = await import('../app/modules/search/search.server');
const { setSearchCacheEnabled } = await import('../app/modules/search/search-cache.server');
setSearchCacheEnabled(false);
const { priceContextFor } = await import('../app/modules/search/price-context.server');
const { countProducts } = await import('../app/modules/search/product-facets.server');
const { countRecipes } = await import('../app/modules/search/recipe-search.server');
const { asSearchParams, searchParamsSchema, PAGE_SIZE } = await import('../app/modules/search/query');
const { QUERIES } = await import('./search-queries');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const explain: string[] = [];

async function parts(target: string, url: string) {
  const handle = openDatabase({ url, poolMax: 10 });
  pointDatabaseAt(handle);
  forgetCachedStores();
  forgetTaxonomy();
  forgetSearchVocabulary();
  // Every statement a call runs, with its own time (on PostgreSQL some run at once on several connections).
  const executor = handle.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let statements: { sql: string; parameters: readonly unknown[]; ms: number }[] | null = null;
  executor.executeQuery = (async (query: CompiledQuery, id: unknown) => {
    const started = performance.now();
    const result = await (original as (q: CompiledQuery, i: unknown) => ReturnType<typeof original>)(query, id);
    statements?.push({ sql: query.sql, parameters: query.parameters, ms: performance.now() - started });
    return result;
  }) as typeof executor.executeQuery;
  try {
    const store = (await allStores())[0]!;
    const ctx = priceContextFor(store, store.banner_id);
    console.log(`\n## ${target}\n`);
    console.log(
      '| query | whole p50/p95 | spelling | results+facets | recipes count | carousels | statements of one call (ms) |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const raw of QUERIES) {
      const params = asSearchParams(searchParamsSchema.parse(raw));
      const whole = await time(() => search.searchProductsPage(store, params));
      const interpreted = await search.interpretQuery(params.q, params.spell === 'off');
      const { filters } = await search.resolveFilters(params);
      const productQuery = {
        kind: 'grocery' as const,
        tokens: interpreted.tokens,
        filters,
        sort: params.sort,
        page: params.page,
        pageSize: PAGE_SIZE,
      };
      const spelling = await time(() => search.interpretQuery(params.q, params.spell === 'off'));
      const results =
        params.tab === 'recipes'
          ? await time(() => countProducts(ctx, productQuery))
          : await time(() => search.productResults(ctx, productQuery));
      const recipes = await time(() => countRecipes(interpreted.tokens));
      const carousels = interpreted.tokens.length
        ? await time(() => search.searchCarousels(interpreted.tokens))
        : { p50: 0, p95: 0 };
      statements = [];
      await search.searchProductsPage(store, params);
      const ran = statements as { sql: string; parameters: readonly unknown[]; ms: number }[];
      statements = null;
      const f = (t: { p50: number; p95: number }) => `${t.p50.toFixed(2)}/${t.p95.toFixed(2)}`;
      console.log(
        `| ${new URLSearchParams(raw).toString()} | ${f(whole)} | ${f(spelling)} | ${f(results)}${params.tab === 'recipes' ? ' (count)' : ''} | ${f(recipes)} | ${f(carousels)} | ${ran.map((s) => s.ms.toFixed(1)).join(', ')} |`,
      );
      if (handle.dialect === 'postgres') {
        explain.push(`\n======== ${target}: ${new URLSearchParams(raw).toString()}`);
        for (const statement of ran) {
          const plan = await handle.db.getExecutor().provideConnection((connection) =>
            connection.executeQuery({
              sql: `explain (analyze, buffers) ${statement.sql}`,
              parameters: statement.parameters,
              query: { kind: 'RawNode' } as never,
              queryId: { queryId: 'explain' } as never,
            } as CompiledQuery),
          );
          explain.push(`\n-- ${statement.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
          for (const row of plan.rows as Record<string, string>[]) explain.push(row['QUERY PLAN']!);
        }
      }
    }
  } finally {
    pointDatabaseAt(undefined);
    await handle.db.destroy();
  }
}

for (const size of SIZES) {
  await parts(
    `SQLite, ${size.toLocaleString('en-US')} products`,
    path.resolve(`.cache/bench-search-${size}/pantry.sqlite`),
  );
}
if (PG) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_BENCH_DB}`;
  await parts('PostgreSQL, 100,000 products', url.toString());
  writeFileSync('.cache/search-explain.txt', explain.join('\n'));
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of every statement: .cache/search-explain.txt');
}
process.exit(0);
