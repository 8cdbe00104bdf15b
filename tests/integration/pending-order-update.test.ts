import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { startEdit } from '~/modules/orders/order-changes.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import * as pendingUpdateRoute from '~/routes/api.orders.pending-update';
import { testIssuer } from '../unit/support/tokens';
import { routeAnswer } from './support/route-answer';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

/** Spec section 7, pending order update, through its API route with a signed-in customer's cookie. */
const ORIGIN = 'http://localhost:3000';
const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const BART: OrderCustomer = { customerId: 500002, bannerId: 'greenleaf', siteType: 'C' };

describe.each(DIALECTS)('pending order update on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productIds: number[];
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  const now = new Date();
  let nthSlot = 0;

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    productIds = (
      await test.db
        .selectFrom('products')
        .select('id')
        .where('kind', '=', 'grocery')
        .where('attended_delivery_only', '=', 0)
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((p) => p.id);
    await test.db.deleteFrom('store_product_overrides').where('product_id', 'in', productIds).execute();
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  async function place(customer: OrderCustomer) {
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, productIds[0]!, 2, store.id);
    const slot = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable)[
      nthSlot++
    ]!;
    const held = await reserveSlot({
      slotId: slot.id,
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
    const result = await placeOrder({ customer, cartId, store, preference: 'Delivery', addressId, tenderId, now });
    if (!result.ok) throw new Error(result.code);
    return result.orderNumber;
  }

  async function cookieOf(customer: OrderCustomer) {
    const token = await issuer.issue({ customerId: String(customer.customerId), scope: 'openid shop' });
    return (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!;
  }

  async function update(body: unknown, cookie?: string) {
    const headers = new Headers({ Host: 'localhost:3000', Origin: ORIGIN, 'Content-Type': 'application/json' });
    if (cookie) headers.set('Cookie', cookie);
    const request = new Request(`${ORIGIN}/api/orders/pending-update`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return routeAnswer(pendingUpdateRoute.action, request);
  }

  const itemsOf = async (customer: OrderCustomer, orderNumber: string) =>
    (await orderSummary(customer, orderNumber, new Date()))!.items.map((item) => [item.productId, item.quantity]);

  it("saves the edit into the order: the edit cart's lines, and the edit-mode cookies are cleared", async () => {
    const orderNumber = await place(JORDAN);
    const edit = await startEdit(JORDAN, orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await setQuantity(edit.cartId, productIds[0]!, 0, store.id);
    await addToCart(edit.cartId, productIds[1]!, 3, store.id);
    const answer = await update({ orderNumber }, await cookieOf(JORDAN));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ orderNumber, items: [{ productId: String(productIds[1]), quantity: 3 }] });
    expect(await itemsOf(JORDAN, orderNumber)).toEqual([[productIds[1], 3]]);
    const cart = await test.db
      .selectFrom('carts')
      .select('status')
      .where('id', '=', edit.cartId)
      .executeTakeFirstOrThrow();
    expect(cart.status).toBe('retired');
    expect(answer.headers.get('Set-Cookie')).toMatch(/SlotInfo=;|OrderStoreId=;/);
  });

  it("refuses bad input with 400, an order not being edited or another customer's with 404, and changes nothing", async () => {
    const orderNumber = await place(BART);
    const edit = await startEdit(BART, orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    await addToCart(edit.cartId, productIds[2]!, 5, store.id);
    const before = await itemsOf(BART, orderNumber);
    const bad = await update({ orderNumber: 'not an order' }, await cookieOf(BART));
    expect([bad.status, bad.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    const extra = await update({ orderNumber, items: [] }, await cookieOf(BART));
    expect(extra.status).toBe(400);
    const signedOut = await update({ orderNumber });
    expect([signedOut.status, signedOut.body.error.code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    const other = await update({ orderNumber }, await cookieOf(JORDAN));
    expect([other.status, other.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await itemsOf(BART, orderNumber)).toEqual(before);

    const notEditing = await place(JORDAN);
    const none = await update({ orderNumber: notEditing }, await cookieOf(JORDAN));
    expect([none.status, none.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
