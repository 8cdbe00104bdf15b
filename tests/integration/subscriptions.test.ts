import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { saveEdit, startEdit } from '~/modules/orders/order-changes.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import {
  activeSubscription,
  cancelSubscription,
  customerSubscriptions,
  deliveryFeeFor,
  deliveryPlans,
  subscribe,
} from '~/modules/subscriptions/subscriptions.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const BART: OrderCustomer = { customerId: 500002, bannerId: 'greenleaf', siteType: 'C' };
const SAM: OrderCustomer = { customerId: 500004, bannerId: 'mesa', siteType: 'C' };
const DAY = 86_400_000;

describe.each(DIALECTS)('delivery subscriptions on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let cheap: { id: number; price: number };
  const tenders = new Map<number, number>();
  const now = new Date();

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    const product = await test.db
      .selectFrom('products')
      .select(['id', 'base_price_cents'])
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .where('base_price_cents', '<', 1000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    cheap = { id: product.id, price: product.base_price_cents };
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', cheap.id).execute();
    for (const customer of [JORDAN, BART, SAM])
      tenders.set(customer.customerId, await addTender(customer.customerId, '4111111111111111', '12/30'));
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const tenderOf = (customer: OrderCustomer) => tenders.get(customer.customerId)!;

  it('seeds a monthly and an annual plan for every banner', async () => {
    for (const banner of ['greenleaf', 'sunridge', 'bayside', 'mesa']) {
      const plans = await deliveryPlans(banner);
      expect(plans.map((plan) => [plan.code, plan.periodMonths])).toEqual([
        ['MONTHLY', 1],
        ['ANNUAL', 12],
      ]);
      expect(plans.every((plan) => plan.thresholdCents > 0 && plan.priceCents > 0)).toBe(true);
    }
  });

  it('subscribes with a saved card for one paid period, and refuses a second subscription', async () => {
    const first = await subscribe({ ...JORDAN, code: 'MONTHLY', tenderId: tenderOf(JORDAN), now });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.subscription).toMatchObject({ planCode: 'MONTHLY', status: 'active', bannerId: 'greenleaf' });
    expect(first.subscription.tender).toBe('Visa ending in 1111');
    const days = (Date.parse(first.subscription.periodEnd) - now.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const second = await subscribe({ ...JORDAN, code: 'ANNUAL', tenderId: tenderOf(JORDAN), now });
    expect(second).toEqual({ ok: false, code: 'ALREADY_SUBSCRIBED' });
    expect((await customerSubscriptions(JORDAN.customerId, now)).length).toBe(1);
  });

  it('gives exactly one subscription when several subscribe requests race', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => subscribe({ ...BART, code: 'ANNUAL', tenderId: tenderOf(BART), now })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(
      Array(5).fill('ALREADY_SUBSCRIBED'),
    );
    const rows = await test.db
      .selectFrom('delivery_subscriptions')
      .select('id')
      .where('customer_id', '=', BART.customerId)
      .where('status', '=', 'active')
      .execute();
    expect(rows).toHaveLength(1);
    await cancelSubscription(BART.customerId, (await activeSubscription(BART.customerId, now))!.id, now);
  });

  it("refuses to pay with another customer's card", async () => {
    expect(await subscribe({ ...SAM, code: 'MONTHLY', tenderId: tenderOf(JORDAN), now })).toEqual({
      ok: false,
      code: 'NO_TENDER',
    });
    expect(await activeSubscription(SAM.customerId, now)).toBeNull();
  });

  it('cancels at once, owner only; the customer may subscribe again afterwards', async () => {
    const created = await subscribe({ ...SAM, code: 'MONTHLY', tenderId: tenderOf(SAM), now });
    if (!created.ok) throw new Error(created.code);
    const id = created.subscription.id;
    expect(await cancelSubscription(JORDAN.customerId, id, now)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await activeSubscription(SAM.customerId, now)).not.toBeNull();

    const cancelled = await cancelSubscription(SAM.customerId, id, now);
    expect(cancelled.ok && cancelled.subscription.status).toBe('cancelled');
    expect(await activeSubscription(SAM.customerId, now)).toBeNull();
    expect(await cancelSubscription(SAM.customerId, id, now)).toEqual({ ok: false, code: 'NOT_ACTIVE' });

    const again = await subscribe({ ...SAM, code: 'ANNUAL', tenderId: tenderOf(SAM), now });
    expect(again.ok).toBe(true);
    const history = await customerSubscriptions(SAM.customerId, now);
    expect(history.map((s) => [s.planCode, s.status])).toEqual([
      ['ANNUAL', 'active'],
      ['MONTHLY', 'cancelled'],
    ]);
    if (again.ok) await cancelSubscription(SAM.customerId, again.subscription.id, now);
  });

  it('lets a paid period run out: the lapsed subscription ends and a new one can start', async () => {
    const longAgo = new Date(now.getTime() - 40 * DAY);
    const old = await subscribe({ ...SAM, code: 'MONTHLY', tenderId: tenderOf(SAM), now: longAgo });
    expect(old.ok).toBe(true);
    expect(await activeSubscription(SAM.customerId, now)).toBeNull();
    const fresh = await subscribe({ ...SAM, code: 'MONTHLY', tenderId: tenderOf(SAM), now });
    expect(fresh.ok).toBe(true);
    const history = await customerSubscriptions(SAM.customerId, now);
    expect(history.find((s) => old.ok && s.id === old.subscription.id)?.status).toBe('expired');
    if (fresh.ok) await cancelSubscription(SAM.customerId, fresh.subscription.id, now);
  });

  /** A cart of `quantity` units of a cheap product with a held 2-hour delivery window (the nth one). */
  async function cartWith(customer: OrderCustomer, quantity: number, nth: number) {
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, cheap.id, quantity, store.id);
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
    const view = await cartView({ cartId, ...customer, store, preference: 'Delivery' });
    return { cartId, slot, basketCents: view.totalCents };
  }

  async function placeWith(customer: OrderCustomer, quantity: number, nth: number) {
    const cart = await cartWith(customer, quantity, nth);
    const addressId = await saveCheckoutAddress(customer, {
      address1: '12 Elm St',
      city: 'Seattle',
      state: 'WA',
      zipcode: '98101',
    });
    const placed = await placeOrder({
      customer,
      cartId: cart.cartId,
      store,
      preference: 'Delivery',
      addressId,
      tenderId: tenderOf(customer),
      now,
    });
    if (!placed.ok) throw new Error(placed.code);
    const order = await test.db
      .selectFrom('orders')
      .select(['fees_cents', 'total_cents'])
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    return { ...cart, order, orderNumber: placed.orderNumber };
  }

  it("waives a subscriber's delivery fee when the basket reaches the threshold, and not below it", async () => {
    const threshold = (await activeSubscription(JORDAN.customerId, now))!.thresholdCents;
    const over = await placeWith(JORDAN, 99, 0);
    expect(over.basketCents).toBeGreaterThanOrEqual(threshold);
    expect(over.slot.feeCents).toBeGreaterThan(0);
    expect(over.order).toEqual({ fees_cents: 0, total_cents: over.basketCents });

    const under = await placeWith(JORDAN, 1, 1);
    expect(under.basketCents).toBeLessThan(threshold);
    expect(under.order.fees_cents).toBe(under.slot.feeCents);
    expect(under.order.total_cents).toBe(under.basketCents + under.slot.feeCents);
  });

  it('charges the fee to a customer without a subscription, and on a banner the subscription was not bought on', async () => {
    const notSubscribed = await placeWith(BART, 99, 2);
    expect(notSubscribed.order.fees_cents).toBe(notSubscribed.slot.feeCents);
    const otherBanner = await deliveryFeeFor(
      { customerId: JORDAN.customerId, bannerId: 'mesa' },
      {
        kind: 'delivery-2h',
        feeCents: 495,
      },
      100_000,
      now,
    );
    expect(otherBanner).toEqual({ feeCents: 495, baseFeeCents: 495, waived: false });
    const sameBanner = await deliveryFeeFor(JORDAN, { kind: 'delivery-2h', feeCents: 495 }, 100_000, now);
    expect(sameBanner.waived).toBe(true);
  });

  it('re-prices the fee when an edited order drops under the threshold, and waives it again above', async () => {
    const placed = await placeWith(JORDAN, 99, 3);
    expect(placed.order.fees_cents).toBe(0);
    const edit = await startEdit(JORDAN, placed.orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await setQuantity(edit.cartId, cheap.id, 1, store.id);
    const under = await saveEdit(JORDAN, placed.orderNumber, now);
    expect(under.ok && under.order.feesCents).toBe(placed.slot.feeCents);

    const again = await startEdit(JORDAN, placed.orderNumber, now);
    if (!again.ok) throw new Error(again.code);
    await setQuantity(again.cartId, cheap.id, 99, store.id);
    const over = await saveEdit(JORDAN, placed.orderNumber, now);
    expect(over.ok && over.order.feesCents).toBe(0);
  });
});
