/**
 * `tsx bench/lighthouse-pages.ts [origin]` (after `npm run build`): only Lighthouse, on the budget's pages, each
 * `LIGHTHOUSE_RUNS` times (3), printing every run (scores, metrics, audits that lost points) and the medians.
 * Without an origin it starts the built storefront and the identity provider as `npm run bench:pages` does.
 * `LIGHTHOUSE_PAGES=coupons,store` picks pages by name. Writes nothing to bench/results.md.
 */
import { freePort } from '../scripts/free-port';
import { start, startIdentityProvider, stop, waitFor, prepareBenchDatabase } from './harness';
import {
  budgetPages,
  inSpanish,
  lighthouse,
  medianMetrics,
  medianScores,
  meetsBudget,
  type LighthouseRun,
  type LighthouseScores,
} from './lighthouse';
import { STOREFRONT } from '../scripts/server-commands';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);

let origin = process.argv[2];
const stopAll: (() => Promise<void>)[] = [];
if (!origin) {
  await prepareBenchDatabase();
  const appPort = await freePort();
  const idpPort = await freePort();
  const idp = await startIdentityProvider(idpPort, appPort);
  const app = start(STOREFRONT, {
    PORT: String(appPort),
    IDP_ISSUER: `http://localhost:${idpPort}`,
  });
  stopAll.push(
    () => stop(app),
    () => stop(idp),
  );
  origin = `http://localhost:${appPort}`;
  await waitFor(`${origin}/healthz`);
  await waitFor(`http://localhost:${idpPort}/.well-known/openid-configuration`);
}

const english = await budgetPages(origin);
// Home, search and product carry the budget in Spanish too.
const pages = [...english, ...inSpanish(english.slice(0, 3))].filter(
  ([name]) => !only.length || only.some((o) => name.includes(o)),
);
const ms = (value: number) => value.toFixed(0).padStart(5);
const line = (scores: LighthouseScores, metrics: LighthouseRun['metrics']) =>
  `${scores.performance} ${scores.accessibility} ${scores['best-practices']} ${scores.seo}  ` +
  `FCP ${ms(metrics.fcp)} LCP ${ms(metrics.lcp)} TBT ${ms(metrics.tbt)} SI ${ms(metrics.speedIndex)} CLS ${metrics.cls.toFixed(3)}`;

const summary: string[] = [];
for (const [name, pagePath] of pages) {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = lighthouse(`${origin}${pagePath}`);
    if (typeof run === 'string') {
      console.log(`${name}: ${run}`);
      continue;
    }
    runs.push(run);
    console.log(
      `${name} #${i + 1}: ${line(run.scores, run.metrics)}${run.failed.length ? `  lost: ${run.failed.join(', ')}` : ''}`,
    );
  }
  if (!runs.length) continue;
  const scores = medianScores(runs.map((run) => run.scores));
  summary.push(
    `${name.padEnd(16)} ${line(scores, medianMetrics(runs.map((run) => run.metrics)))}  ${meetsBudget(scores) ? 'met' : 'MISSED'}`,
  );
}
console.log(`\nmedians of ${RUNS} runs (performance accessibility best-practices SEO), ${pagePathsNote()}:`);
for (const row of summary) console.log(row);
for (const stopOne of stopAll) await stopOne();

function pagePathsNote() {
  return pages.map(([name, pagePath]) => `${name} ${pagePath}`).join('; ');
}
