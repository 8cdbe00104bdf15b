import { randomUUID } from 'node:crypto';
import type { Shopper } from '~/modules/access/shopper';
import { GUEST_CART_LIFETIME_MS, lifetimeSeconds } from '~/modules/session/cookie-policy';
import { clearCookie, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { mergeGuestList } from './guest-list-merge.server';
import { listOwnerFor, type ListOwner } from './list-owner.server';
import { db } from '~/db/db.server';
import { createGuestList, ensureFavorites, ownedList, ownedLists } from './lists.server';

const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const parseKey = (value: unknown) => (typeof value === 'string' && keyPattern.test(value) ? value : null);

export interface ShopperLists {
  owner: ListOwner;
  setCookies: string[];
  /** Items from a guest list just merged into Favorites (0 when nothing was merged). */
  merged: number;
}

/**
 * Whose lists this request reaches. A signed-in customer who still carries a guest list's cookie gets it merged
 * into the household's Favorites here, and the cookie cleared (idempotent: the guest list is deleted by the
 * merge). Every lists page and action starts here, like the cart's pages start at shopperCart.
 */
export async function shopperLists(request: Request, shopper: Shopper): Promise<ShopperLists> {
  const read = await readSignedCookie(request, 'guestList', shopper.cookie.siteType, parseKey);
  const guestKey = read.status === 'ok' ? read.value : null;
  const setCookies: string[] = [];
  if (read.status === 'rejected') setCookies.push(await clearCookie('guestList', shopper.cookie));
  const owner = await listOwnerFor(shopper, guestKey);
  let merged = 0;
  if (owner.kind === 'household' && guestKey) {
    merged = (await mergeGuestList(guestKey, owner))?.added ?? 0;
    setCookies.push(await clearCookie('guestList', shopper.cookie));
  }
  return { owner, setCookies, merged };
}

/**
 * The list an add goes to: the id asked for when the owner has it, else (no id) the household's Favorites or
 * the guest's one list, made now for a guest who has none (its cookie is added to `lists.setCookies`).
 * Null: the id names no list of this owner.
 */
export async function listForAdding(lists: ShopperLists, shopper: Shopper, listId: number | undefined) {
  const { owner } = lists;
  if (listId !== undefined) return (await ownedList(db(), owner, listId)) ? listId : null;
  if (owner.kind === 'household') return ensureFavorites(owner);
  const existing = owner.guestKey ? await guestListId(owner) : null;
  if (existing) return existing;
  const key = randomUUID();
  const id = await createGuestList(owner, key);
  lists.owner = { ...owner, guestKey: key };
  lists.setCookies.push(
    await writeCookie('guestList', key, shopper.cookie, { maxAgeSeconds: lifetimeSeconds(GUEST_CART_LIFETIME_MS) }),
  );
  return id;
}

async function guestListId(owner: ListOwner & { kind: 'guest' }) {
  return (await ownedLists(db(), owner).select('id').executeTakeFirst())?.id ?? null;
}
