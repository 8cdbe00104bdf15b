/**
 * The soak of issue 10: 50 connections for SOAK_SECONDS over a mix of pages and actions — home, search,
 * a product page as an anonymous shopper; cart add, clip and the slots page as a signed-in customer (C) —
 * through the cluster, while the resident memory of every storefront process is sampled. Shared by
 * `npm run soak` (bench/soak.ts, 5 minutes) and the short CI run (tests/resilience/soak.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type AutocannonRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
};
interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface SoakWorld {
  /** The balancer's (or one process's) address, e.g. http://localhost:3000. */
  url: string;
  /** The signed-in customer's cookies (Cookie header value), for the C requests. */
  customerCookie: string;
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
  /** Of the measured run (timeouts are counted among the errors too). */
  errors: number;
  timeouts: number;
  /** Of the warm-up: a cold process under a full load may be slow to answer its first requests. */
  warmupErrors: number;
  statusCounts: Record<string, number>;
  serverErrors: number;
  /** Per process: RSS (MB) after the warm-up, at the end, and the growth in between. */
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
  const asCustomer = { Cookie: world.customerCookie, Origin: origin, 'Content-Type': 'application/json' };
  return [
    { method: 'GET', path: '/', headers: html },
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
      headers: asCustomer,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ productId: pick(world.productIds), quantity: 1 }),
      }),
    },
    {
      method: 'POST',
      path: '/api/offers/clip',
      headers: asCustomer,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ offerId: pick(world.offerIds) }) }),
    },
    { method: 'GET', path: '/shop/slots.html', headers: { ...html, Cookie: world.customerCookie } },
  ];
}

export async function runSoak(world: SoakWorld, options: SoakOptions): Promise<SoakReport> {
  const warmup = await autocannon({
    url: world.url,
    connections: options.connections,
    amount: options.warmupRequests,
    timeout: 10,
    requests: soakRequests(world),
  });
  const samples: number[][] = [];
  const sample = () => samples.push(world.pids.map(rssBytes));
  sample();
  const timer = setInterval(sample, 1000);
  let result: AutocannonResult;
  try {
    result = await autocannon({
      url: world.url,
      connections: options.connections,
      duration: options.seconds,
      timeout: 10,
      requests: soakRequests(world),
    });
  } finally {
    clearInterval(timer);
  }
  sample();
  // The end: the highest of the last three samples, so a lucky garbage collection cannot hide growth.
  const tail = samples.slice(-3);
  const memory = world.pids.map((pid, i) => {
    const warmBytes = samples[0]![i]!;
    const endBytes = Math.max(...tail.map((s) => s[i]!));
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
    errors: result.errors,
    timeouts: result.timeouts,
    warmupErrors: warmup.errors,
    statusCounts,
    serverErrors: Object.entries(statusCounts)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0),
    memory,
    rssEvery10s: samples.filter((_, i) => i % 10 === 0).map((row) => row.map((bytes) => Math.round(bytes / 1e6))),
  };
}

export function formatSoak(report: SoakReport, p99BudgetMs: number): string {
  const rows = [
    `Soak: ${report.seconds} s, ${report.connections} connections, ${report.requests} requests (${report.requestsPerSecond} req/s) after ${report.warmupRequests} warm-up requests`,
    `  status codes (warm-up included): ${JSON.stringify(report.statusCounts)}; errors ${report.errors}, timeouts ${report.timeouts} (warm-up: ${report.warmupErrors} errors)`,
    `  5xx: ${report.serverErrors} (budget 0)`,
    `  latency ms: p50 ${report.p50}, p90 ${report.p90}, p99 ${report.p99} (budget ${p99BudgetMs}), max ${report.max}`,
    ...report.memory.map(
      (m) =>
        `  storefront pid ${m.pid}: RSS ${m.warmMb} MB after warm-up -> ${m.endMb} MB at the end (${(m.growth * 100).toFixed(1)} %, budget < 20 %)`,
    ),
    `  RSS MB every 10 s: ${report.rssEvery10s.map((row) => row.join('/')).join(' ')}`,
  ];
  return rows.join('\n');
}
