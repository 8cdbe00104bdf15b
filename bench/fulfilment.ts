/**
 * `npm run bench:fulfilment`: the fulfilment budgets, printed beside each budget and written to bench/results.md
 * (its fulfilment section).
 *
 * 1. Staff pages under load: a store with 1,000 open orders (999 pending, one being picked), the production build
 *    served as `bench:pages` serves it; a picker signed in through the identity provider; req/s of the order queue
 *    and of the pick list (15 lines) under autocannon against the floor (a trivial Remix page) measured in the same
 *    run. Budget: ≥ the floor's req/s. Nothing at the store changes under load, so the pages come from the private
 *    page cache (decision 0090); the same pages rendered on every request (the cache off) are measured beside them
 *    as a reference: what a picker's first view, or the first after any change at the store, costs.
 * 2. A status change reaches a watching shopper: the shopper's stream of `/api/orders/progress` open with their
 *    cookies, then staff steps (claim, a pick, stage, depart, deliver) taken through the modules on the same
 *    database; from each step's commit to the `version` event. Budget: every change within 2 s.
 * 3. 100 pickers on PostgreSQL: each picks lines of its own order (random outcomes, lines picked again and again)
 *    while managers change random orders' lines; then every line's row must be the last accepted write to it,
 *    every version count its writes, every charge follow the rules, and no call may fail (deadlocks and
 *    serialization failures included). The same checks run in tests/integration/fulfilment-concurrency.test.ts.
 *
 * Settings: BENCH_SECONDS (autocannon runs 10 s, the pickers 60 s; the variable sets both), BENCH_CONNECTIONS (50),
 * SEED_PRODUCTS (20,000; seeded once into .cache/bench-fulfilment-seed, copied afresh for each run),
 * BENCH_WATCH_STEPS (20), BENCH_PICKERS (100), BENCH_MANAGERS (5), BENCH_PG=0 skips part 3, BENCH_PG_DB
 * (pantry_bench_fulfilment, dropped and created on TEST_PG_ADMIN_URL's server), BENCH_PG_POOL (20 connections).
 * Speed figures are printed, not asserted; the run exits 1 when part 3 finds a lost or inconsistent write or a
 * failed call, which is a bug rather than a slow machine.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { StaffAtStore } from '../app/modules/fulfilment/order-states';
import { freePort } from '../scripts/free-port';
import { STOREFRONT } from '../scripts/server-commands';
import {
  buildFloor,
  CONNECTIONS,
  cpuSeconds,
  customerCookies,
  hasTaskset,
  load,
  SECONDS,
  start,
  startFloor,
  startIdentityProvider,
  staffCookies,
  stop,
  waitFor,
  type Figures,
} from './harness';
import { watchOrderStream } from './order-stream';
import { reportLines, writeResults } from './results-file';

const PICKER_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WATCH_STEPS = Number(process.env.BENCH_WATCH_STEPS ?? 20);
const PICKERS = Number(process.env.BENCH_PICKERS ?? 100);
const MANAGERS = Number(process.env.BENCH_MANAGERS ?? 5);
const PG = process.env.BENCH_PG !== '0';
const PG_DB = process.env.BENCH_PG_DB ?? 'pantry_bench_fulfilment';
const PG_POOL = Number(process.env.BENCH_PG_POOL ?? 20);
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.SEED_PRODUCTS ?? 20_000);
const OPEN_ORDERS = 1_000;
const PICK_LIST_LINES = 15;
const WATCH_BUDGET_MS = 2_000;

const DEMO_PICKER = { id: 500005, email: 'picker@pantry.test' };
const DEMO_DRIVER = 500006;
const JORDAN = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' as const };
const BART = { customerId: 500002, bannerId: 'greenleaf', siteType: 'C' as const };

process.env.LOG_LEVEL = 'warn';
process.env.SESSION_SECRET ??= 'bench-secret-not-for-production';

const { openDatabase, useDatabaseForTests: pointDatabaseAt } = await import('../app/db/db.server');
const { migrateToLatest } = await import('../app/db/migrate.server');
const { seedDatabase } = await import('../app/db/seed/seed.server');
const { prepareCatalogue } = await import('./catalogue');
const { forgetCachedStores } = await import('../app/modules/stores/stores.server');
const { claimOrder } = await import('../app/modules/fulfilment/order-queue.server');
const { recordPick, orderLines } = await import('../app/modules/fulfilment/picking.server');
const { takeStep } = await import('../app/modules/fulfilment/hand-over.server');
const { insertPendingOrder, pickingProducts } = await import('../tests/integration/support/fulfilment');
const { checkPickingLoad, percentile, preparePickingWorld, randomSource, runPickingLoad } =
  await import('../tests/integration/support/picking-load');
type Db = ReturnType<typeof openDatabase>['db'];

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
const { lines: reported, print } = reportLines();
const random = randomSource(2026);

// ---------------------------------------------------------------------------------------------
// The database: a catalogue seeded once, copied afresh so every run starts from the same orders.

const seedDir = path.resolve('.cache/bench-fulfilment-seed');
const dataDir = path.resolve('.cache/bench-fulfilment');
mkdirSync(seedDir, { recursive: true });
{
  const { handle } = await prepareCatalogue(path.join(seedDir, 'pantry.sqlite'), PRODUCTS);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  await handle.db.destroy();
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
copyFileSync(path.join(seedDir, 'pantry.sqlite'), path.join(dataDir, 'pantry.sqlite'));
const sqlite = openDatabase({ url: path.join(dataDir, 'pantry.sqlite') });
pointDatabaseAt(sqlite);
forgetCachedStores();

/** The store the demo picker, driver and manager work at. */
async function demoStoreId(db: Db) {
  const row = await db
    .selectFrom('staff_roles')
    .select('store_id')
    .where('customer_id', '=', DEMO_PICKER.id)
    .executeTakeFirstOrThrow();
  return Number(row.store_id);
}

async function groceryProducts(db: Db) {
  return db
    .selectFrom('products')
    .select(['id', 'base_price_cents'])
    .where('kind', '=', 'grocery')
    .where('size_unit', '!=', 'lb')
    .orderBy('id')
    .limit(400)
    .execute();
}

/** 999 pending orders at the store over today and tomorrow, 1 to 12 lines each, written in one transaction. */
async function openOrders(db: Db, storeId: number, count: number) {
  const products = await groceryProducts(db);
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < count; i++) {
      const lines = new Map<number, { productId: number; quantity: number; unitPriceCents: number }>();
      const size = random.int(1, 12);
      while (lines.size < size) {
        const product = random.pick(products);
        lines.set(product.id, {
          productId: product.id,
          quantity: random.int(1, 3),
          unitPriceCents: product.base_price_cents,
        });
      }
      await insertPendingOrder(tx, {
        customer: i % 2 ? BART : JORDAN,
        storeId,
        pickup: i % 3 === 0,
        lines: [...lines.values()],
        startsInHours: random.int(1, 20),
      });
    }
  });
}

/** The order whose pick list is measured: 15 lines, one weighed, claimed by the demo picker, six lines done. */
async function pickListOrder(db: Db, storeId: number) {
  const picker: StaffAtStore = { staffId: DEMO_PICKER.id, storeId, roles: ['picker'] };
  const { weighed } = await pickingProducts(db);
  const others = (await groceryProducts(db)).filter((_, index) => index % 23 === 0).slice(0, PICK_LIST_LINES - 1);
  const placed = await insertPendingOrder(db, {
    customer: JORDAN,
    storeId,
    lines: [
      { productId: weighed.id, quantity: 2, unitPriceCents: weighed.priceCents },
      ...others.map((p) => ({ productId: p.id, quantity: 2, unitPriceCents: p.base_price_cents })),
    ],
  });
  const claimed = await claimOrder(picker, placed.orderNumber);
  if (!claimed.ok) throw new Error(`claiming the pick list's order: ${claimed.code}`);
  const lines = await orderLines(db, placed.orderId);
  for (const [index, line] of lines.slice(0, 6).entries()) {
    const done = await recordPick(
      picker,
      placed.orderNumber,
      index === 0
        ? { outcome: 'short', productId: line.productId }
        : {
            outcome: 'picked',
            productId: line.productId,
            quantity: line.ordered.quantity,
            weight: line.ordered.byWeight ? line.ordered.quantity * line.ordered.sizeQuantity * 1000 : null,
          },
    );
    if (!done.ok) throw new Error(`picking a line of the pick list's order: ${done.code}`);
  }
  return placed.orderNumber;
}

const storeId = await demoStoreId(sqlite.db);
await openOrders(sqlite.db, storeId, OPEN_ORDERS - 1);
const pickListNumber = await pickListOrder(sqlite.db, storeId);
console.error(`${OPEN_ORDERS} open orders at store ${storeId}`);

// ---------------------------------------------------------------------------------------------
// 1. Staff pages under load, against the floor measured in the same run.

const serve = [path.resolve(STOREFRONT[0]!)];
const rows: { name: string; figures: Figures; cpuMs: number; page: boolean }[] = [];
/** req/s and latency under load, and the server's CPU per response: the figure a busy host disturbs least. */
const measure = (server: number, name: string, url: string, headers: Record<string, string> = {}, page = true) => {
  load(url, headers, Math.min(3, SECONDS)); // warm-up, discarded
  const cpuBefore = cpuSeconds(server);
  const figures = load(url, headers);
  const cpuMs = ((cpuSeconds(server) - cpuBefore) * 1000) / Math.max(1, figures.requests);
  rows.push({ name, figures, cpuMs, page });
  console.error(`measured ${name}`);
};

buildFloor();
const floorPort = await freePort();
const floor = startFloor(serve, floorPort);
await waitFor(`http://localhost:${floorPort}/`);
measure(floor.pid!, 'trivial Remix page, same server (floor)', `http://localhost:${floorPort}/`, {}, false);
await stop(floor);

const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const idp = await startIdentityProvider(idpPort, appPort, { DATA_DIR: dataDir });
const app = start(
  [...serve, 'build/index.js'],
  { PORT: String(appPort), IDP_ISSUER: issuer, DATA_DIR: dataDir },
  { core: 0 },
);
const origin = `http://localhost:${appPort}`;
await waitFor(`${origin}/healthz`);
await waitFor(`${issuer}/.well-known/openid-configuration`);

const staffCookie = await staffCookies(origin, DEMO_PICKER.email, storeId);
const queueUrl = `${origin}/staff/orders?store=${storeId}`;
const pickListUrl = `${origin}/staff/orders/${pickListNumber}?store=${storeId}`;
const queueHtml = (await (await fetch(queueUrl, { headers: { Cookie: staffCookie } })).text()).replaceAll(
  '<!-- -->',
  '',
);
const queued = /(\d+) orders today and tomorrow/.exec(queueHtml)?.[1];
if (!queued || Number(queued) < OPEN_ORDERS) throw new Error(`the queue shows ${queued ?? 'no'} orders`);
const pickListHtml = await (await fetch(pickListUrl, { headers: { Cookie: staffCookie } })).text();
if (!pickListHtml.includes(pickListNumber)) throw new Error('the pick list did not render');
measure(app.pid!, `order queue (${queued} open orders, first page of 50)`, queueUrl, { Cookie: staffCookie });
measure(app.pid!, `pick list (${PICK_LIST_LINES} lines, 6 done)`, pickListUrl, { Cookie: staffCookie });
await stop(app);

const server = start(
  [...serve, 'build/index.js'],
  { PORT: String(appPort), IDP_ISSUER: issuer, DATA_DIR: dataDir, PRIVATE_PAGE_CACHE_TTL_MS: '0' },
  { core: 0 },
);
await waitFor(`${origin}/healthz`);
const rendered = { Cookie: staffCookie };
measure(server.pid!, 'order queue, rendered every time (reference)', queueUrl, rendered, false);
measure(server.pid!, 'pick list, rendered every time (reference)', pickListUrl, rendered, false);

// ---------------------------------------------------------------------------------------------
// 2. From a staff step's commit to the shopper's `version` event.

const shopperCookie = await customerCookies(origin);
const { inAisle } = await pickingProducts(sqlite.db);
const picker: StaffAtStore = { staffId: DEMO_PICKER.id, storeId, roles: ['picker'] };
const driver: StaffAtStore = { staffId: DEMO_DRIVER, storeId, roles: ['driver'] };
const watchSamples: { step: string; ms: number }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const versionOf = async (orderId: number) =>
  Number(
    (await sqlite.db.selectFrom('orders').select('version').where('id', '=', orderId).executeTakeFirstOrThrow())
      .version,
  );
while (watchSamples.length < WATCH_STEPS) {
  const product = inAisle[0]!;
  const order = await insertPendingOrder(sqlite.db, {
    customer: JORDAN,
    storeId,
    lines: [{ productId: product.id, quantity: 1, unitPriceCents: product.priceCents }],
  });
  const n = order.orderNumber;
  const steps: [string, () => Promise<{ ok: boolean; code?: string }>][] = [
    ['claim', () => claimOrder(picker, n)],
    ['pick', () => recordPick(picker, n, { outcome: 'picked', productId: product.id, quantity: 1, weight: null })],
    ['stage', () => takeStep(picker, n, 'stage')],
    ['depart', () => takeStep(driver, n, 'depart')],
    ['deliver', () => takeStep(driver, n, 'deliver')],
  ];
  const stream = watchOrderStream(origin, shopperCookie, n, await versionOf(order.orderId));
  // The request reaches the storefront and its first look at the order is taken before the first step.
  await sleep(500);
  try {
    for (const [step, take] of steps.slice(0, WATCH_STEPS - watchSamples.length)) {
      // A random moment within the stream's polling period, so the samples do not share one phase.
      await sleep(random.int(0, 1_000));
      const result = await take();
      const committed = performance.now();
      if (!result.ok) throw new Error(`${step} refused: ${result.code}`);
      const event = await stream.reached(await versionOf(order.orderId), 10_000);
      watchSamples.push({ step, ms: event ? Math.max(0, event.at - committed) : Infinity });
    }
  } finally {
    await stream.close();
  }
}
await stop(server);
await stop(idp);
pointDatabaseAt(undefined);
await sqlite.db.destroy();

// ---------------------------------------------------------------------------------------------
// 3. 100 pickers and a few managers on PostgreSQL.

async function freshPgDatabase(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.error(`PostgreSQL skipped: ${PG_ADMIN_URL} (${error instanceof Error ? error.message : String(error)})`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the server counted in the database: deadlocks it broke and transactions rolled back. */
async function serverCounters(name: string) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ deadlocks: string; xact_rollback: string }>(
      'select deadlocks, xact_rollback from pg_stat_database where datname = $1',
      [name],
    );
    return { deadlocks: Number(rows[0]?.deadlocks ?? 0), rollbacks: Number(rows[0]?.xact_rollback ?? 0) };
  } finally {
    await admin.end();
  }
}

type Load = Awaited<ReturnType<typeof runPickingLoad>>;
let pickers: {
  figures: Load;
  problems: string[];
  lines: number;
  clientCpuMs: number;
  server: { deadlocks: number; rollbacks: number };
} | null = null;
const pgUrl = PG ? await freshPgDatabase(PG_DB) : null;
if (pgUrl) {
  const handle = openDatabase({ url: pgUrl, poolMax: PG_POOL });
  await migrateToLatest(handle.db, handle.dialect);
  await seedDatabase(handle.db, handle.dialect, { products: 2_000, log: () => {} });
  pointDatabaseAt(handle);
  forgetCachedStores();
  const world = await preparePickingWorld(handle.db, {
    storeId: await demoStoreId(handle.db),
    customer: JORDAN,
    pickers: PICKERS,
    managers: MANAGERS,
  });
  const before = await serverCounters(PG_DB);
  console.error(`${PICKERS} pickers and ${MANAGERS} managers for ${PICKER_SECONDS} s on PostgreSQL …`);
  const cpuStarted = process.cpuUsage();
  const figures = await runPickingLoad(world, PICKER_SECONDS, 2026);
  const cpu = process.cpuUsage(cpuStarted);
  const clientCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, figures.latencies.length);
  const { problems, lines } = await checkPickingLoad(handle.db, world, figures);
  pointDatabaseAt(undefined);
  forgetCachedStores();
  // The pool's backends report their counters as they exit.
  await handle.db.destroy();
  await sleep(1_000);
  const after = await serverCounters(PG_DB);
  pickers = {
    figures,
    problems,
    lines,
    clientCpuMs,
    server: { deadlocks: after.deadlocks - before.deadlocks, rollbacks: after.rollbacks - before.rollbacks },
  };
}

// ---------------------------------------------------------------------------------------------

const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
const cores = hasTaskset ? 'server on core 0, load on core 1' : 'not pinned (no taskset)';
const floorRps = rows.find((row) => row.name.includes('(floor)'))!.figures.rps;
print(
  `\nPantry fulfilment bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, ` +
    `production build, ${PRODUCTS} products, ${OPEN_ORDERS} open orders at one store; load average at the end ${os.loadavg()[0]!.toFixed(1)}\n`,
);
print(
  `Staff pages, a signed-in picker, ${CONNECTIONS} connections, ${SECONDS} s, loopback, ${cores}. ` +
    `Budget: req/s ≥ the floor's (${floorRps.toFixed(0)}).\n`,
);
print('| target | req/s | × floor | p50 ms | p99 ms | errors | server CPU ms per response | budget met |');
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const { name, figures: f, cpuMs, page } of rows) {
  const met = page ? yes(f.rps >= floorRps && f.errors === 0) : 'reference';
  print(
    `| ${name} | ${f.rps.toFixed(0)} | ${(f.rps / floorRps).toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} | ${cpuMs.toFixed(1)} | ${met} |`,
  );
}

const watched = watchSamples.map((sample) => sample.ms).sort((a, b) => a - b);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'never');
print(
  `\nA staff step's commit to the watching shopper's \`version\` event (the stream asks the database every second), ` +
    `${watched.length} steps (claim, pick, stage, depart, deliver in turn). Budget: every change within ${WATCH_BUDGET_MS} ms.\n`,
);
print('| steps | p50 ms | p95 ms | max ms | budget met |');
print('| ---: | ---: | ---: | ---: | --- |');
print(
  `| ${watched.length} | ${ms(percentile(watched, 50))} | ${ms(percentile(watched, 95))} | ${ms(watched.at(-1)!)} | ${yes(watched.at(-1)! <= WATCH_BUDGET_MS)} |`,
);

if (pickers) {
  const { figures: f, problems, lines, clientCpuMs, server } = pickers;
  const counts = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([code, count]) => `${code} ${count}`)
      .join(', ') || 'none';
  const l = f.latencies;
  print(
    `\n${PICKERS} pickers, each picking lines of its own order, and ${MANAGERS} managers changing random orders' lines, ` +
      `on PostgreSQL (pool of ${PG_POOL}) for ${f.seconds} s, each call after the last one's answer. ` +
      'Budget: no lost update, every order consistent, no failed call (a deadlock or serialization failure must not occur or be retried).\n',
  );
  print(
    '| accepted picks | picks/s | bench process CPU ms per call | call p50 ms | p95 ms | p99 ms | max ms | refused | errors by SQLSTATE | deadlocks (server) | lines checked | problems | budget met |',
  );
  print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | --- |');
  print(
    `| ${f.accepted} | ${(f.accepted / f.seconds).toFixed(0)} | ${clientCpuMs.toFixed(1)} | ${percentile(l, 50).toFixed(1)} | ${percentile(l, 95).toFixed(1)} | ` +
      `${percentile(l, 99).toFixed(1)} | ${l.at(-1)!.toFixed(1)} | ${counts(f.refused)} | ${counts(f.errors)} | ${server.deadlocks} | ` +
      `${lines} | ${problems.length} | ${yes(problems.length === 0 && Object.keys(f.errors).length === 0)} |`,
  );
  for (const problem of problems.slice(0, 10)) print(`- ${problem}`);
  if (problems.length || Object.keys(f.errors).length) process.exitCode = 1;
} else {
  print('\n100 pickers on PostgreSQL skipped (BENCH_PG=0 or no server).');
}
writeResults('fulfilment', reported);
