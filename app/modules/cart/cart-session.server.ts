import type { Shopper } from '~/modules/access/shopper.server';
import { forcedPreference, readEditMode } from '~/modules/orders/order-session.server';
import { GUEST_CART_LIFETIME_MS, lifetimeSeconds } from '~/modules/session/cookie-policy';
import { clearCookie, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { currentStore } from '~/modules/stores/current-store.server';
import type { Store } from '~/modules/stores/stores.server';
import { db } from '~/db/db.server';
import { heldSlot, releaseCartHold } from '~/modules/slots/slots.server';
import {
  activeCustomerCartId,
  activeGuestCartId,
  shopperItemCount,
  touchCart,
  type CartOwner,
} from './active-cart.server';
import { mergeGuestCart } from './guest-cart-merge.server';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const parseCartId = (value: unknown) => (typeof value === 'string' && uuidPattern.test(value) ? value : null);

export interface ShopperCart {
  owner: CartOwner;
  /** The cart to show: the customer's, else the guest cart; null until something is added. */
  cartId: string | null;
  /** A guest cart id the cookie or the guestCartId parameter names (still to be written for a guest). */
  guestCartId: string | null;
  store: Store;
  preference: string | null;
  setCookies: string[];
}

export function cartOwner(shopper: Shopper): CartOwner {
  const customerId = shopper.userType === 'C' && shopper.customer ? Number(shopper.customer.customerId) : null;
  return { customerId, bannerId: shopper.host.bannerId, siteType: shopper.host.siteType };
}

async function guestCartIdFrom(request: Request, shopper: Shopper) {
  const fromQuery = parseCartId(new URL(request.url).searchParams.get('guestCartId'));
  if (fromQuery) return { id: fromQuery, fromQuery: true };
  const read = await readSignedCookie(request, 'guestCart', shopper.cookie.siteType, parseCartId);
  return { id: read.status === 'ok' ? read.value : null, fromQuery: false, rejected: read.status === 'rejected' };
}

export function guestCartCookie(cartId: string, shopper: Shopper) {
  return writeCookie('guestCart', cartId, shopper.cookie, { maxAgeSeconds: lifetimeSeconds(GUEST_CART_LIFETIME_MS) });
}

/**
 * The shopper's cart for this request. Called by the cart page loader and the cart action (and the
 * checkout loader): this is where a signed-in customer (C) who still carries a guest cart (cookie or
 * guestCartId parameter) gets it merged into their own cart and the guest cookie cleared — the merge
 * is idempotent (the guest cart is retired in the same transaction), so a repeated GET changes nothing.
 */
export async function shopperCart(request: Request, shopper: Shopper): Promise<ShopperCart> {
  const owner = cartOwner(shopper);
  const store = await currentStore(shopper);
  // Spec section 6: edit-order mode forces the order's pickup or delivery preference for R and C.
  const forced = forcedPreference(await readEditMode(request, shopper), shopper);
  const preference = forced ?? shopper.session?.info.COMMON.preference ?? null;
  const setCookies: string[] = [];
  const guest = await guestCartIdFrom(request, shopper);
  if (guest.rejected) setCookies.push(await clearCookie('guestCart', shopper.cookie));

  if (owner.customerId !== null) {
    const customerOwner = { ...owner, customerId: owner.customerId };
    if (guest.id) {
      await mergeGuestCart(guest.id, customerOwner, store.id);
      setCookies.push(await clearCookie('guestCart', shopper.cookie));
    }
    const cartId = await activeCustomerCartId(customerOwner);
    return { owner, cartId, guestCartId: null, store, preference, setCookies };
  }

  const cartId = guest.id ? await activeGuestCartId(guest.id, owner) : null;
  if (guest.id && !cartId && !guest.fromQuery) setCookies.push(await clearCookie('guestCart', shopper.cookie));
  // Restoring a cart through ?guestCartId= keeps it in the cookie from now on.
  if (cartId && guest.fromQuery) setCookies.push(await guestCartCookie(cartId, shopper));
  return { owner, cartId, guestCartId: cartId, store, preference, setCookies };
}

/**
 * Spec section 4 (session update, guest: "updates the store on an existing cart"): a guest who changes store
 * takes their cart along at once, not on the next cart write. Its lines are priced and checked for
 * availability at the store every time the cart is shown; a delivery or pickup window held at the old store
 * cannot serve the new one, so its place is given back. Whether a cart moved.
 */
export async function moveGuestCartToStore(request: Request, shopper: Shopper, storeId: number): Promise<boolean> {
  const owner = cartOwner(shopper);
  if (owner.customerId !== null) return false;
  const guest = await guestCartIdFrom(request, shopper);
  const cartId = guest.id ? await activeGuestCartId(guest.id, owner) : null;
  if (!cartId) return false;
  const held = await heldSlot(cartId, 'UTC');
  if (held && held.storeId !== storeId) await releaseCartHold(cartId);
  await touchCart(cartId, storeId, db());
  return true;
}

/**
 * The header's count without side effects (every page's root loader): the customer's cart plus a guest
 * cart still waiting to be merged, which is what the cart will hold once the merge has run.
 */
export async function headerCartCount(request: Request, shopper: Shopper): Promise<number> {
  return shopperItemCount(cartOwner(shopper), await headerGuestCartId(request, shopper));
}

/** The guest cart the header counts too (the guestCartId parameter, else the cookie), without side effects. */
export async function headerGuestCartId(request: Request, shopper: Shopper): Promise<string | null> {
  return (await guestCartIdFrom(request, shopper)).id;
}
