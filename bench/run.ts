/**
 * `npm run bench`: the page performance budgets, printed as tables beside each budget and written to
 * bench/results.md (its pages section).
 *
 * - References measured in the same run: a bare node:http hello-world and the framework's floor (a
 *   trivial Remix page, bench/floor/, built with the same compiler and served by the same server).
 * - Home, search results (q=milk) and a product page, as A (no cookies) and as C (a signed-in
 *   customer's cookies from a real password sign-in through the identity provider): requests/s and
 *   latency under autocannon, 50 connections, 10 s, loopback; server on core 0, load on core 1.
 *   Signed-in pages come from the private page cache (decision 0027) while nothing of the customer's
 *   changes; the same pages rendered on every request are measured as references.
 * - The JavaScript each page loads (gzipped): every script Chromium loads for it without interaction,
 *   modulepreloads and chunks imported on demand alike; and a scan of the browser bundles for server-only code.
 * - The same three pages in Spanish (a browser asking for es-US), A and C.
 * - The JavaScript weight and Lighthouse 12.8 (Debian Chromium, mobile emulation) also on coupons & deals and the
 *   store finder, and in Spanish (`?lng=es`: the weight on all five, Lighthouse on home, search and product); each Lighthouse figure is the median of BENCH_LIGHTHOUSE_RUNS runs (3); BENCH_LIGHTHOUSE=0
 *   skips it. `tsx bench/lighthouse-pages.ts` runs Lighthouse alone.
 * Nothing is asserted: every figure is printed beside its budget, "no" where it is missed.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  budgetPages,
  inSpanish,
  LIGHTHOUSE_BUDGET,
  lighthouse,
  medianScores,
  meetsBudget,
  SPANISH_BROWSER,
  type LighthouseScores,
} from './lighthouse';
import { JS_BUDGET_KB, pagesJavaScript, type PageWeight } from './page-weight';
import { reportLines, writeResults } from './results-file';
import { findServerOnlyCode } from './server-only';
import { freePort } from '../scripts/free-port';
import {
  buildFloor,
  CONNECTIONS,
  customerCookies,
  hasTaskset,
  load,
  SECONDS,
  start,
  startFloor,
  startIdentityProvider,
  stop,
  waitFor,
  type Figures,
  prepareBenchDatabase,
} from './harness';
import { STOREFRONT } from '../scripts/server-commands';

const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const BUDGET = { p99: 50, jsKb: JS_BUDGET_KB, ...LIGHTHOUSE_BUDGET };

// ---------------------------------------------------------------------------------------------

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();

buildFloor();

const serve = [path.resolve(STOREFRONT[0]!)];
const rows: { name: string; figures: Figures; page: boolean }[] = [];
const measure = (name: string, url: string, headers: Record<string, string> = {}, page = true) => {
  load(url, headers, Math.min(3, SECONDS)); // warm-up, discarded
  rows.push({ name, figures: load(url, headers), page });
  console.error(`measured ${name}`);
};

const helloPort = await freePort();
const hello = start(['bench/hello-server.mjs'], { PORT: String(helloPort) }, { core: 0 });
await waitFor(`http://127.0.0.1:${helloPort}/`);
measure('node:http hello-world (reference)', `http://127.0.0.1:${helloPort}/`, {}, false);
await stop(hello);

// The floor renders on every request (no page cache): what Remix itself costs per page.
const floorPort = await freePort();
const floor = startFloor(serve, floorPort);
await waitFor(`http://localhost:${floorPort}/`);
measure('trivial Remix page, same server (floor)', `http://localhost:${floorPort}/`, {}, false);
await stop(floor);

const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const idp = await startIdentityProvider(idpPort, appPort);
const app = start([...serve, 'build/index.js'], { PORT: String(appPort), IDP_ISSUER: issuer }, { core: 0 });
const origin = `http://localhost:${appPort}`;
await waitFor(`${origin}/healthz`);
await waitFor(`${issuer}/.well-known/openid-configuration`);

// Home, search and product carry the load budgets; all five pages the JavaScript and Lighthouse budgets.
const budgetPaths = await budgetPages(origin);
const pages = budgetPaths.slice(0, 3);
const cookie = await customerCookies(origin);
for (const [name, pagePath] of pages) {
  measure(`${name}, anonymous (A)`, `${origin}${pagePath}`);
  measure(`${name}, signed in (C)`, `${origin}${pagePath}`, { Cookie: cookie });
}
for (const [name, pagePath] of pages) {
  measure(`${name}, anonymous (A), Spanish`, `${origin}${pagePath}`, SPANISH_BROWSER);
  measure(`${name}, signed in (C), Spanish`, `${origin}${pagePath}`, { ...SPANISH_BROWSER, Cookie: cookie });
}
await stop(app);

// Reference: the same signed-in pages rendered on every request (private page cache off), what a
// customer's first view of a page, or the first after any change of theirs, costs.
const rendered = start(
  [...serve, 'build/index.js'],
  { PORT: String(appPort), IDP_ISSUER: issuer, PRIVATE_PAGE_CACHE_TTL_MS: '0' },
  { core: 0 },
);
await waitFor(`${origin}/healthz`);
for (const [name, pagePath] of pages)
  measure(`${name}, C, rendered every time (reference)`, `${origin}${pagePath}`, { Cookie: cookie }, false);

// JavaScript on every budget page in both languages; Lighthouse on all five in English and, as the budget asks,
// on home, search and product in Spanish.
const weighedPaths = [...budgetPaths, ...inSpanish(budgetPaths)];
const lighthousePaths = [...budgetPaths, ...inSpanish(pages)];
const weights: [string, PageWeight][] = [];
const measured = await pagesJavaScript(
  origin,
  weighedPaths.map(([, pagePath]) => pagePath),
);
for (const [index, [name]] of weighedPaths.entries()) weights.push([name, measured[index]!]);
const serverOnly = findServerOnlyCode(path.resolve('public/build'));

// ---------------------------------------------------------------------------------------------

const { lines: reported, print } = reportLines();
const floorRps = rows.find((row) => row.name.includes('(floor)'))!.figures.rps;
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
const cores = hasTaskset ? 'server on core 0, load on core 1' : 'not pinned (no taskset)';
print(
  `\nPantry bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, ` +
    `${CONNECTIONS} connections, ${SECONDS} s, loopback, ${cores}, production build, ${process.env.SEED_PRODUCTS} products; ` +
    `load average at the end ${os.loadavg()[0]!.toFixed(1)}\n`,
);
print(`Budget for every page: req/s ≥ the floor's (${floorRps.toFixed(0)}) and p99 ≤ ${BUDGET.p99} ms.\n`);
print('| target | req/s | p50 ms | p99 ms | errors | budget met |');
print('| --- | ---: | ---: | ---: | ---: | --- |');
for (const { name, figures: f, page } of rows) {
  const met = page ? yes(f.rps >= floorRps && f.p99 <= BUDGET.p99 && f.errors === 0) : 'reference';
  print(`| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${met} |`);
}
print(
  `\nJavaScript a page loads in Chromium without interaction (each file gzipped, summed); budget ≤ ${BUDGET.jsKb} KB:\n`,
);
print('| page | files | of them loaded on demand | KB gzipped | budget met |');
print('| --- | ---: | ---: | ---: | --- |');
for (const [name, w] of weights)
  print(
    `| ${name} | ${w.files} | ${w.lazy.length} | ${(w.gzip / 1024).toFixed(1)} | ${yes(w.gzip / 1024 <= BUDGET.jsKb)} |`,
  );
print(
  serverOnly.length
    ? `\nServer-only code in browser bundles: **${serverOnly.map((h) => `${h.library} (${h.file})`).join(', ')}**`
    : '\nServer-only code in browser bundles: none (kysely, pg, better-sqlite3, jose, argon2, oidc-provider)',
);
// Lighthouse last, after the other tables are out: it is slow on a busy machine.
const scores: [string, LighthouseScores | string][] = [];
if (LIGHTHOUSE)
  for (const [name, pagePath] of lighthousePaths) {
    const runs = Array.from({ length: LIGHTHOUSE_RUNS }, () => lighthouse(`${origin}${pagePath}`));
    const measuredRuns = runs.flatMap((run) => (typeof run === 'string' ? [] : [run.scores]));
    const failure = runs.find((run): run is string => typeof run === 'string');
    scores.push([name, measuredRuns.length ? medianScores(measuredRuns) : (failure ?? 'no run')]);
  }
await stop(rendered);
await stop(idp);
if (LIGHTHOUSE) {
  print(
    `\nLighthouse 12.8, Chromium, mobile emulation, each figure the median of ${LIGHTHOUSE_RUNS} runs; ` +
      `budget performance ≥ ${BUDGET.performance}, the others ${BUDGET.other}:\n`,
  );
  print('| page | performance | accessibility | best practices | SEO | budget met |');
  print('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const [name, s] of scores) {
    if (typeof s === 'string') print(`| ${name} | ${s} | | | | **no** |`);
    else
      print(
        `| ${name} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${yes(meetsBudget(s))} |`,
      );
  }
} else {
  print('\nLighthouse skipped (BENCH_LIGHTHOUSE=0).');
}
writeResults('pages', reported);
