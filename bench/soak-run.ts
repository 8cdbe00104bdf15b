/**
 * The soak: 50 connections for SOAK_SECONDS over a mix of pages and actions — home, search,
 * a product page as an anonymous shopper; cart add, clip and the slots page as a signed-in customer (C), each
 * pass over the mix by one of the signed-in shoppers picked at random (one customer for all 50
 * connections made every action wait on that one customer's rows) — while the resident memory of every storefront
 * process is sampled. Shared by `npm run soak:one` (bench/soak-one.ts: one storefront pinned as the page budgets
 * are measured, the run that checks the p99 budget), `npm run soak` (bench/soak.ts, the same
 * through the cluster) and the short CI run (tests/resilience/soak.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type AutocannonRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** `context` is the connection's own, fresh at the start of each pass over the mix. */
  setupRequest?: (request: AutocannonRequest, context: { cookie?: string }) => AutocannonRequest;
};
export interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface SoakWorld {
  /** The balancer's (or one process's) address, e.g. http://localhost:3000. */
  url: string;
  /** Signed-in customers' cookies (Cookie header values), for the C requests. */
  customerCookies: string[];
  productIds: number[];
  offerIds: number[];
  searchWords: string[];
  /** Storefront processes whose resident memory is sampled. */
  pids: number[];
}

export interface SoakOptions {
  seconds: number;
  connections: number;
  /**
   * Requests of the same mix sent before the measured run (JIT, caches, pools and the heap settle); memory is
   * compared between the start and the end of the measured run. Counted by requests, not seconds, so a slow
   * or busy machine warms up as much as a quiet one.
   */
  warmupRequests: number;
  /**
   * Then the same mix in steps of 10 s until RSS is steady (see rssSteady: its caches and heap at their working
   * size, what "after warm-up" means), for at most this many seconds (0: none).
   */
  warmupMaxSeconds?: number;
}

export interface SoakReport {
  seconds: number;
  connections: number;
  warmupRequests: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Each request type's p50 and p99 within the mix (they tell a slow request from a slow process). */
  byRequest: { request: string; p50: number; p99: number }[];
  /** Of the measured run (timeouts are counted among the errors too). */
  errors: number;
  timeouts: number;
  /** Of the warm-up: a cold process under a full load may be slow to answer its first requests. */
  warmupErrors: number;
  /** Seconds of the mix run after the warm-up requests until RSS was steady, and whether it got steady. */
  warmupSeconds: number;
  warmupSteady: boolean;
  /** How many signed-in shoppers the C requests were spread over. */
  shoppers: number;
  statusCounts: Record<string, number>;
  serverErrors: number;
  /** Seconds at each end of the measured run whose highest RSS sample is compared (30, less in a short run). */
  memoryWindowSeconds: number;
  /** Per process: the highest RSS (MB) of the first and of the last window, and the growth. */
  memory: { pid: number; warmMb: number; endMb: number; growth: number }[];
  /** RSS (MB) of each process every 10 s of the measured run. */
  rssEvery10s: number[][];
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function soakRequests(world: SoakWorld): AutocannonRequest[] {
  const origin = new URL(world.url).origin;
  const html = { Accept: 'text/html' };
  const asCustomer = (cookie: string | undefined) => ({
    Cookie: cookie!,
    Origin: origin,
    'Content-Type': 'application/json',
  });
  return [
    {
      method: 'GET',
      path: '/',
      headers: html,
      setupRequest: (request, context) => {
        context.cookie = pick(world.customerCookies);
        return request;
      },
    },
    {
      method: 'GET',
      path: '/shop/search-results.html?q=milk',
      headers: html,
      setupRequest: (request) => ({ ...request, path: `/shop/search-results.html?q=${pick(world.searchWords)}` }),
    },
    {
      method: 'GET',
      path: '/',
      headers: html,
      setupRequest: (request) => ({ ...request, path: `/shop/product-details.${pick(world.productIds)}.html` }),
    },
    {
      method: 'POST',
      path: '/api/cart/add',
      setupRequest: (request, context) => ({
        ...request,
        headers: asCustomer(context.cookie),
        body: JSON.stringify({ productId: pick(world.productIds), quantity: 1 }),
      }),
    },
    {
      method: 'POST',
      path: '/api/offers/clip',
      setupRequest: (request, context) => ({
        ...request,
        headers: asCustomer(context.cookie),
        body: JSON.stringify({ offerId: pick(world.offerIds) }),
      }),
    },
    {
      method: 'GET',
      path: '/shop/slots.html',
      setupRequest: (request, context) => ({ ...request, headers: { ...html, Cookie: context.cookie! } }),
    },
  ];
}

/** What each entry of soakRequests() asks for, in order (A: anonymous, C: a signed-in shopper). */
export const SOAK_PARTS = ['home A', 'search A', 'product A', 'cart add C', 'clip C', 'slots page C'] as const;

/**
 * One entry of the mix alone (bench/soak-parts.ts): each request picks a shopper at random, as the first entry
 * of a pass over the whole mix does.
 */
export function soakPartRequests(world: SoakWorld, part: number): AutocannonRequest[] {
  const all = soakRequests(world);
  const entry = all[part];
  if (!entry) throw new Error(`no part ${part} in the soak mix`);
  return [
    {
      ...entry,
      setupRequest: (request, context) => {
        context.cookie = pick(world.customerCookies);
        return entry.setupRequest ? entry.setupRequest(request, context) : request;
      },
    },
  ];
}

/** Growth of a step's peak RSS over the previous step's that still counts as steady. */
export const STEADY_STEP_GROWTH = 0.02;
/** Consecutive steady steps the warm-up needs. */
export const STEADY_STEPS = 2;

/**
 * Whether the processes' memory has reached its working size, given each warm-up step's highest RSS per process
 * (oldest first): the last STEADY_STEPS steps each grew every process's peak by less than STEADY_STEP_GROWTH.
 * One step under 5 % called RSS steady after 20 s while it went on growing to a plateau ~25 %
 * higher: a cache filling slowly adds a few per cent per step, and one step's peak can fall
 * between two collections. Peaks that fall are steady.
 */
export function rssSteady(stepPeaks: readonly (readonly number[])[]): boolean {
  if (stepPeaks.length < STEADY_STEPS + 1) return false;
  const recent = stepPeaks.slice(-(STEADY_STEPS + 1));
  for (let step = 1; step < recent.length; step++)
    for (const [i, peak] of recent[step]!.entries())
      if (peak / recent[step - 1]![i]! - 1 >= STEADY_STEP_GROWTH) return false;
  return true;
}

/**
 * The latency (ms) of each response, by the entry of the mix it answered: each connection sends the entries in
 * order, one at a time, so its n-th response answers entry n mod `entries`. Attach before the run starts.
 */
export function latenciesByRequest(run: Promise<AutocannonResult>, entries: number): number[][] {
  const answered = new Map<object, number>();
  const latencies: number[][] = Array.from({ length: entries }, () => []);
  (run as unknown as NodeJS.EventEmitter).on(
    'response',
    (client: object, _status: number, _bytes: number, ms: number) => {
      const n = answered.get(client) ?? 0;
      answered.set(client, n + 1);
      latencies[n % entries]!.push(ms);
    },
  );
  return latencies;
}

/** p50 and p99 (ms, rounded) of each entry's latencies, named as SOAK_PARTS names the mix's entries. */
export function percentilesByRequest(latencies: number[][]): { request: string; p50: number; p99: number }[] {
  return latencies.map((times, i) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return { request: SOAK_PARTS[i] ?? String(i), p50: at(0.5), p99: at(0.99) };
  });
}

export async function runSoak(world: SoakWorld, options: SoakOptions): Promise<SoakReport> {
  const warmup = await autocannon({
    url: world.url,
    connections: options.connections,
    amount: options.warmupRequests,
    timeout: 10,
    requests: soakRequests(world),
  });
  let warmupSeconds = 0;
  let warmupSteady = false;
  const warmupErrors = [warmup.errors];
  // Right after the warm-up requests: the baseline of the first step.
  const stepPeaks: number[][] = [world.pids.map(rssBytes)];
  while (warmupSeconds < (options.warmupMaxSeconds ?? 0)) {
    // Each step's highest RSS per process, sampled every second: one sample may fall before or after a collection.
    const peaks = world.pids.map(rssBytes);
    const sampler = setInterval(
      () => world.pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, rssBytes(pid)))),
      1000,
    );
    let step: AutocannonResult;
    try {
      step = await autocannon({
        url: world.url,
        connections: options.connections,
        duration: 10,
        timeout: 10,
        requests: soakRequests(world),
      });
    } finally {
      clearInterval(sampler);
    }
    world.pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, rssBytes(pid))));
    stepPeaks.push(peaks);
    warmupSeconds += 10;
    warmupErrors.push(step.errors);
    for (const [status, stats] of Object.entries(step.statusCodeStats))
      warmup.statusCodeStats[status] = { count: (warmup.statusCodeStats[status]?.count ?? 0) + stats.count };
    if (rssSteady(stepPeaks)) {
      warmupSteady = true;
      break;
    }
  }
  const samples: number[][] = [];
  const sample = () => samples.push(world.pids.map(rssBytes));
  sample();
  const timer = setInterval(sample, 1000);
  let result: AutocannonResult;
  let latencies: number[][] = [];
  try {
    const requests = soakRequests(world);
    const run = autocannon({
      url: world.url,
      connections: options.connections,
      duration: options.seconds,
      timeout: 10,
      requests,
    });
    latencies = latenciesByRequest(run, requests.length);
    result = await run;
  } finally {
    clearInterval(timer);
  }
  sample();
  // RSS swings by hundreds of MB as the V8 heap grows and is collected: compare the highest sample of the
  // first 30 s after the warm-up with the highest of the last 30 s (one sample a second), so where one sample
  // happens to fall in a collection cycle neither hides growth nor makes it up.
  const window = Math.min(30, Math.max(1, Math.floor(samples.length / 3)));
  const peak = (rows: number[][], i: number) => Math.max(...rows.map((row) => row[i]!));
  const memory = world.pids.map((pid, i) => {
    const warmBytes = peak(samples.slice(0, window), i);
    const endBytes = peak(samples.slice(-window), i);
    return {
      pid,
      warmMb: Math.round(warmBytes / 1e5) / 10,
      endMb: Math.round(endBytes / 1e5) / 10,
      growth: endBytes / warmBytes - 1,
    };
  });
  const statusCounts: Record<string, number> = {};
  for (const run of [warmup, result])
    for (const [status, stats] of Object.entries(run.statusCodeStats))
      statusCounts[status] = (statusCounts[status] ?? 0) + stats.count;
  return {
    seconds: options.seconds,
    connections: options.connections,
    warmupRequests: warmup.requests.total,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    byRequest: percentilesByRequest(latencies),
    errors: result.errors,
    timeouts: result.timeouts,
    warmupErrors: warmupErrors.reduce((sum, n) => sum + n, 0),
    warmupSeconds,
    warmupSteady,
    shoppers: world.customerCookies.length,
    statusCounts,
    serverErrors: Object.entries(statusCounts)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0),
    memory,
    memoryWindowSeconds: window,
    rssEvery10s: samples.filter((_, i) => i % 10 === 0).map((row) => row.map((bytes) => Math.round(bytes / 1e6))),
  };
}

/** The full soak's settings (README): length, load, warm-up, shoppers and the p99 budget, from the environment. */
export function soakSettings(env: Record<string, string | undefined> = process.env) {
  return {
    seconds: Number(env.SOAK_SECONDS ?? 300),
    connections: Number(env.SOAK_CONNECTIONS ?? 50),
    warmupRequests: Number(env.SOAK_WARMUP_REQUESTS ?? 3000),
    warmupMaxSeconds: Number(env.SOAK_WARMUP_MAX_SECONDS ?? 180),
    shoppers: Number(env.SOAK_SHOPPERS ?? 50),
    p99Budget: Number(env.SOAK_P99_BUDGET_MS ?? 50),
  };
}

/** The budgets a full soak missed (none: every budget met): no 5xx, no errors, the p99, RSS growth under 20 %. */
export function soakMisses(report: SoakReport, p99Budget: number): string[] {
  return [
    report.serverErrors > 0 && '5xx answers',
    report.errors > 0 && 'errors or timeouts',
    report.p99 > p99Budget && `p99 over ${p99Budget} ms`,
    report.memory.some((m) => m.growth >= 0.2) && 'memory grew 20 % or more',
  ].filter((miss): miss is string => Boolean(miss));
}

export function formatSoak(report: SoakReport, p99BudgetMs: number): string {
  const rows = [
    `Soak: ${report.seconds} s, ${report.connections} connections, ${report.shoppers} signed-in shoppers, ${report.requests} requests (${report.requestsPerSecond} req/s) after ${report.warmupRequests} warm-up requests` +
      (report.warmupSeconds
        ? ` and ${report.warmupSeconds} s more of the mix until RSS ${report.warmupSteady ? `was steady (peak < ${STEADY_STEP_GROWTH * 100} % higher in each of ${STEADY_STEPS} steps of 10 s)` : 'was still growing (warm-up cap reached)'}`
        : ''),
    `  status codes (warm-up included): ${JSON.stringify(report.statusCounts)}; errors ${report.errors}, timeouts ${report.timeouts} (warm-up: ${report.warmupErrors} errors)`,
    `  5xx: ${report.serverErrors} (budget 0)`,
    `  latency ms: p50 ${report.p50}, p90 ${report.p90}, p99 ${report.p99} (budget ${p99BudgetMs}), max ${report.max}`,
    `  p50 / p99 ms by request: ${report.byRequest.map((r) => `${r.request} ${r.p50} / ${r.p99}`).join(', ')}`,
    ...report.memory.map(
      (m) =>
        `  storefront pid ${m.pid}: highest RSS ${m.warmMb} MB in the first ${report.memoryWindowSeconds} s after warm-up -> ${m.endMb} MB in the last ${report.memoryWindowSeconds} s (${(m.growth * 100).toFixed(1)} %, budget < 20 % in the full soak)`,
    ),
    `  RSS MB every 10 s: ${report.rssEvery10s.map((row) => row.join('/')).join(' ')}`,
  ];
  return rows.join('\n');
}
