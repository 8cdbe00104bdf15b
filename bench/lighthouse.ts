/**
 * Lighthouse 12.8 (node_modules/lighthouse, Debian Chromium, mobile emulation) on the pages of the Lighthouse
 * budget, as `npm run bench:pages` runs it and as `tsx bench/lighthouse-pages.ts` runs it alone.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIGHTHOUSE_TIMEOUT_MS = 240_000;

export const LIGHTHOUSE_BUDGET = { performance: 98, other: 100 };

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
}
const CATEGORIES: (keyof LighthouseScores)[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** What a run measured beyond the scores: the metrics performance is made of, and every audit that lost points. */
export interface LighthouseRun {
  scores: LighthouseScores;
  /** Milliseconds, except cumulative layout shift. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  failed: string[];
}

interface Report {
  categories: Record<keyof LighthouseScores, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number; title: string }>;
}

/** One Lighthouse run of `url`, or why it failed. */
export function lighthouse(url: string): LighthouseRun | string {
  const out = path.join(os.tmpdir(), `pantry-lh-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
    ],
    {
      encoding: 'utf8',
      timeout: LIGHTHOUSE_TIMEOUT_MS,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (run.error) return `lighthouse did not finish: ${run.error.message}`;
  if (run.status !== 0 || !existsSync(out)) return `lighthouse failed: ${(run.stderr || '').slice(-300)}`;
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  rmSync(out, { force: true });
  const score = (id: keyof LighthouseScores) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failed = new Set<string>();
  for (const id of CATEGORIES)
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (audit && audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 0.9)
        failed.add(`${ref.id} (${audit.score})`);
    }
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    },
    failed: [...failed],
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each category's median over the runs (the host is shared and noisy; one run says little). */
export function medianScores(runs: LighthouseScores[]): LighthouseScores {
  const scores = {} as LighthouseScores;
  for (const id of CATEGORIES) scores[id] = Math.round(median(runs.map((run) => run[id])));
  return scores;
}

export function medianMetrics(runs: LighthouseRun['metrics'][]): LighthouseRun['metrics'] {
  return {
    fcp: median(runs.map((run) => run.fcp)),
    lcp: median(runs.map((run) => run.lcp)),
    tbt: median(runs.map((run) => run.tbt)),
    cls: median(runs.map((run) => run.cls)),
    speedIndex: median(runs.map((run) => run.speedIndex)),
  };
}

export const meetsBudget = (s: LighthouseScores) =>
  s.performance >= LIGHTHOUSE_BUDGET.performance &&
  s.accessibility >= LIGHTHOUSE_BUDGET.other &&
  s['best-practices'] >= LIGHTHOUSE_BUDGET.other &&
  s.seo >= LIGHTHOUSE_BUDGET.other;

/**
 * What a browser set to Spanish sends: the page budgets hold in both languages, and a first visit follows
 * Accept-Language (the cookie takes over once the shopper switches).
 */
export const SPANISH_BROWSER = { 'Accept-Language': 'es-US,es;q=0.9,en;q=0.5' };

/** The same pages in Spanish for a tool that cannot send headers (Lighthouse, the JavaScript weight): `?lng=es`. */
export function inSpanish(pages: [string, string][]): [string, string][] {
  return pages.map(([name, pagePath]) => [`${name} (es)`, `${pagePath}${pagePath.includes('?') ? '&' : '?'}lng=es`]);
}

/**
 * The budget's pages, as [name, path]: home, search (q=milk), the first product the search shows, coupons & deals
 * and the store finder.
 */
export async function budgetPages(origin: string): Promise<[string, string][]> {
  const searchPath = '/shop/search-results.html?q=milk';
  const searchHtml = await (await fetch(`${origin}${searchPath}`)).text();
  const productPath = /href="(\/shop\/product-details\.\d+\.html)"/.exec(searchHtml)?.[1];
  if (!productPath) throw new Error('no product link on the search page');
  return [
    ['home', '/'],
    ['search q=milk', searchPath],
    ['product', productPath],
    ['coupons & deals', '/foru/coupons-deals.html'],
    ['store finder', '/set-store.html'],
  ];
}
