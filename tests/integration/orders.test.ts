import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { addTender, customerTenders, placeOrder } from '~/modules/orders/checkout.server';
import { stateVersion, storeSubjectOf } from '~/modules/http/state-versions.server';
import { cancelOrder, discardEdit, saveEdit, startEdit } from '~/modules/orders/order-changes.server';
import { buyItAgain, orderHistory, orderSummary, pendingOrder } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const BART: OrderCustomer = { customerId: 500002, bannerId: 'greenleaf', siteType: 'C' };
const CAFE: OrderCustomer = { customerId: 500003, bannerId: 'greenleaf', siteType: 'B' };

describe.each(DIALECTS)('orders on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productIds: number[];
  const now = new Date();

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    productIds = (
      await test.db
        .selectFrom('products')
        .select('id')
        .where('kind', '=', 'grocery')
        .where('attended_delivery_only', '=', 0)
        .orderBy('id')
        .limit(4)
        .execute()
    ).map((p) => p.id);
    await test.db.deleteFrom('store_product_overrides').where('product_id', 'in', productIds).execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const saved = new Map<number, { addressId: number; tenderId: number }>();
  /** The customer's address and card, saved through the checkout's own functions the first time. */
  async function ids(customer: OrderCustomer) {
    let known = saved.get(customer.customerId);
    if (!known) {
      known = {
        addressId: await saveCheckoutAddress(customer, {
          address1: '12 Elm St',
          city: 'Seattle',
          state: 'wa',
          zipcode: '98101',
        }),
        tenderId: await addTender(customer.customerId, '4111111111111111', '12/30'),
      };
      saved.set(customer.customerId, known);
    }
    return known;
  }

  /** A cart with two products and a held 2-hour delivery window (the nth bookable one). */
  async function readyCart(customer: OrderCustomer, nth = 0) {
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, productIds[0]!, 2, store.id);
    await addToCart(cartId, productIds[1]!, 1, store.id);
    const slot = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable)[nth]!;
    const held = await reserveSlot({
      slotId: slot.id,
      cartId,
      customerId: customer.customerId,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(held.ok).toBe(true);
    return { cartId, slot };
  }

  async function place(customer: OrderCustomer, nth = 0) {
    const { cartId, slot } = await readyCart(customer, nth);
    const result = await placeOrder({ customer, cartId, store, preference: 'Delivery', ...(await ids(customer)), now });
    if (!result.ok) throw new Error(`order refused: ${result.code}`);
    return { ...result, slot };
  }

  it('numbers consumer and business orders in their own series, uniquely, even when placed in parallel', async () => {
    const results = await Promise.all([place(JORDAN, 0), place(CAFE, 1), place(BART, 2)]);
    const [jordan, cafe, bart] = results;
    expect(jordan.orderNumber).toMatch(/^C\d{8}$/);
    expect(bart.orderNumber).toMatch(/^C\d{8}$/);
    expect(cafe.orderNumber).toMatch(/^B\d{8}$/);
    expect(new Set([jordan.orderNumber, bart.orderNumber]).size).toBe(2);
    const next = await place(CAFE, 3);
    expect(Number(next.orderNumber.slice(1))).toBe(Number(cafe.orderNumber.slice(1)) + 1);
  });

  /** The store's version (its staff pages' part of the private cache key). */
  const storeVersion = () => stateVersion(storeSubjectOf(store.id));

  it('places the cart as a pending order that keeps its slot place, and retires the cart', async () => {
    const versionBefore = await storeVersion();
    const order = await place(JORDAN, 4);
    expect(await storeVersion()).toBe(versionBefore + 1);
    const summary = (await orderSummary(JORDAN, order.orderNumber, now))!;
    expect(summary).toMatchObject({ status: 'PENDING', fulfillment: 'DELIVERY', editable: true });
    const lines = Object.fromEntries(summary.items.map((item) => [item.productId, item.quantity]));
    expect(lines).toEqual({ [productIds[0]!]: 2, [productIds[1]!]: 1 });
    expect(
      await test.db.selectFrom('carts').select('status').where('order_id', '=', summary.id).executeTakeFirst(),
    ).toEqual({
      status: 'ordered',
    });
    expect(summary.totalCents).toBe(summary.subtotalCents - summary.savingsCents + summary.feesCents);
    const hold = await test.db
      .selectFrom('slot_holds')
      .selectAll()
      .where('order_id', '=', summary.id)
      .executeTakeFirstOrThrow();
    expect(hold.expires_at).toBeNull();
    expect((await pendingOrder(JORDAN, now))?.orderNumber).toBeDefined();
    expect((await orderHistory(JORDAN, now)).some((o) => o.orderNumber === order.orderNumber && o.editable)).toBe(true);
  });

  it('refuses an order without a held slot, or with another customer’s card', async () => {
    const cartId = await cartForWriting(BART, null, store.id);
    await addToCart(cartId, productIds[0]!, 1, store.id);
    expect(
      await placeOrder({ customer: BART, cartId, store, preference: 'Delivery', ...(await ids(BART)), now }),
    ).toEqual({ ok: false, code: 'NO_SLOT' });
    const { cartId: ready } = await readyCart(BART, 5);
    const jordans = await ids(JORDAN);
    expect(
      await placeOrder({
        customer: BART,
        cartId: ready,
        store,
        preference: 'Delivery',
        ...(await ids(BART)),
        tenderId: jordans.tenderId,
        now,
      }),
    ).toEqual({
      ok: false,
      code: 'NO_TENDER',
    });
  });

  it('shows and changes an order only for its owner', async () => {
    const order = await place(JORDAN, 6);
    expect(await orderSummary(BART, order.orderNumber, now)).toBeNull();
    expect(await startEdit(BART, order.orderNumber, now)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await cancelOrder(BART, order.orderNumber, now)).toEqual({ ok: false, code: 'NOT_FOUND' });
    // The business site of the same customer's banner does not see consumer orders either.
    expect(await orderSummary({ ...JORDAN, siteType: 'B' }, order.orderNumber, now)).toBeNull();
    expect((await orderSummary(JORDAN, order.orderNumber, now))?.status).toBe('PENDING');
  });

  it('edits an order before the cut-off: lines and slot change on save, and nothing before', async () => {
    const order = await place(JORDAN, 7);
    const edit = await startEdit(JORDAN, order.orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await setQuantity(edit.cartId, productIds[0]!, 0, store.id);
    await addToCart(edit.cartId, productIds[2]!, 3, store.id);
    const newSlot = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-1h' && s.bookable)[0]!;
    expect(
      (
        await reserveSlot({
          slotId: newSlot.id,
          cartId: edit.cartId,
          customerId: JORDAN.customerId,
          store,
          needsAttendedDelivery: false,
          now,
        })
      ).ok,
    ).toBe(true);
    // Until saved, the order is unchanged.
    expect((await orderSummary(JORDAN, order.orderNumber, now))!.items.map((i) => i.productId)).toContain(
      productIds[0],
    );
    const versionBefore = await storeVersion();
    const saved = await saveEdit(JORDAN, order.orderNumber, now);
    if (!saved.ok) throw new Error(saved.code);
    expect(await storeVersion()).toBe(versionBefore + 1);
    expect(saved.order.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [productIds[1], 1],
        [productIds[2], 3],
      ].sort(),
    );
    expect(saved.order.slotId).toBe(newSlot.id);
    const oldSlot = await test.db
      .selectFrom('slots')
      .select('reserved')
      .where('id', '=', order.slot.id)
      .executeTakeFirstOrThrow();
    expect(oldSlot.reserved).toBe(0);
  });

  it('discards an edit without changing the order', async () => {
    const order = await place(BART, 8);
    const before = (await orderSummary(BART, order.orderNumber, now))!.items;
    const edit = await startEdit(BART, order.orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await setQuantity(edit.cartId, productIds[0]!, 9, store.id);
    await discardEdit(BART, order.orderNumber, now);
    expect((await orderSummary(BART, order.orderNumber, now))!.items).toEqual(before);
    // A new edit starts again from the order, not from the discarded copy.
    const again = await startEdit(BART, order.orderNumber, now);
    expect(again.ok && again.cartId).not.toBe(edit.cartId);
  });

  it('refuses to edit, save or cancel after the cut-off', async () => {
    const order = await place(BART, 9);
    const edit = await startEdit(BART, order.orderNumber, now);
    expect(edit.ok).toBe(true);
    const afterCutoff = new Date(new Date(order.cutoffAt).getTime() + 1000);
    const versionBefore = await storeVersion();
    expect(await startEdit(BART, order.orderNumber, afterCutoff)).toEqual({ ok: false, code: 'PAST_CUTOFF' });
    expect(await saveEdit(BART, order.orderNumber, afterCutoff)).toEqual({ ok: false, code: 'PAST_CUTOFF' });
    expect(await cancelOrder(BART, order.orderNumber, afterCutoff)).toEqual({ ok: false, code: 'PAST_CUTOFF' });
    expect((await orderSummary(BART, order.orderNumber, afterCutoff))!.editable).toBe(false);
    expect(await pendingOrder(BART, afterCutoff)).toBeNull();
    // Nothing changed, so the store's staff pages stay as they are.
    expect(await storeVersion()).toBe(versionBefore);
  });

  it('cancels before the cut-off, gives the slot place back, and cannot cancel twice', async () => {
    const order = await place(BART, 10);
    const before = await test.db
      .selectFrom('slots')
      .select('reserved')
      .where('id', '=', order.slot.id)
      .executeTakeFirstOrThrow();
    const versionBefore = await storeVersion();
    expect(await cancelOrder(BART, order.orderNumber, now)).toEqual({ ok: true });
    expect(await storeVersion()).toBe(versionBefore + 1);
    const after = await test.db
      .selectFrom('slots')
      .select('reserved')
      .where('id', '=', order.slot.id)
      .executeTakeFirstOrThrow();
    expect(after.reserved).toBe(before.reserved - 1);
    expect(await cancelOrder(BART, order.orderNumber, now)).toEqual({ ok: false, code: 'NOT_PENDING' });
    expect((await orderSummary(BART, order.orderNumber, now))!.status).toBe('CANCELLED');
  });

  it('keeps only a token and the last four digits of a saved card', async () => {
    await ids(BART);
    const tenders = await customerTenders(BART.customerId);
    expect(tenders.at(-1)).toMatchObject({ brand: 'Visa', lastFour: '1111', expiry: '12/30' });
    const row = await test.db
      .selectFrom('customer_tenders')
      .selectAll()
      .where('customer_id', '=', BART.customerId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
    expect(row.token).toMatch(/^tok_[0-9a-f]{24}$/);
  });

  it('lists products bought before, most often bought first', async () => {
    const again = await buyItAgain(JORDAN, store);
    expect(again.length).toBeGreaterThan(0);
    const times = again.map((p) => p.timesBought);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // productIds[1] was in every order Jordan placed here (plus the seeded one may not have it).
    expect(again[0]!.timesBought).toBeGreaterThanOrEqual(3);
  });
});
