import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting, shopperItemCount, type CartOwner } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { clippedOfferCount } from '~/modules/offers/clips.server';
import { pendingOrder } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import type { Shopper } from '~/modules/access/shopper.server';
import { customerHeaderOf, headerCounts, headerStatementForPlan } from '~/modules/customers/customer-header.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';
import { insertOffer, liveOfferIds } from './support/offers';

/** Counts the statements run (every result passes transformResult) and the query trees compiled. */
class StatementCounter implements KyselyPlugin {
  run = 0;
  compiled = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.compiled++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.run++;
    return args.result;
  }
}

const HOUR = 3_600_000;

describe.each(DIALECTS)('the signed-in header in one statement on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  const counter = new StatementCounter();
  const now = new Date();
  const customer: OrderCustomer = { customerId: 0, bannerId: 'greenleaf', siteType: 'C' };
  const owner: CartOwner = customer;
  const guest: CartOwner = { customerId: null, bannerId: 'greenleaf', siteType: 'C' };

  /** What the three separate reads (the header before 0055) give. */
  const separately = async (guestCartId: string | null) => {
    const order = await pendingOrder(customer, now);
    return {
      cartCount: await shopperItemCount(owner, guestCartId),
      clippedOffers: await clippedOfferCount(customer, now),
      pendingOrder: order ? { orderNumber: order.orderNumber, slotLabel: order.slotLabel } : null,
    };
  };

  /** The header read, with how many statements it ran. */
  const header = async (guestCartId: string | null) => {
    const before = counter.run;
    const read = await customerHeaderOf(customer, guestCartId, now);
    return { read, statements: counter.run - before };
  };

  const order = (number: string, values: { status?: string; slotStartInHours: number; cutoffInHours: number }) => ({
    order_number: number,
    site_type: 'C' as const,
    customer_id: customer.customerId,
    banner_id: customer.bannerId,
    store_id: store.id,
    status: values.status ?? 'PENDING',
    fulfillment: 'DELIVERY',
    slot_start: new Date(now.getTime() + values.slotStartInHours * HOUR).toISOString(),
    slot_end: new Date(now.getTime() + (values.slotStartInHours + 1) * HOUR).toISOString(),
    subtotal_cents: 1000,
    savings_cents: 0,
    fees_cents: 0,
    total_cents: 1000,
    placed_at: now.toISOString(),
    cutoff_at: new Date(now.getTime() + values.cutoffInHours * HOUR).toISOString(),
    address_id: null,
    address_text: null,
    tender_id: null,
    slot_id: null,
    slot_kind: 'delivery-2h',
    cancelled_at: null,
    updated_at: null,
  });

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    const seeded = await test.db
      .selectFrom('customers as c')
      .select('c.id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('orders as o').select('o.id').whereRef('o.customer_id', '=', 'c.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('carts as k').select('k.id').whereRef('k.customer_id', '=', 'c.id'))),
      )
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    customer.customerId = seeded.id;
    // Starts with nothing: no carts or orders, and no clips (the seed clips a few for some customers).
    await test.db.deleteFrom('clips').where('customer_id', '=', seeded.id).execute();
    useDatabaseForTests({ ...test, db: test.db.withPlugin(counter) });
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('reads nothing-yet as zeros and no order, in one statement', async () => {
    const { read, statements } = await header(null);
    expect(read).toEqual({ cartCount: 0, clippedOffers: 0, pendingOrder: null });
    expect(statements).toBe(1);
    expect(read).toEqual(await separately(null));
  });

  it('counts the cart (with a guest cart still to merge), live clips only and the soonest changeable order', async () => {
    const products = await test.db.selectFrom('products').select('id').where('kind', '=', 'grocery').limit(2).execute();
    const own = await cartForWriting(owner, null, store.id);
    const guestCartId = await cartForWriting(guest, null, store.id);
    await addToCart(own, products[0]!.id, 4, store.id);
    await addToCart(guestCartId, products[1]!.id, 3, store.id);

    const [live1, live2] = await liveOfferIds(test.db, 'greenleaf', now);
    const ended = await insertOffer(test.db, {
      id: 990_001,
      title: 'Ended offer',
      startsAt: new Date(now.getTime() - 48 * HOUR),
      endsAt: new Date(now.getTime() - HOUR),
    });
    await test.db
      .insertInto('clips')
      .values(
        [live1!, live2!, ended].map((offerId) => ({
          customer_id: customer.customerId,
          offer_id: offerId,
          clipped_at: now.toISOString(),
        })),
      )
      .execute();

    await test.db
      .insertInto('orders')
      .values([
        order('ORD-LATER', { slotStartInHours: 50, cutoffInHours: 40 }),
        order('ORD-SOONER', { slotStartInHours: 30, cutoffInHours: 20 }),
        order('ORD-PASTCUT', { slotStartInHours: 3, cutoffInHours: -1 }),
        order('ORD-CANCEL', { status: 'CANCELLED', slotStartInHours: 2, cutoffInHours: 1 }),
      ])
      .execute();

    const withGuest = await header(guestCartId);
    expect(withGuest.statements).toBe(1);
    expect(withGuest.read).toMatchObject({
      cartCount: 7,
      clippedOffers: 2,
      pendingOrder: { orderNumber: 'ORD-SOONER' },
    });
    expect(withGuest.read.pendingOrder!.slotLabel).toMatch(/\d:\d\d [AP]M – \d+:\d\d [AP]M$/);
    expect(withGuest.read).toEqual(await separately(guestCartId));

    const ownOnly = await header(null);
    expect(ownOnly.statements).toBe(1);
    expect(ownOnly.read).toMatchObject({ cartCount: 4, clippedOffers: 2, pendingOrder: { orderNumber: 'ORD-SOONER' } });
    expect(ownOnly.read).toEqual(await separately(null));
  });

  // SQLite's plan only: PostgreSQL plans with statistics and has no such temporary table.
  if (dialect === 'sqlite')
    it("plans without a temporary table, and counts clips from the customer's own (SQLite's plan)", async () => {
      for (const guestCartId of [null, '00000000-0000-4000-8000-000000000000']) {
        const query = headerStatementForPlan(test.db, customer, guestCartId);
        const plan = await test.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        const steps = plan.rows.map((row) => row.detail);
        // ORDER BY … LIMIT 1 in the joined subquery made SQLite materialize it on every page (~12× the cost).
        expect(
          steps.filter((step) => step.includes('MATERIALIZE')),
          steps.join('\n'),
        ).toEqual([]);
        const clips = steps.findIndex((step) => /^SEARCH c USING .*\(customer_id=\?\)/.test(step));
        const offers = steps.findIndex((step) => /^SEARCH o USING INTEGER PRIMARY KEY/.test(step));
        expect(clips, steps.join('\n')).toBeGreaterThanOrEqual(0);
        expect(offers).toBeGreaterThan(clips);
      }
    });

  it('is compiled once per shape', async () => {
    await header(null);
    await header('00000000-0000-4000-8000-000000000000');
    const settled = counter.compiled;
    await header(null);
    await header('00000000-0000-4000-8000-000000000001');
    expect(counter.compiled).toBe(settled);
  });
});

/** Fails every statement, as an unreachable database does. */
class FailingDatabase implements KyselyPlugin {
  transformQuery(): never {
    throw new Error('database unreachable');
  }
  async transformResult(): Promise<never> {
    throw new Error('database unreachable');
  }
}

describe('the header when its read fails (the root loader renders the page anyway)', () => {
  let test: TestDatabase;
  let customerId: number;
  const request = new Request('http://greenleaf.localhost:3000/shop/slots.html');
  const shopper = (userType: 'C' | 'G', id: number | null) =>
    ({
      userType,
      customer: id === null ? null : { customerId: String(id) },
      host: { bannerId: 'greenleaf', siteType: 'C' },
      cookie: { siteType: 'C', secure: false },
      session: null,
      headers: new Headers(),
    }) as unknown as Shopper;

  beforeAll(async () => {
    ({ test } = await seededDeliveryWorld('sqlite'));
    customerId = (await test.db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('reads the counts while the database answers', async () => {
    useDatabaseForTests(test);
    const counts = await headerCounts(request, shopper('C', customerId));
    expect(counts.clippedOffers).toBeTypeOf('number');
    expect(await headerCounts(request, shopper('G', null))).toMatchObject({ clippedOffers: null, pendingOrder: null });
  });

  it("empties a customer's counts but keeps their coupons link (a clip count of 0, not a guest's null)", async () => {
    useDatabaseForTests({ ...test, db: test.db.withPlugin(new FailingDatabase()) });
    expect(await headerCounts(request, shopper('C', customerId))).toEqual({
      cartCount: 0,
      clippedOffers: 0,
      pendingOrder: null,
    });
  });

  it("empties a guest's cart count and shows no clip count", async () => {
    useDatabaseForTests({ ...test, db: test.db.withPlugin(new FailingDatabase()) });
    // A guest cart to count, so the header reads the database.
    const withGuestCart = new Request(`${request.url}?guestCartId=00000000-0000-4000-8000-000000000002`);
    expect(await headerCounts(withGuestCart, shopper('G', null))).toEqual({
      cartCount: 0,
      clippedOffers: null,
      pendingOrder: null,
    });
  });
});
