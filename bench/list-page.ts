/**
 * `npm run bench:lists`: a shopping list of 500 products against the floor (a trivial Remix page, bench/floor/),
 * both measured in this run on this machine: the list page's budget is req/s ≥ the floor's. The list is Jordan's
 * (the first demo customer) Favorites in the bench database, filled to 500 products first; the page is read with
 * Jordan's signed-in cookies. Prints both figures; asserts nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { STOREFRONT } from '../scripts/server-commands';
import { reportLines, writeResults } from './results-file';
import { freePort } from '../scripts/free-port';
import {
  buildFloor,
  CONNECTIONS,
  customerCookies,
  load,
  prepareBenchDatabase,
  SECONDS,
  start,
  startFloor,
  startIdentityProvider,
  stop,
  waitFor,
} from './harness';

const ITEMS = 500;
/** Both pages are asked for as a browser asks: the list page goes out compressed from the page cache. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();

/** Jordan's Favorites with at least ITEMS products, through the lists module as a page would fill it. */
async function fillFavorites(): Promise<number> {
  const { db } = await import('../app/db/db.server');
  const { DEMO_CUSTOMERS } = await import('../app/db/seed/demo-customers');
  const { householdOwner } = await import('../app/modules/lists/list-owner.server');
  const { ensureFavorites } = await import('../app/modules/lists/lists.server');
  const { addItems } = await import('../app/modules/lists/list-items.server');
  const customer = await db()
    .selectFrom('customers')
    .select(['id', 'banner_id', 'site_type'])
    .where('email', '=', DEMO_CUSTOMERS[0]!.email)
    .executeTakeFirstOrThrow();
  const owner = (await householdOwner(customer.id, customer.banner_id, customer.site_type))!;
  const listId = await ensureFavorites(owner);
  const products = await db()
    .selectFrom('products')
    .select('id')
    .where('kind', '=', 'grocery')
    .orderBy('id')
    .limit(ITEMS)
    .execute();
  const added = await addItems(
    owner,
    listId,
    products.map((product) => ({ productId: product.id, quantity: 1 })),
  );
  if (!added.ok) throw new Error(added.message);
  await db().destroy();
  return listId;
}

const listId = await fillFavorites();
buildFloor();
const serve = [path.resolve(STOREFRONT[0]!)];

const floorPort = await freePort();
const floor = startFloor(serve, floorPort);
await waitFor(`http://localhost:${floorPort}/`);
load(`http://localhost:${floorPort}/`, BROWSER, Math.min(3, SECONDS));
const floorFigures = load(`http://localhost:${floorPort}/`, BROWSER);
await stop(floor);

const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const idp = await startIdentityProvider(idpPort, appPort);
const app = start([...serve, 'build/index.js'], { PORT: String(appPort), IDP_ISSUER: issuer }, { core: 0 });
const origin = `http://localhost:${appPort}`;
await waitFor(`${origin}/healthz`);
await waitFor(`${issuer}/.well-known/openid-configuration`);
const cookie = await customerCookies(origin);
const listUrl = `${origin}/shop/lists/${listId}.html`;
const page = await fetch(listUrl, { headers: { Cookie: cookie } });
const html = await page.text();
const rows = html.split('data-testid="list-item"').length - 1;
if (page.status !== 200 || rows < ITEMS) throw new Error(`the list page answered ${page.status} with ${rows} items`);
load(listUrl, { ...BROWSER, Cookie: cookie }, Math.min(3, SECONDS));
const listFigures = load(listUrl, { ...BROWSER, Cookie: cookie });
await stop(app);
await stop(idp);

const { lines, print } = reportLines();
print(
  `Shopping list page, ${rows} items, ${CONNECTIONS} connections, ${SECONDS} s, loopback, Accept-Encoding as a browser sends it:\n`,
);
print('| target | req/s | p50 ms | p99 ms | errors |');
print('| --- | ---: | ---: | ---: | ---: |');
for (const [name, f] of [
  ['trivial Remix page (floor)', floorFigures],
  [`list page, ${rows} items, signed in (C)`, listFigures],
] as const)
  print(`| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
print(
  `\nBudget: the list page's req/s ≥ the floor's: ${listFigures.rps >= floorFigures.rps ? 'met' : '**not met**'} ` +
    `(${listFigures.rps.toFixed(0)} vs ${floorFigures.rps.toFixed(0)}).`,
);
writeResults('lists', lines);
