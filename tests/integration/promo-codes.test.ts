import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { saveEdit, startEdit } from '~/modules/orders/order-changes.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { applyPromoCode, checkoutPromo, checkPromoCode, removePromoCode } from '~/modules/orders/promo-codes.server';
import { PROMO_MESSAGES } from '~/modules/orders/promo-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { deliverableGroceries, saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const FIRST_ID = 710_001;
const RACERS = 20;
const CAP = 5;

describe.each(DIALECTS)('promo codes at checkout on %s (docs/decisions/0105-promo-codes.md)', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productIds: number[];
  const now = new Date();
  let serial = 0;

  /** A new consumer (or business) customer of greenleaf with no order yet. */
  async function newCustomer(siteType: 'C' | 'B' = 'C'): Promise<OrderCustomer> {
    const id = FIRST_ID + serial++;
    await test.db
      .insertInto('customers')
      .values({
        id,
        uuid: `00000000-0000-4000-a000-${String(id).padStart(12, '0')}`,
        email: `promo${id}@pantry.test`,
        first_name: 'Robin',
        last_name: 'Shopper',
        phone: '2065550100',
        club_card: `2${String(id).padStart(11, '0')}`,
        house_id: `HH${id}`,
        banner_id: 'greenleaf',
        site_type: siteType,
        customer_type: 'C',
        company_name: siteType === 'B' ? 'Corner Cafe' : null,
        tax_id: null,
        password_hash: null,
        zipcode: store.zipcode,
        store_id: store.id,
        preference: 'Delivery',
        email_verified: 1,
        phone_verified: 0,
        created_at: now.toISOString(),
      })
      .execute();
    return { customerId: id, bannerId: 'greenleaf', siteType };
  }

  /** A cart of `quantity` of the first product with a held delivery window, the address and card for it. */
  async function readyCart(customer: OrderCustomer, nth: number, quantity = 3) {
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, productIds[0]!, quantity, store.id);
    const slots = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable);
    const held = await reserveSlot({
      slotId: slots[nth % slots.length]!.id,
      cartId,
      customerId: customer.customerId,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(held.ok).toBe(true);
    const addressId = await saveCheckoutAddress(customer, {
      address1: '12 Elm St',
      city: 'Seattle',
      state: 'wa',
      zipcode: '98101',
    });
    const tenderId = await addTender(customer.customerId, '4111111111111111', '12/30');
    return { cartId, addressId, tenderId };
  }

  async function basketOf(customer: OrderCustomer, cartId: string) {
    const view = await cartView({ cartId, ...customer, store, preference: 'Delivery' });
    return view;
  }

  async function insertCode(
    values: { code: string; kind: 'percent' | 'amount'; value: number } & Record<string, unknown>,
  ) {
    const day = 86_400_000;
    await test.db
      .insertInto('promo_codes')
      .values({
        banner_id: 'greenleaf',
        site_type: 'C',
        starts_at: new Date(now.getTime() - day).toISOString(),
        ends_at: new Date(now.getTime() + day).toISOString(),
        usage_cap: null,
        ...values,
      })
      .execute();
  }

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    productIds = await deliverableGroceries(test.db, 2);
    // A known price: $20.00 a unit.
    await test.db.updateTable('products').set({ base_price_cents: 2000 }).where('id', 'in', productIds).execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('seeds SAVE10, WELCOME5 and an expired code for every banner, the business ones apart', async () => {
    const codes = await test.db
      .selectFrom('promo_codes')
      .select(['code', 'site_type'])
      .where('banner_id', '=', 'greenleaf')
      .orderBy('code')
      .execute();
    expect(codes.map((c) => `${c.site_type}:${c.code}`).sort()).toEqual(
      ['B:BIZ-OLDSPRING', 'B:BIZ-SAVE10', 'B:BIZ-WELCOME5', 'C:OLDSPRING', 'C:SAVE10', 'C:WELCOME5'].sort(),
    );
  });

  it('refuses unknown, expired, malformed and other-site codes with their messages', async () => {
    const customer = await newCustomer();
    expect(await checkPromoCode(customer, 'NOSUCHCODE', 10_000)).toMatchObject({ message: PROMO_MESSAGES.UNKNOWN });
    expect(await checkPromoCode(customer, 'oldspring', 10_000)).toMatchObject({ message: PROMO_MESSAGES.EXPIRED });
    expect(await checkPromoCode(customer, "SAVE10' OR 1=1 --", 10_000)).toMatchObject({
      message: PROMO_MESSAGES.FORMAT,
    });
    expect(await checkPromoCode(customer, 'X'.repeat(1_000_000), 10_000)).toMatchObject({ code: 'FORMAT' });
    expect(await checkPromoCode(customer, 'BIZ-SAVE10', 10_000)).toMatchObject({ code: 'UNKNOWN' });
    const business = await newCustomer('B');
    expect(await checkPromoCode(business, 'SAVE10', 10_000)).toMatchObject({ code: 'UNKNOWN' });
    expect(await checkPromoCode(business, 'BIZ-SAVE10', 10_000)).toMatchObject({ ok: true, discountCents: 1000 });
  });

  it('applies SAVE10 to the basket after clipped savings, keeps it on the cart, and places the discounted order', async () => {
    const customer = await newCustomer();
    const { cartId, addressId, tenderId } = await readyCart(customer, 0, 2);
    const small = await basketOf(customer, cartId);
    const refused = await applyPromoCode(customer, cartId, 'save10', small.totalCents, now);
    expect(refused).toMatchObject({
      ok: false,
      message: `Add $${((5000 - small.totalCents) / 100).toFixed(2)} more to use this code.`,
    });
    expect(await checkoutPromo(customer, cartId, small.totalCents, now)).toBeNull();

    await addToCart(cartId, productIds[0]!, 3, store.id);
    const view = await basketOf(customer, cartId);
    expect(view.totalCents).toBeGreaterThanOrEqual(5000);
    const applied = await applyPromoCode(customer, cartId, ' save10 ', view.totalCents, now);
    const discount = Math.floor(view.totalCents / 10);
    expect(applied).toEqual({ ok: true, code: 'SAVE10', discountCents: discount });
    expect(await checkoutPromo(customer, cartId, view.totalCents, now)).toEqual({
      code: 'SAVE10',
      discountCents: discount,
      refusal: null,
    });

    const placed = await placeOrder({ customer, cartId, store, preference: 'Delivery', addressId, tenderId, now });
    if (!placed.ok) throw new Error(`refused: ${placed.code}`);
    const order = await orderSummary(customer, placed.orderNumber, now);
    expect(order).toMatchObject({ promoCode: 'SAVE10', promoCents: discount, savingsCents: view.savingsCents });
    expect(order!.totalCents).toBe(view.totalCents - discount + order!.feesCents);
    const redemption = await test.db
      .selectFrom('promo_redemptions')
      .selectAll()
      .where('order_id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(redemption).toMatchObject({ customer_id: customer.customerId, discount_cents: discount, once_key: null });
  });

  it('removes an applied code, and only the cart owner changes it', async () => {
    const customer = await newCustomer();
    const { cartId } = await readyCart(customer, 1);
    await applyPromoCode(customer, cartId, 'WELCOME5', 6000, now);
    expect(await checkoutPromo(customer, cartId, 6000, now)).toMatchObject({ code: 'WELCOME5' });
    // Another customer can neither change nor clear this cart's code.
    const stranger = await newCustomer();
    await applyPromoCode(stranger, cartId, 'SAVE10', 6000, now);
    await removePromoCode(stranger, cartId);
    expect(await checkoutPromo(customer, cartId, 6000, now)).toMatchObject({ code: 'WELCOME5' });
    expect(await checkoutPromo(stranger, cartId, 6000, now)).toBeNull();
    await removePromoCode(customer, cartId);
    expect(await checkoutPromo(customer, cartId, 6000, now)).toBeNull();
  });

  it('gives WELCOME5 once, on a first order, and refuses the second use', async () => {
    const customer = await newCustomer();
    const first = await readyCart(customer, 2);
    expect(await applyPromoCode(customer, first.cartId, 'WELCOME5', 6000, now)).toMatchObject({ discountCents: 500 });
    const placed = await placeOrder({ customer, ...first, store, preference: 'Delivery', now });
    expect(placed.ok).toBe(true);
    const second = await readyCart(customer, 3);
    expect(await applyPromoCode(customer, second.cartId, 'WELCOME5', 6000, now)).toMatchObject({
      message: PROMO_MESSAGES.USED,
    });
    // A code that passed before another order was placed (another tab): refused when placing, nothing saved.
    const other = await newCustomer();
    const a = await readyCart(other, 4);
    expect((await placeOrder({ customer: other, ...a, store, preference: 'Delivery', now })).ok).toBe(true);
    const b = await readyCart(other, 5);
    await test.db.updateTable('carts').set({ promo_code: 'WELCOME5' }).where('id', '=', b.cartId).execute();
    const orders = () =>
      test.db.selectFrom('orders').select('id').where('customer_id', '=', other.customerId).execute();
    expect(await orders()).toHaveLength(1);
    const refused = await placeOrder({ customer: other, ...b, store, preference: 'Delivery', now });
    expect(refused).toMatchObject({ ok: false, message: PROMO_MESSAGES.FIRST_ORDER });
    expect(await orders()).toHaveLength(1);
    const cart = await test.db
      .selectFrom('carts')
      .select('status')
      .where('id', '=', b.cartId)
      .executeTakeFirstOrThrow();
    expect(cart.status).toBe('active');
  });

  it('keeps the discount through an edit, never more than the edited basket', async () => {
    await insertCode({ code: 'DEEP30', kind: 'amount', value: 3000 });
    const customer = await newCustomer();
    const ready = await readyCart(customer, 26, 3);
    const view = await basketOf(customer, ready.cartId);
    expect(await applyPromoCode(customer, ready.cartId, 'DEEP30', view.totalCents, now)).toMatchObject({
      discountCents: 3000,
    });
    const placed = await placeOrder({ customer, ...ready, store, preference: 'Delivery', now });
    if (!placed.ok) throw new Error(`refused: ${placed.code}`);
    const edit = await startEdit(customer, placed.orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await setQuantity(edit.cartId, productIds[0]!, 1, store.id);
    const smaller = await basketOf(customer, edit.cartId);
    expect(smaller.totalCents).toBeLessThan(3000);
    const saved = await saveEdit(customer, placed.orderNumber, now);
    if (!saved.ok) throw new Error(saved.code);
    expect(saved.order.promoCents).toBe(smaller.totalCents);
    expect(saved.order.totalCents).toBe(saved.order.feesCents);
  });

  it(`holds a usage cap of ${CAP} under ${RACERS} concurrent checkouts`, async () => {
    await insertCode({ code: 'RACE5', kind: 'amount', value: 300, usage_cap: CAP });
    const racers = [];
    for (let i = 0; i < RACERS; i++) {
      const customer = await newCustomer();
      const ready = await readyCart(customer, 30 + i);
      expect(await applyPromoCode(customer, ready.cartId, 'RACE5', 6000, now)).toMatchObject({ ok: true });
      racers.push({ customer, ready });
    }
    const results = await Promise.all(
      racers.map(({ customer, ready }) => placeOrder({ customer, ...ready, store, preference: 'Delivery', now })),
    );
    const placed = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(placed).toHaveLength(CAP);
    expect(refused).toHaveLength(RACERS - CAP);
    for (const result of refused) expect(result).toMatchObject({ message: PROMO_MESSAGES.USED_UP });
    const code = await test.db
      .selectFrom('promo_codes')
      .select(['id', 'used_count'])
      .where('code', '=', 'RACE5')
      .executeTakeFirstOrThrow();
    expect(code.used_count).toBe(CAP);
    const redemptions = await test.db
      .selectFrom('promo_redemptions')
      .select('order_id')
      .where('code_id', '=', code.id)
      .execute();
    expect(redemptions).toHaveLength(CAP);
    const racerIds = racers.map((r) => r.customer.customerId);
    const orders = await test.db
      .selectFrom('orders')
      .select('promo_cents')
      .where('customer_id', 'in', racerIds)
      .execute();
    expect(orders).toHaveLength(CAP);
    for (const order of orders) expect(order.promo_cents).toBe(300);
  });
});
