import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateVersion, storeSubjectOf } from '~/modules/http/state-versions.server';
import { useDatabaseForTests } from '~/db/db.server';
import { productDetails } from '~/modules/catalog/product-details.server';
import { findStoreProducts, setStoreStock } from '~/modules/catalog/store-stock.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import { claimDueMessages } from '~/modules/mail/delivery-worker.server';
import { deadLettersOfStore, resendDeadLetter } from '~/modules/mail/queue.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { managedSlotDay, setSlotCapacity, setSlotClosed } from '~/modules/slots/slot-admin.server';
import { attachHoldToOrder, listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { applyManagerAction, storeManagerPage } from '~/modules/staff/store-manager.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';
import { insertPendingOrder } from './support/fulfilment';

const GUEST = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
const JORDAN = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' as const };

describe.each(DIALECTS)("the store manager's page on %s", (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let otherStoreId: number;
  let manager: StaffAtStore;
  let picker: StaffAtStore;
  let elsewhere: StaffAtStore;
  const now = new Date();

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    const other = await test.db
      .selectFrom('stores')
      .select('id')
      .where('id', '!=', store.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherStoreId = other.id;
    manager = { staffId: 500004, storeId: store.id, roles: ['manager'] };
    picker = { staffId: 500002, storeId: store.id, roles: ['picker'] };
    elsewhere = { staffId: 500004, storeId: otherStoreId, roles: ['manager'] };
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  /** A bookable 2-hour delivery window not used by another test (each test takes the next one). */
  let taken = 0;
  async function freshWindow() {
    const windows = (await listSlots(store, 'delivery', now)).filter(
      (slot) => slot.kind === 'delivery-2h' && slot.bookable,
    );
    const window = windows[taken++];
    if (!window) throw new Error('no bookable window left');
    return window;
  }

  const reserve = async (slotId: number) =>
    reserveSlot({
      slotId,
      cartId: await cartForWriting(GUEST, null, store.id),
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now,
    });

  const rowOf = (slotId: number) =>
    test.db
      .selectFrom('slots')
      .select(['capacity', 'reserved', 'closed'])
      .where('id', '=', slotId)
      .executeTakeFirstOrThrow();

  describe('windows', () => {
    it("lists the day's windows of every kind with capacity and places taken", async () => {
      const window = await freshWindow();
      await reserve(window.id);
      const day = await managedSlotDay(store, window.day, now);
      expect(day.day).toBe(window.day);
      const kinds = new Set(day.slots.map((slot) => slot.kind));
      expect(kinds).toContain('delivery-2h');
      expect(kinds).toContain('delivery-1h');
      // Rush windows too, beyond the 3 hours shoppers see them (the manager plans the whole day).
      if (store.has_rush_delivery === 1) expect(kinds).toContain('rush');
      expect(day.slots.find((slot) => slot.id === window.id)).toMatchObject({
        capacity: 8,
        taken: 1,
        closed: false,
        editable: true,
      });
      // An unknown day shows today.
      expect((await managedSlotDay(store, '1999-01-01', now)).day).toBe(day.days[0]);
    });

    it('changes the capacity, never below the places taken, with the number in the refusal', async () => {
      const window = await freshWindow();
      for (let i = 0; i < 3; i++) expect((await reserve(window.id)).ok).toBe(true);
      expect(await setSlotCapacity(manager, window.id, 12, now)).toEqual({ ok: true });
      expect((await rowOf(window.id)).capacity).toBe(12);
      expect(await setSlotCapacity(manager, window.id, 2, now)).toEqual({ ok: false, code: 'BELOW_TAKEN', taken: 3 });
      expect((await rowOf(window.id)).capacity).toBe(12);
      expect(await setSlotCapacity(manager, window.id, 3, now)).toEqual({ ok: true });
      expect((await reserve(window.id)).ok).toBe(false);
      const refused = await applyManagerAction(manager, { intent: 'capacity', slotId: window.id, capacity: 1 }, now);
      expect(refused).toEqual({
        ok: false,
        status: 409,
        message: '3 places are already taken in this window, so its capacity cannot go below 3.',
      });
    });

    it("refuses another store's window, a picker, and a window that has started, and changes nothing", async () => {
      const window = await freshWindow();
      const before = await rowOf(window.id);
      expect(await setSlotCapacity(elsewhere, window.id, 1, now)).toEqual({ ok: false, code: 'SLOT_NOT_FOUND' });
      expect(await setSlotClosed(elsewhere, window.id, true, now)).toEqual({ ok: false, code: 'SLOT_NOT_FOUND' });
      expect(await setSlotCapacity(picker, window.id, 1, now)).toEqual({ ok: false, code: 'ROLE' });
      expect(await setSlotClosed(picker, window.id, true, now)).toEqual({ ok: false, code: 'ROLE' });
      const later = new Date(Date.parse(window.startsAt) + 60_000);
      expect(await setSlotCapacity(manager, window.id, 1, later)).toEqual({ ok: false, code: 'STARTED' });
      expect(await setSlotClosed(manager, window.id, true, later)).toEqual({ ok: false, code: 'STARTED' });
      expect(await rowOf(window.id)).toEqual(before);
      expect(await applyManagerAction(picker, { intent: 'close', slotId: window.id }, now)).toMatchObject({
        ok: false,
        status: 403,
      });
    });

    it('never overbooks a window whose capacity is lowered while shoppers reserve it', async () => {
      for (let round = 0; round < 3; round++) {
        const window = await freshWindow();
        const carts = await Promise.all(Array.from({ length: 8 }, () => cartForWriting(GUEST, null, store.id)));
        const [lowered, ...reservations] = await Promise.all([
          setSlotCapacity(manager, window.id, 3, now),
          ...carts.map((cartId) =>
            reserveSlot({ slotId: window.id, cartId, customerId: null, store, needsAttendedDelivery: false, now }),
          ),
        ]);
        const row = await rowOf(window.id);
        const ok = reservations.filter((result) => result.ok).length;
        expect(row.reserved).toBe(ok);
        expect(row.reserved).toBeLessThanOrEqual(row.capacity);
        if (lowered.ok) {
          expect(row.capacity).toBe(3);
          expect(ok).toBeLessThanOrEqual(3);
        } else {
          expect(lowered).toMatchObject({ code: 'BELOW_TAKEN' });
          expect(row.capacity).toBe(8);
          expect(ok).toBeGreaterThan(3);
        }
        const holds = await test.db
          .selectFrom('slot_holds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('slot_id', '=', window.id)
          .executeTakeFirstOrThrow();
        expect(Number(holds.n)).toBe(ok);
      }
    });

    it('closes a window to new places, keeps the order already in it, and reopens it', async () => {
      const window = await freshWindow();
      const hold = await reserve(window.id);
      if (!hold.ok) throw new Error('the first reservation failed');
      const item = await test.db
        .selectFrom('products')
        .select(['id', 'base_price_cents'])
        .where('kind', '=', 'grocery')
        .executeTakeFirstOrThrow();
      const order = await insertPendingOrder(test.db, {
        customer: JORDAN,
        storeId: store.id,
        lines: [{ productId: item.id, quantity: 1, unitPriceCents: item.base_price_cents }],
      });
      await attachHoldToOrder(hold.holdId, order.orderId);

      expect(await setSlotClosed(manager, window.id, true, now)).toEqual({ ok: true });
      expect(await setSlotClosed(manager, window.id, true, now)).toEqual({ ok: true });
      expect(await reserve(window.id)).toEqual({ ok: false, code: 'CLOSED' });
      const shown = (await listSlots(store, 'delivery', now)).find((slot) => slot.id === window.id)!;
      expect(shown.bookable).toBe(false);
      expect(shown.placesLeft).toBe(7);
      expect(await rowOf(window.id)).toEqual({ capacity: 8, reserved: 1, closed: 1 });
      const kept = await test.db
        .selectFrom('slot_holds')
        .select('order_id')
        .where('id', '=', hold.holdId)
        .executeTakeFirstOrThrow();
      expect(kept.order_id).toBe(order.orderId);
      expect((await managedSlotDay(store, window.day, now)).slots.find((slot) => slot.id === window.id)).toMatchObject({
        closed: true,
        taken: 1,
      });

      expect(await setSlotClosed(manager, window.id, false, now)).toEqual({ ok: true });
      expect((await reserve(window.id)).ok).toBe(true);
      expect(await rowOf(window.id)).toEqual({ capacity: 8, reserved: 2, closed: 0 });
    });

    it('takes no place in a window closed while shoppers reserve it', async () => {
      const window = await freshWindow();
      const carts = await Promise.all(Array.from({ length: 6 }, () => cartForWriting(GUEST, null, store.id)));
      const [closed, ...reservations] = await Promise.all([
        setSlotClosed(manager, window.id, true, now),
        ...carts.map((cartId) =>
          reserveSlot({ slotId: window.id, cartId, customerId: null, store, needsAttendedDelivery: false, now }),
        ),
      ]);
      expect(closed).toEqual({ ok: true });
      const row = await rowOf(window.id);
      expect(row.reserved).toBe(reservations.filter((result) => result.ok).length);
      expect(await reserve(window.id)).toEqual({ ok: false, code: 'CLOSED' });
      expect((await rowOf(window.id)).reserved).toBe(row.reserved);
    });
  });

  describe('stock at the store', () => {
    async function groceryProduct(offset: number) {
      return test.db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('kind', '=', 'grocery')
        .where('id', 'not in', (eb) =>
          eb.selectFrom('store_product_overrides').select('product_id').where('store_id', '=', store.id),
        )
        .orderBy('id')
        .limit(1)
        .offset(offset)
        .executeTakeFirstOrThrow();
    }

    it('finds grocery products by part of their name, in any case, and no other kind', async () => {
      const product = await groceryProduct(0);
      const part = product.name.split(' ').at(-1)!.toUpperCase();
      const found = await findStoreProducts(store.id, part);
      expect(found.map((hit) => hit.id)).toContain(product.id);
      expect(found.every((hit) => hit.name.toLowerCase().includes(part.toLowerCase()))).toBe(true);
      const wine = await test.db
        .selectFrom('products')
        .select('name')
        .where('kind', '!=', 'grocery')
        .executeTakeFirst();
      if (wine) expect(await findStoreProducts(store.id, wine.name)).toEqual([]);
      expect(await findStoreProducts(store.id, '%')).toEqual([]);
      expect(await findStoreProducts(store.id, '%_')).toEqual([]);
    });

    it('marks a product out of stock at this store only, and search and the product page say so', async () => {
      const product = await groceryProduct(1);
      const ctx = priceContextFor(store, 'greenleaf', now);
      const search = async () =>
        (
          await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q: product.name })), now)
        ).products!.items.find((item) => item.id === product.id);
      expect((await search())?.stock).toBe('in_stock');
      // The store's staff pages (their substitutes follow stock) are rendered afresh after each change.
      const storeVersion = () => stateVersion(storeSubjectOf(store.id));
      const versionBefore = await storeVersion();

      expect(await setStoreStock(manager, product.id, false)).toEqual({ ok: true });
      expect(await storeVersion()).toBe(versionBefore + 1);
      expect((await findStoreProducts(store.id, product.name)).find((hit) => hit.id === product.id)?.stock).toBe(
        'out_of_stock',
      );
      expect((await search())?.stock).toBe('out_of_stock');
      expect((await productDetails(product.id, 'grocery', ctx))?.stock).toBe('out_of_stock');
      const otherStock = await findStoreProducts(otherStoreId, product.name);
      expect(otherStock.find((hit) => hit.id === product.id)?.stock).toBe('in_stock');

      expect(await setStoreStock(manager, product.id, true)).toEqual({ ok: true });
      expect(await storeVersion()).toBe(versionBefore + 2);
      expect((await search())?.stock).toBe('in_stock');
      expect((await productDetails(product.id, 'grocery', ctx))?.stock).toBe('in_stock');
    });

    it("keeps the store's own price when stock changes, and leaves a product the store does not sell alone", async () => {
      const priced = await groceryProduct(2);
      await test.db
        .insertInto('store_product_overrides')
        .values({ store_id: store.id, product_id: priced.id, price_cents: 123, stock_status: null })
        .execute();
      expect(await setStoreStock(manager, priced.id, false)).toEqual({ ok: true });
      expect(await setStoreStock(manager, priced.id, true)).toEqual({ ok: true });
      const row = await test.db
        .selectFrom('store_product_overrides')
        .select(['price_cents', 'stock_status'])
        .where('store_id', '=', store.id)
        .where('product_id', '=', priced.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_cents: 123, stock_status: null });

      const unsold = await groceryProduct(3);
      await test.db
        .insertInto('store_product_overrides')
        .values({ store_id: store.id, product_id: unsold.id, price_cents: null, stock_status: 'unavailable' })
        .execute();
      expect(await setStoreStock(manager, unsold.id, false)).toEqual({ ok: false, code: 'NOT_SOLD' });
      expect(await setStoreStock(manager, unsold.id, true)).toEqual({ ok: false, code: 'NOT_SOLD' });
      const still = await test.db
        .selectFrom('store_product_overrides')
        .select('stock_status')
        .where('product_id', '=', unsold.id)
        .where('store_id', '=', store.id)
        .executeTakeFirstOrThrow();
      expect(still.stock_status).toBe('unavailable');
    });

    it('refuses a product that is not grocery or does not exist, and a picker', async () => {
      const other = await test.db.selectFrom('products').select('id').where('kind', '!=', 'grocery').executeTakeFirst();
      if (other)
        expect(await setStoreStock(manager, other.id, false)).toEqual({ ok: false, code: 'PRODUCT_NOT_FOUND' });
      expect(await setStoreStock(manager, 999_999_999, false)).toEqual({ ok: false, code: 'PRODUCT_NOT_FOUND' });
      const product = await groceryProduct(4);
      expect(await setStoreStock(picker, product.id, false)).toEqual({ ok: false, code: 'ROLE' });
      expect(
        await test.db
          .selectFrom('store_product_overrides')
          .select('product_id')
          .where('store_id', '=', store.id)
          .where('product_id', '=', product.id)
          .execute(),
      ).toEqual([]);
    });
  });

  describe('dead letters', () => {
    async function deadLetter(storeId: number, recipient = 'jordan@pantry.test') {
      const messageId = randomUUID();
      await test.db
        .insertInto('outbox')
        .values({
          message_id: messageId,
          kind: 'order-placed',
          channel: 'email',
          recipient,
          subject: 'Your order',
          body: 'text',
          html_body: null,
          banner_id: 'greenleaf',
          store_id: storeId,
          order_id: null,
          status: 'dead',
          attempts: 3,
          next_attempt_at: null,
          claimed_until: null,
          claim_token: null,
          last_error: `550 5.1.1 <${recipient}>: Recipient address rejected`,
          sent_at: null,
          created_at: new Date(now.getTime() - 3_600_000).toISOString(),
        })
        .execute();
      return messageId;
    }

    it("lists the store's dead letters with the recipient masked, in the error too", async () => {
      const messageId = await deadLetter(store.id);
      await deadLetter(otherStoreId);
      const page = (await storeManagerPage(manager, {}, now))!;
      const letter = page.deadLetters.find((row) => row.messageId === messageId)!;
      expect(letter).toMatchObject({ kind: 'Order placed', recipient: 'j***@pantry.test', attempts: 3 });
      expect(letter.lastError).toBe('550 5.1.1 <j***@pantry.test>: Recipient address rejected');
      expect(JSON.stringify(page.deadLetters)).not.toContain('jordan@');
      expect(await storeManagerPage(picker, {}, now)).toBeNull();
    });

    it('sends a dead letter again: pending, due now, attempts reset; once; never another store’s', async () => {
      const messageId = await deadLetter(store.id, 'sam@pantry.test');
      expect(await resendDeadLetter(otherStoreId, messageId, now)).toBe(false);
      expect(await resendDeadLetter(store.id, messageId, now)).toBe(true);
      expect(await resendDeadLetter(store.id, messageId, now)).toBe(false);
      const row = await test.db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'next_attempt_at', 'last_error', 'claim_token'])
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        last_error: null,
        claim_token: null,
      });
      expect((await deadLettersOfStore(store.id)).map((letter) => letter.message_id)).not.toContain(messageId);
      const claimed = await claimDueMessages({ token: 'test', now, leaseMs: 60_000, maxAttempts: 3, limit: 100 });
      expect(claimed.map((message) => message.message_id)).toContain(messageId);
      expect(await applyManagerAction(manager, { intent: 'resend', messageId }, now)).toMatchObject({
        ok: false,
        status: 404,
      });
    });
  });
});
