/**
 * `npm run bench:render`: what a page costs when it is rendered, not served from a page cache.
 * Home, search results (q=milk) and a product page as a signed-in customer (C) and as a guest with a store
 * (G), with both page caches off, on one pinned core under autocannon (50 connections, BENCH_SECONDS, 10 by
 * default), and the slots page; RENDER_PAGES picks pages by name (e.g. `RENDER_PAGES=home,slots`), RENDER_SHOPPERS
 * the shoppers (`C`, `G` or `C,G`).
 * RENDER_PROFILE=<dir> runs the server under `node --cpu-prof` and writes its profile there; RENDER_ROUNDS
 * repeats the table (interleave it with another build's run to compare).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port';
import {
  CONNECTIONS,
  cpuSeconds,
  customerCookies,
  guestCookies,
  load,
  SECONDS,
  start,
  startIdentityProvider,
  stop,
  waitFor,
  type Figures,
  prepareBenchDatabase,
} from './harness';
import { STOREFRONT } from '../scripts/server-commands';

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();
const { openDatabase } = await import('../app/db/db.server');
const profileDir = process.env.RENDER_PROFILE ? path.resolve(process.env.RENDER_PROFILE) : null;
const rounds = Number(process.env.RENDER_ROUNDS ?? 1);

const appPort = Number(process.env.RENDER_PORT ?? (await freePort()));
const idpPort = Number(process.env.RENDER_IDP_PORT ?? (await freePort()));
const idp = await startIdentityProvider(idpPort, appPort);
const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const app = start(
  [...profile, ...STOREFRONT],
  {
    PORT: String(appPort),
    IDP_ISSUER: `http://localhost:${idpPort}`,
    PAGE_CACHE_TTL_MS: '0',
    PRIVATE_PAGE_CACHE_TTL_MS: '0',
  },
  { core: 0 },
);
const origin = `http://localhost:${appPort}`;
try {
  await waitFor(`${origin}/healthz`);
  await waitFor(`http://localhost:${idpPort}/.well-known/openid-configuration`);
  const searchPath = '/shop/search-results.html?q=milk';
  const searchHtml = await (await fetch(`${origin}${searchPath}`)).text();
  const productPath = /href="(\/shop\/product-details\.\d+\.html)"/.exec(searchHtml)?.[1];
  if (!productPath) throw new Error('no product link on the search page');
  const { db } = openDatabase();
  const store = await db
    .selectFrom('stores')
    .select('id')
    .where('banner_id', '=', 'greenleaf')
    .where('has_dug', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.destroy();
  const pickedShoppers = process.env.RENDER_SHOPPERS?.split(',');
  const shoppers: [string, string][] = [];
  if (!pickedShoppers || pickedShoppers.includes('C')) shoppers.push(['C', await customerCookies(origin)]);
  if (!pickedShoppers || pickedShoppers.includes('G'))
    shoppers.push(['G', await guestCookies(origin, String(store.id))]);
  const allPages: [string, string][] = [
    ['home', '/'],
    ['search q=milk', searchPath],
    ['product', productPath],
    ['slots', '/shop/slots.html'],
  ];
  const picked = process.env.RENDER_PAGES?.split(',');
  const pages = allPages.filter(([name]) => !picked || picked.includes(name));
  for (let round = 1; round <= rounds; round++) {
    const rows: [string, Figures, number][] = [];
    for (const [name, pagePath] of pages)
      for (const [who, cookie] of shoppers) {
        load(`${origin}${pagePath}`, { Cookie: cookie }, Math.min(3, SECONDS)); // warm-up, discarded
        const cpuBefore = cpuSeconds(app.pid!);
        const figures = load(`${origin}${pagePath}`, { Cookie: cookie });
        const cpuMs = ((cpuSeconds(app.pid!) - cpuBefore) * 1000) / Math.max(1, figures.requests);
        rows.push([`${name}, ${who}, rendered every time`, figures, cpuMs]);
      }
    console.log(
      `\nRendered pages, round ${round}/${rounds} — ${new Date().toISOString()}, ${CONNECTIONS} connections, ${SECONDS} s, ` +
        `server on core 0, load on core 1, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n`,
    );
    console.log('| target | req/s | p50 ms | p99 ms | errors | server CPU ms per request |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, f, cpuMs] of rows)
      console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${cpuMs.toFixed(1)} |`);
  }
} finally {
  await stop(app);
  await stop(idp);
}
if (profileDir) console.log(`\nCPU profile written to ${profileDir}`);
