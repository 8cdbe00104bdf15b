/**
 * `npm run bench:memory`: the resident memory of the storefront and the identity provider run the compiled way
 * (`node build/server/…`, what `npm start` runs) and the way `npm start` ran them before, through the tsx loader
 * (`node --import tsx server/serve.ts`, `tsx idp/server.ts`), both pairs started in the same run on the bench
 * database. Each pair is warmed for BENCH_MEMORY_WARM_S seconds (60) of light load: a few anonymous shoppers on the
 * home, search and product pages, a signed-in one on hers, and a sign-in through the provider every 10 s; then
 * each process's RSS is read from /proc, summed over its process tree (tsx's CLI runs the server in a child, and
 * the loader keeps an esbuild service process). Asserts nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  IDENTITY_PROVIDER,
  IDENTITY_PROVIDER_FROM_SOURCE,
  STOREFRONT,
  STOREFRONT_FROM_SOURCE,
} from '../scripts/server-commands';
import { freePort } from '../scripts/free-port';
import { startLoad } from '../scripts/load-driver';
import { reportLines, writeResults } from './results-file';
import { customerCookies, prepareBenchDatabase, start, startIdentityProvider, stop, waitFor } from './harness';

const WARM_S = Math.max(1, Number(process.env.BENCH_MEMORY_WARM_S ?? 60));
const TSX_CLI = 'node_modules/tsx/dist/cli.mjs';

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();

/** Every live process's parent, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** RSS of a process and all its descendants, in MB, and how many processes that is. */
function treeRss(pid: number): { mb: number; processes: number } {
  const byParent = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of byParent) if (parent === tree[i]) tree.push(child);
  return { mb: tree.reduce((sum, p) => sum + rssKb(p), 0) / 1024, processes: tree.length };
}

interface Pair {
  way: string;
  storefront: ChildProcess;
  idp: ChildProcess;
  origin: string;
}

async function startPair(way: string, storefrontArgs: string[], idpArgs: string[]): Promise<Pair> {
  const appPort = await freePort();
  const idpPort = await freePort();
  const issuer = `http://localhost:${idpPort}`;
  const idp = await startIdentityProvider(idpPort, appPort, {}, idpArgs);
  const storefront = start(storefrontArgs, { PORT: String(appPort), IDP_ISSUER: issuer });
  await waitFor(`${issuer}/.well-known/openid-configuration`);
  const origin = `http://localhost:${appPort}`;
  await waitFor(`${origin}/healthz`);
  return { way, storefront, idp, origin };
}

const pairs = [
  await startPair(
    'compiled (`node build/server/…`)',
    [path.resolve(STOREFRONT[0]!), ...STOREFRONT.slice(1)],
    IDENTITY_PROVIDER,
  ),
  await startPair('tsx loader (`node --import tsx server/serve.ts`, `tsx idp/server.ts`)', STOREFRONT_FROM_SOURCE, [
    TSX_CLI,
    ...IDENTITY_PROVIDER_FROM_SOURCE.slice(2),
  ]),
];
const started = pairs.map((pair) => ({ storefront: treeRss(pair.storefront.pid!), idp: treeRss(pair.idp.pid!) }));

// Both pairs warm at the same time: whatever else the machine does falls on both.
const searchHtml = await (await fetch(`${pairs[0]!.origin}/shop/search-results.html?q=milk`)).text();
const productPath = /href="(\/shop\/product-details\.\d+\.html)"/.exec(searchHtml)?.[1] ?? '/';
const warm = await Promise.all(
  pairs.map(async (pair) => {
    const cookie = await customerCookies(pair.origin);
    const loads = [
      startLoad({
        url: pair.origin,
        connections: 3,
        paths: ['/', '/shop/search-results.html?q=milk', productPath, '/shop/search-results.html?q=bread'],
      }),
      startLoad({ url: pair.origin, connections: 1, paths: ['/', '/shop/cart.html'], headers: { Cookie: cookie } }),
    ];
    const signIns = setInterval(() => void customerCookies(pair.origin).catch(() => {}), 10_000);
    await new Promise((resolve) => setTimeout(resolve, WARM_S * 1000));
    clearInterval(signIns);
    const reports = await Promise.all(loads.map((load) => load.stop()));
    return { requests: reports.reduce((n, r) => n + r.requests, 0), failed: reports.reduce((n, r) => n + r.failed, 0) };
  }),
);
const warmed = pairs.map((pair) => ({ storefront: treeRss(pair.storefront.pid!), idp: treeRss(pair.idp.pid!) }));
for (const pair of pairs) {
  await stop(pair.storefront);
  await stop(pair.idp);
}

const { lines, print } = reportLines();
print(
  `\nRSS from /proc (VmRSS), summed over each process's tree; light load for ${WARM_S} s, both ways at once, ` +
    `${process.env.SEED_PRODUCTS} products on SQLite.\n`,
);
print('| way | process | processes in tree | MB at start | MB after warm-up | requests (failed) in warm-up |');
print('| --- | --- | ---: | ---: | ---: | ---: |');
for (const [index, pair] of pairs.entries())
  for (const role of ['storefront', 'idp'] as const) {
    const name = role === 'idp' ? 'identity provider' : 'storefront';
    const load = role === 'storefront' ? `${warm[index]!.requests} (${warm[index]!.failed})` : '';
    print(
      `| ${pair.way} | ${name} | ${warmed[index]![role].processes} | ${started[index]![role].mb.toFixed(0)} | ` +
        `${warmed[index]![role].mb.toFixed(0)} | ${load} |`,
    );
  }
const total = (index: number) => warmed[index]!.storefront.mb + warmed[index]!.idp.mb;
print(
  `\nBoth processes after warm-up: compiled ${total(0).toFixed(0)} MB, tsx ${total(1).toFixed(0)} MB ` +
    `(${(total(1) - total(0)).toFixed(0)} MB, ${(((total(1) - total(0)) / total(1)) * 100).toFixed(0)} % less compiled).`,
);
writeResults('memory', lines);
