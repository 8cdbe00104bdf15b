import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '~/db/compiled-statement.server';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import {
  activeCustomerCartId,
  activeGuestCartId,
  cartForWriting,
  cartItemCount,
  shopperItemCount,
} from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { bumpStateVersion, stateVersion } from '~/modules/http/state-versions.server';
import { endGrant, grantIsLive } from '~/modules/identity/grants.server';
import { clipOffer, clippedOfferCount } from '~/modules/offers/clips.server';
import { pendingOrder } from '~/modules/orders/order-history.server';
import { heldSlot, listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/** Counts the query trees Kysely compiles (every builder query passes transformQuery once). */
class CompileCounter implements KyselyPlugin {
  compiled = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.compiled++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(DIALECTS)('statements compiled once on %s', (dialect) => {
  let test: TestDatabase;
  const counter = new CompileCounter();

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await test.db
      .insertInto('oidc_payloads')
      .values([
        { model: 'Grant', id: 'grant-live', payload: '{}', expires_at: expires },
        { model: 'Grant', id: 'grant-ended', payload: '{}', expires_at: expires },
        { model: 'Session', id: 'grant-live-session', payload: '{}', expires_at: expires },
      ])
      .execute();
    // The process-wide database, seen through a plugin that counts compilations.
    useDatabaseForTests({ ...test, db: test.db.withPlugin(counter) });
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('compiles a query once and runs it with each call’s values, constants kept', async () => {
    const db = test.db.withPlugin(counter);
    const before = counter.compiled;
    const grantRow = compiledOnce((kysely, id: string, model: string) =>
      // The placeholders are used out of their order, beside a constant: each still lands in its own place.
      kysely
        .selectFrom('oidc_payloads')
        .select(['id', 'model'])
        .where('expires_at', 'is not', null)
        .where('model', '=', model)
        .where('id', '=', id)
        .compile(),
    );
    expect(await grantRow(db, 'grant-live', 'Grant')).toEqual([{ id: 'grant-live', model: 'Grant' }]);
    expect(await grantRow(db, 'grant-live-session', 'Session')).toEqual([
      { id: 'grant-live-session', model: 'Session' },
    ]);
    expect(await grantRow(db, 'grant-live-session', 'Grant')).toEqual([]);
    expect(counter.compiled - before).toBe(1);
  });

  it('refuses a build that does not use each placeholder', async () => {
    const unused = compiledOnce((kysely, _id: string) => kysely.selectFrom('oidc_payloads').select('id').compile());
    await expect(unused(test.db, 'grant-live')).rejects.toThrow(/placeholder 0/);
  });

  it('puts a value the query uses twice in both places', async () => {
    const db = test.db.withPlugin(counter);
    const named = compiledOnce((kysely, id: string) =>
      kysely
        .selectFrom('oidc_payloads')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', id), eb('grant_id', '=', id)]))
        .where('id', 'like', sql<string>`${id} || '%'`)
        .compile(),
    );
    expect(await named(db, 'grant-live')).toEqual([{ id: 'grant-live' }]);
    expect(await named(db, 'grant-ended')).toEqual([{ id: 'grant-ended' }]);
  });

  it('runs within a transaction, committed or rolled back with it, compiled once for the database', async () => {
    const db = test.db.withPlugin(counter);
    const insert = compiledOnce((kysely, id: string, expires: string) =>
      kysely
        .insertInto('oidc_payloads')
        .values({ model: 'Session', id, payload: '{}', expires_at: expires })
        .returning('id')
        .compile(),
    );
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const before = counter.compiled;
    await db.transaction().execute((tx) => insert.within(tx, db, 'within-kept', expires));
    await expect(
      db.transaction().execute(async (tx) => {
        expect(await insert.within(tx, db, 'within-undone', expires)).toEqual([{ id: 'within-undone' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(counter.compiled - before).toBe(1);
    const ids = await test.db.selectFrom('oidc_payloads').select('id').where('id', 'like', 'within-%').execute();
    expect(ids).toEqual([{ id: 'within-kept' }]);
  });

  it('checks a grant on every call without compiling its query again', async () => {
    await grantIsLive('grant-live');
    const before = counter.compiled;
    expect(await grantIsLive('grant-live')).toBe(true);
    expect(await grantIsLive('grant-unknown')).toBe(false);
    expect(counter.compiled - before).toBe(0);
    await endGrant('grant-ended');
    expect(await grantIsLive('grant-ended')).toBe(false);
  });

  it('reads a state version on every call without compiling its query again', async () => {
    await stateVersion('c:compiled-once');
    await bumpStateVersion('c:compiled-once');
    const before = counter.compiled;
    expect(await stateVersion('c:compiled-once')).toBe(1);
    expect(await stateVersion('c:nobody')).toBe(0);
    expect(counter.compiled - before).toBe(0);
  });
});

const SAM = 500004;

describe.each(DIALECTS)('the soak’s statements compiled once on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let offers: { id: number; title: string }[];
  const counter = new CompileCounter();
  const now = new Date();
  const customer = { customerId: SAM, bannerId: 'greenleaf', siteType: 'C' as const };
  const guest = { ...customer, customerId: null };

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 300, log: () => {}, now });
    useDatabaseForTests({ ...test, db: test.db.withPlugin(counter) });
    forgetCachedStores();
    const row = await test.db
      .selectFrom('stores')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('has_grocery_delivery', '=', 1)
      .where('has_dug', '=', 1)
      .executeTakeFirstOrThrow();
    store = (await storeById(row.id))!;
    const at = now.toISOString();
    await test.db.deleteFrom('clips').where('customer_id', '=', SAM).execute();
    offers = await test.db
      .selectFrom('offers')
      .select(['id', 'title'])
      .where('banner_id', '=', 'greenleaf')
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .orderBy('id')
      .limit(4)
      .execute();
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  /** How many query trees `run` made Kysely compile. */
  async function compilations(run: () => Promise<unknown>): Promise<number> {
    const before = counter.compiled;
    await run();
    return counter.compiled - before;
  }

  it('adds to a cart, with and without the state bump, compiling nothing after the first add', async () => {
    const products = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .orderBy('id')
      .limit(2)
      .execute();
    const [a, b] = products.map((product) => product.id) as [number, number];
    const cartId = await cartForWriting(guest, null, store.id);
    const subject = 'c:compiled-cart';
    await addToCart(cartId, a, 1, store.id, { stateSubject: subject });
    await addToCart(cartId, b, 2, store.id);
    const adds: unknown[] = [];
    expect(
      await compilations(async () => {
        adds.push(await addToCart(cartId, a, 2, store.id, { stateSubject: subject }));
        adds.push(await addToCart(cartId, b, 99, store.id));
      }),
    ).toBe(0);
    expect(adds).toEqual([
      { ok: true, cartId, itemCount: 5 },
      { ok: true, cartId, itemCount: 102 },
    ]);
    expect(await stateVersion(subject)).toBe(2);
    expect(await cartItemCount(cartId)).toBe(102);
  });

  it('clips offers and counts live clips, compiling nothing after the first clip', async () => {
    const [first, second, third] = offers as [(typeof offers)[0], (typeof offers)[0], (typeof offers)[0]];
    const viewer = { bannerId: 'greenleaf', customerId: SAM, storeId: store.id };
    const subject = 'c:compiled-clip';
    await clipOffer(viewer, first.id, now, { stateSubject: subject });
    await clipOffer(viewer, first.id, now);
    await clippedOfferCount(viewer, now);
    const results: unknown[] = [];
    expect(
      await compilations(async () => {
        results.push(await clipOffer(viewer, second.id, now, { stateSubject: subject }));
        results.push(await clipOffer(viewer, second.id, now, { stateSubject: subject }));
        results.push(await clipOffer(viewer, third.id, now));
        results.push(await clippedOfferCount(viewer, now));
      }),
    ).toBe(0);
    expect(results).toEqual([
      { ok: true, offerId: second.id, title: second.title, alreadyClipped: false },
      { ok: true, offerId: second.id, title: second.title, alreadyClipped: true },
      { ok: true, offerId: third.id, title: third.title, alreadyClipped: false },
      3,
    ]);
    // One bump per new clip, none for the repeat.
    expect(await stateVersion(subject)).toBe(2);
  });

  it('reads the header’s cart units, the cart id and the pending order, compiling nothing after the first read', async () => {
    const guestCartId = await cartForWriting(guest, null, store.id);
    const own = await cartForWriting(customer, null, store.id);
    const product = await test.db.selectFrom('products').select('id').where('kind', '=', 'grocery').limit(1).execute();
    await addToCart(guestCartId, product[0]!.id, 3, store.id);
    await addToCart(own, product[0]!.id, 4, store.id);
    const reads = async () => [
      await shopperItemCount(customer, null),
      await shopperItemCount(customer, guestCartId),
      await shopperItemCount(guest, guestCartId),
      await activeCustomerCartId(customer),
      await activeGuestCartId(guestCartId, guest),
      await pendingOrder(customer, now),
    ];
    const first = await reads();
    let again: unknown[] = [];
    expect(
      await compilations(async () => {
        again = await reads();
      }),
    ).toBe(0);
    expect(again).toEqual(first);
    expect(first.slice(0, 5)).toEqual([4, 7, 3, own, guestCartId]);
  });

  it('lists the slots page’s windows, expired holds and the held window, compiling nothing after the first page', async () => {
    const cartId = await cartForWriting(guest, null, store.id);
    const page = async () => ({
      delivery: await listSlots(store, 'delivery', now),
      pickup: await listSlots(store, 'pickup', now),
      held: await heldSlot(cartId, store.timezone, now),
    });
    const slot = (await listSlots(store, 'delivery', now)).find((window) => window.bookable)!;
    await listSlots(store, 'pickup', now);
    const reserved = await reserveSlot({
      slotId: slot.id,
      cartId,
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(reserved.ok).toBe(true);
    const first = await page();
    let again: Awaited<ReturnType<typeof page>> | undefined;
    expect(
      await compilations(async () => {
        again = await page();
      }),
    ).toBe(0);
    expect(again).toEqual(first);
    expect(first.held).toMatchObject({ slotId: slot.id, storeId: store.id });
    expect(first.delivery.length).toBeGreaterThan(0);
    expect(first.pickup.length).toBeGreaterThan(0);
  });
});
