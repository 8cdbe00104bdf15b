import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '~/db/seed/seed.server';
import { ORDER_REFUSALS } from '~/modules/orders/order-rules';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { liveOfferIds } from '../integration/support/offers';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Browser, signInWithPassword } from './support/browser';
import { freePort, Shopper, startStorefront, type Storefront } from './support/storefront';
import { IDENTITY_PROVIDER } from '../../scripts/server-commands';

const SAM = { customerId: 500004, firstName: 'Sam', email: 'sam@pantry.test' }; // a seeded customer without clips
// Has a delivery address and a saved card.
const JORDAN = { customerId: 500001, firstName: 'Jordan', email: 'jordan@pantry.test' };
// Holds delivery windows, one after another.
const BART = { customerId: 500002, firstName: 'Bartholomew', email: 'bartholomew@pantry.test' };
const WORKERS = 8;
/** Kill once this many writes were acknowledged (with more in flight). */
const KILL_AFTER_ACKS = 80;

/**
 * The storefront process is killed with SIGKILL while a signed-in customer's writes stream
 * in (clips and cart adds, 8 at a time), another customer places orders and two customers keep moving
 * their slot hold from window to window; all three signed in on the sign-in pages through the real identity
 * provider. After a restart on the same database, every write that was
 * acknowledged (a 2xx answer reached the client) is there. SQLite runs WAL with synchronous=NORMAL:
 * a commit is in the WAL before the answer leaves, which survives a process crash (not a power cut).
 */
describe.each(DIALECTS)('SIGKILL during writes on %s', (dialect) => {
  let test: TestDatabase;
  let idp: { process: ChildProcess; url: string; dataDir: string } | undefined;
  let storefrontPort: number;
  let server: Storefront | undefined;
  let offerIds: number[];
  let productIds: number[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const now = new Date();
    await seedDatabase(test.db, dialect, { products: 300, log: () => {}, now });
    offerIds = await liveOfferIds(test.db, 'greenleaf', now);
    productIds = (
      await test.db.selectFrom('products').select('id').where('kind', '=', 'grocery').orderBy('id').execute()
    ).map((row) => row.id);
    // The real identity provider on the same database: customers sign in through the sign-in pages.
    storefrontPort = await freePort();
    const idpPort = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-sigkill-idp-'));
    const url = `http://localhost:${idpPort}`;
    const child = spawn(process.execPath, IDENTITY_PROVIDER, {
      env: {
        ...process.env,
        DATABASE_URL: test.url,
        DATA_DIR: dataDir,
        IDP_PORT: String(idpPort),
        IDP_ISSUER: url,
        STOREFRONT_PORT: String(storefrontPort),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    idp = { process: child, url, dataDir };
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/.well-known/openid-configuration`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) break;
      if (child.exitCode !== null || i > 300) throw new Error('the identity provider did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await server?.stop();
    if (idp) {
      const exited = new Promise((resolve) => idp!.process.once('exit', resolve));
      if (idp.process.exitCode === null) idp.process.kill('SIGTERM');
      await exited;
      rmSync(idp.dataDir, { recursive: true, force: true });
    }
    await test?.drop();
  });

  /** Signs in on the sign-in pages through the provider, then hands the storefront's cookies to the shopper. */
  const signIn = async (shopper: Shopper, who: { email: string }) => {
    const browser = new Browser();
    const done = await signInWithPassword(browser, shopper.origin, who.email);
    await done.response.body?.cancel();
    const cookies = browser.cookieHeader(new URL(shopper.origin));
    expect(cookies).toContain('PANTRY_USER=');
    for (const pair of cookies.split('; '))
      shopper.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  };
  const form = (shopper: Shopper, pathname: string, fields: Record<string, string>) =>
    shopper.fetch(pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams(fields).toString(),
    });

  /** One order the way a shopper places it without JavaScript: add, choose a time, place. Its number, or null. */
  const placeOrder = async (
    shopper: Shopper,
    productId: number,
    slotId: number,
    ids: { address: number; tender: number },
  ) => {
    const added = await shopper.addToCart(productId);
    if (added.status !== 200) return `add ${added.status} ${added.body}`;
    const reserved = await form(shopper, '/shop/slots.html', { intent: 'reserve', slotId: String(slotId) });
    if (!(reserved.headers.get('Location') ?? '').includes('slotMessage=reserved'))
      return `reserve ${reserved.status} ${reserved.headers.get('Location')}`;
    const placed = await form(shopper, '/shop/checkout.html', {
      intent: 'place',
      addressId: String(ids.address),
      tenderId: String(ids.tender),
    });
    const number = /orderNumber=([^&]+)/.exec(placed.headers.get('Location') ?? '')?.[1];
    if (number) return { number };
    const html = await placed.text();
    const refusal = Object.values(ORDER_REFUSALS).find((message) => html.includes(message.replace("'", '&#x27;')));
    return `place ${placed.status} ${refusal ?? html.slice(0, 200)}`;
  };

  /** Per slot, places taken minus holds recorded: a hold and its place are written together, so 0. */
  const placesWithoutHold = async () => {
    const slots = await test.db.selectFrom('slots').select(['id', 'reserved']).execute();
    const holds = await test.db
      .selectFrom('slot_holds')
      .select(['slot_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('slot_id')
      .execute();
    const count = new Map(holds.map((row) => [row.slot_id, Number(row.n)]));
    return slots
      .map((slot) => ({ slot: slot.id, diff: Number(slot.reserved) - (count.get(slot.id) ?? 0) }))
      .filter((row) => row.diff !== 0);
  };

  it('keeps every acknowledged clip, cart add, slot hold and order after the process is killed mid-stream', async () => {
    const env = { IDP_ISSUER: idp!.url };
    server = await startStorefront(test.url, env, { port: storefrontPort });
    const customer = new Shopper(server.origin);
    await signIn(customer, SAM);
    const buyer = new Shopper(server.origin);
    await signIn(buyer, JORDAN);
    const ids = {
      address: (
        await test.db
          .selectFrom('customer_addresses')
          .select('id')
          .where('customer_id', '=', JORDAN.customerId)
          .executeTakeFirstOrThrow()
      ).id,
      tender: (
        await test.db
          .selectFrom('customer_tenders')
          .select('id')
          .where('customer_id', '=', JORDAN.customerId)
          .executeTakeFirstOrThrow()
      ).id,
    };
    // The buyer's store gets its windows when the slots page is first shown; use a different one per order.
    expect((await buyer.addToCart(productIds[0]!)).status).toBe(200);
    expect((await buyer.fetch('/shop/slots.html')).status).toBe(200);
    const buyerStore = (
      await test.db
        .selectFrom('carts')
        .select('store_id')
        .where('customer_id', '=', JORDAN.customerId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow()
    ).store_id;
    const slotIds = (
      await test.db
        .selectFrom('slots')
        .select('id')
        .where('store_id', '=', buyerStore)
        .where('kind', '=', 'delivery-2h')
        .where('starts_at', '>', new Date(Date.now() + 86_400_000).toISOString())
        .orderBy('starts_at')
        .execute()
    ).map((row) => row.id);
    // Sam and Bartholomew each hold a delivery window, moving the hold to another window again and again.
    const holder = new Shopper(server.origin);
    await signIn(holder, BART);
    const reservers = [
      {
        who: SAM,
        shopper: customer,
        slots: [] as number[],
        acked: null as number | null,
        inFlight: null as number | null,
      },
      {
        who: BART,
        shopper: holder,
        slots: [] as number[],
        acked: null as number | null,
        inFlight: null as number | null,
      },
    ];
    for (const reserver of reservers) {
      expect((await reserver.shopper.addToCart(productIds[2]!)).status).toBe(200);
      expect((await reserver.shopper.fetch('/shop/slots.html')).status).toBe(200);
      const store = (
        await test.db
          .selectFrom('carts')
          .select('store_id')
          .where('customer_id', '=', reserver.who.customerId)
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).store_id;
      // Windows two days out and later, the latest first, away from the buyer's earliest ones.
      reserver.slots = (
        await test.db
          .selectFrom('slots')
          .select('id')
          .where('store_id', '=', store)
          .where('kind', '=', 'delivery-2h')
          .where('starts_at', '>', new Date(Date.now() + 2 * 86_400_000).toISOString())
          .orderBy('starts_at', 'desc')
          .limit(12)
          .execute()
      ).map((row) => row.id);
      expect(reserver.slots.length).toBeGreaterThanOrEqual(4);
    }
    const firstOrder = await placeOrder(buyer, productIds[1]!, slotIds[0]!, ids);
    if (typeof firstOrder === 'string') throw new Error(`the first order failed: ${firstOrder}`);
    // One add first, so the customer's cart exists before the parallel stream.
    expect((await customer.addToCart(productIds[0]!)).status).toBe(200);
    const clipCheck = await customer.fetch('/api/offers/clip', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offerId: offerIds[0] }),
    });
    expect(clipCheck.status).toBe(200);

    const acknowledged = {
      clips: new Set<number>([offerIds[0]!]),
      products: new Set<number>([productIds[0]!]),
      orders: new Set<string>([firstOrder.number]),
    };
    let acks = 0;
    let failures = 0;
    const refusals: string[] = [];
    let next = 1;
    let killed = false;
    const victim = server;
    const work = async () => {
      while (!killed) {
        const n = next++;
        const clip = n % 2 === 0 && n / 2 < offerIds.length;
        try {
          if (clip) {
            const offerId = offerIds[n / 2]!;
            const response = await customer.fetch('/api/offers/clip', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ offerId }),
            });
            await response.arrayBuffer();
            if (response.status === 200) acknowledged.clips.add(offerId);
            else {
              failures++;
              refusals.push(`clip ${response.status}`);
            }
          } else {
            const productId = productIds[n % productIds.length]!;
            const answer = await customer.addToCart(productId);
            if (answer.status === 200) acknowledged.products.add(productId);
            else {
              failures++;
              refusals.push(`add ${answer.status}`);
            }
          }
          // Killed mid-stream once every kind of write has been acknowledged during it: on a loaded machine the
          // quick clips and adds can reach their count before an order or the holds do.
          if (++acks >= KILL_AFTER_ACKS && acknowledged.orders.size >= 2 && holdAcks >= 4 && !killed) {
            killed = true;
            victim.process.kill('SIGKILL');
          }
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    const orders = async () => {
      for (let n = 1; !killed && n < slotIds.length; n++) {
        try {
          // The product the first order proved orderable at this store.
          const outcome = await placeOrder(buyer, productIds[1]!, slotIds[n]!, ids);
          if (typeof outcome !== 'string') acknowledged.orders.add(outcome.number);
          else if (!killed) refusals.push(outcome);
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    const holds = async (reserver: (typeof reservers)[number]) => {
      for (let n = 0; !killed; n++) {
        const slotId = reserver.slots[n % reserver.slots.length]!;
        reserver.inFlight = slotId;
        try {
          const reserved = await form(reserver.shopper, '/shop/slots.html', {
            intent: 'reserve',
            slotId: String(slotId),
          });
          await reserved.arrayBuffer();
          if ((reserved.headers.get('Location') ?? '').includes('slotMessage=reserved')) {
            reserver.acked = slotId;
            holdAcks++;
            reserver.inFlight = null;
          } else if (!killed) refusals.push(`reserve ${reserved.status} ${reserved.headers.get('Location')}`);
        } catch {
          // The connection died with the process: not acknowledged (inFlight stays set).
        }
      }
    };
    let holdAcks = 0;
    await Promise.all([...Array.from({ length: WORKERS }, work), orders(), ...reservers.map(holds)]);
    await victim.stop();
    expect(victim.process.signalCode).toBe('SIGKILL');
    expect(failures).toBe(0);
    expect(refusals).toEqual([]);

    server = await startStorefront(test.url, env, { port: storefrontPort });
    const clips = (
      await test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', SAM.customerId).execute()
    ).map((row) => row.offer_id);
    const lines = (
      await test.db
        .selectFrom('cart_items as i')
        .innerJoin('carts as c', 'c.id', 'i.cart_id')
        .select('i.product_id')
        .where('c.customer_id', '=', SAM.customerId)
        .where('c.status', '=', 'active')
        .execute()
    ).map((row) => row.product_id);
    const orderNumbers = (
      await test.db.selectFrom('orders').select('order_number').where('customer_id', '=', JORDAN.customerId).execute()
    ).map((row) => row.order_number);
    console.log(
      `[sigkill ${dialect}] acknowledged ${acknowledged.clips.size} clips, ${acknowledged.products.size} cart lines, ` +
        `${acknowledged.orders.size} orders; after restart ${clips.length} clips, ${lines.length} lines, ${orderNumbers.length} orders`,
    );
    expect(acknowledged.orders.size).toBeGreaterThanOrEqual(2);
    expect(orderNumbers).toEqual(expect.arrayContaining([...acknowledged.orders]));
    expect(acknowledged.clips.size + acknowledged.products.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS / 2);
    expect(clips).toEqual(expect.arrayContaining([...acknowledged.clips]));
    expect(lines).toEqual(expect.arrayContaining([...acknowledged.products]));
    // Slot holds: each reserver's one live hold is its last acknowledged window, or the window it was
    // asking for when the process died (that reservation committed whole); never both, never none.
    expect(holdAcks).toBeGreaterThanOrEqual(4);
    for (const reserver of reservers) {
      const live = await test.db
        .selectFrom('slot_holds')
        .select('slot_id')
        .where('customer_id', '=', reserver.who.customerId)
        .where('order_id', 'is', null)
        .execute();
      console.log(
        `[sigkill ${dialect}] ${holdAcks} holds acknowledged; ${reserver.who.firstName}: last acknowledged hold ${reserver.acked}, in flight ${reserver.inFlight}, after restart ${live.map((row) => row.slot_id).join(',')}`,
      );
      expect(reserver.acked).not.toBeNull();
      expect(live).toHaveLength(1);
      expect([reserver.acked, reserver.inFlight]).toContain(live[0]!.slot_id);
    }
    // No place taken without its hold, no hold without its place.
    expect(await placesWithoutHold()).toEqual([]);
    // The restarted process serves the same customer's writes.
    expect((await new Shopper(server.origin).fetch('/healthz')).status).toBe(200);
    // The sign-in made through the provider before the crash still holds on the restarted process.
    const who = (await (await customer.fetch('/api/userinfo')).json()) as { userType: string };
    expect(who.userType).toBe('C');
    if (dialect === 'sqlite') {
      const reader = new SQLite(test.url, { readonly: true });
      expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
      reader.close();
    }
  });
});
