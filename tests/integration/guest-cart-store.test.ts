import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { loadShopper } from '~/modules/access/shopper.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { moveGuestCartToStore } from '~/modules/cart/cart-session.server';
import { writeCookie } from '~/modules/session/session-cookie.server';
import { heldSlot, listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { applyStoreChoice } from '~/modules/stores/store-choice-flow.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';

/** Spec section 4, session update: a guest's store change "updates the store on an existing cart". */
const GUEST = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
const context = { siteType: 'C' as const, secure: false };
const pair = (header: string) => header.split(';')[0]!;
const request = (cookies: string[]) =>
  new Request('http://localhost:3000/stores', {
    method: 'POST',
    headers: { Host: 'localhost:3000', Origin: 'http://localhost:3000', Cookie: cookies.join('; ') },
  });

describe.each(DIALECTS)("a guest's cart follows a store change, on %s", (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let other: Store;
  let productId: number;

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    const row = await test.db
      .selectFrom('stores')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('id', '!=', store.id)
      .where('has_dug', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    other = (await storeById(row.id))!;
    const product = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  /** A guest cart at the first store with one line and a held delivery window there, and its cookie. */
  async function guestCartWithWindow() {
    const cartId = await cartForWriting(GUEST, null, store.id);
    await addToCart(cartId, productId, 1, store.id);
    const slot = (await listSlots(store, 'delivery')).find((s) => s.bookable)!;
    const held = await reserveSlot({ slotId: slot.id, cartId, customerId: null, store, needsAttendedDelivery: false });
    expect(held.ok).toBe(true);
    const cookie = pair(await writeCookie('guestCart', cartId, context, {}));
    return { cartId, slotId: slot.id, cookie };
  }
  const cartStore = async (cartId: string) =>
    (await test.db.selectFrom('carts').select('store_id').where('id', '=', cartId).executeTakeFirstOrThrow()).store_id;
  const reserved = async (slotId: number) =>
    (await test.db.selectFrom('slots').select('reserved').where('id', '=', slotId).executeTakeFirstOrThrow()).reserved;

  it('moves the cart to the new store at once and gives back a window held at the old one', async () => {
    const { cartId, slotId, cookie } = await guestCartWithWindow();
    const before = await reserved(slotId);
    const req = request([cookie]);
    expect(await moveGuestCartToStore(req, await loadShopper(req), other.id)).toBe(true);
    expect(await cartStore(cartId)).toBe(other.id);
    expect(await heldSlot(cartId, 'UTC')).toBeNull();
    expect(await reserved(slotId)).toBe(before - 1);
  });

  it('keeps the window when the store stays the same, and moves nothing without a cart of the guest', async () => {
    const { cartId, slotId, cookie } = await guestCartWithWindow();
    const req = request([cookie]);
    expect(await moveGuestCartToStore(req, await loadShopper(req), store.id)).toBe(true);
    expect((await heldSlot(cartId, 'UTC'))?.slotId).toBe(slotId);

    const none = request([]);
    expect(await moveGuestCartToStore(none, await loadShopper(none), other.id)).toBe(false);
    const forged = request([`${cookie.slice(0, -4)}abcd`]);
    expect(await moveGuestCartToStore(forged, await loadShopper(forged), other.id)).toBe(false);
    expect(await cartStore(cartId)).toBe(store.id);
  });

  it('moves the cart when the guest picks another store through the store choice', async () => {
    const { cartId, cookie } = await guestCartWithWindow();
    const req = request([cookie]);
    const outcome = await applyStoreChoice(req, await loadShopper(req), {
      storeId: String(other.id),
      preference: 'Dug',
      zipcode: null,
      goto: '/',
    });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    expect(await cartStore(cartId)).toBe(other.id);
    expect(await heldSlot(cartId, 'UTC')).toBeNull();
  });
});
