import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose cart: a customer (customerId) or a guest (customerId null, cart id from the cookie). */
export interface CartOwner {
  customerId: number | null;
  bannerId: string;
  siteType: 'C' | 'B';
}

const nowIso = () => new Date().toISOString();

/** The customer's active carts for this banner and site, newest first (the first is the one in use). */
function customerCarts(owner: CartOwner & { customerId: number }, conn: Db) {
  return conn
    .selectFrom('carts')
    .select('id')
    .where('customer_id', '=', owner.customerId)
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType)
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc');
}

/** The guest cart `cartId` if it can still be used: active, nobody's, of this banner and site. */
function guestCarts(cartId: string, owner: Omit<CartOwner, 'customerId'>, conn: Db) {
  return conn
    .selectFrom('carts')
    .select('id')
    .where('id', '=', cartId)
    .where('customer_id', 'is', null)
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType)
    .where('status', '=', 'active');
}

// The lookups every cart action and signed-in page makes, compiled once.
const customerCartIds = compiledOnce((conn, customerId: number, bannerId: string, siteType: CartOwner['siteType']) =>
  customerCarts({ customerId, bannerId, siteType }, conn).compile(),
);
const guestCartIds = compiledOnce((conn, cartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
  guestCarts(cartId, { bannerId, siteType }, conn).compile(),
);

/** The customer's active cart for this banner and site, if any (inside `tx` when given). */
export async function activeCustomerCartId(owner: CartOwner & { customerId: number }, tx?: Transaction<Database>) {
  const args = [owner.customerId, owner.bannerId, owner.siteType] as const;
  const [row] = tx ? await customerCartIds.within(tx, db(), ...args) : await customerCartIds(db(), ...args);
  return row?.id ?? null;
}

/** A guest cart that can still be used: active, nobody's, of this banner and site. */
export async function activeGuestCartId(cartId: string, owner: Omit<CartOwner, 'customerId'>) {
  const [row] = await guestCartIds(db(), cartId, owner.bannerId, owner.siteType);
  return row?.id ?? null;
}

/** A new active cart of the owner at the store (inside `conn`'s transaction when given one). */
export async function createCart(owner: CartOwner, storeId: number, conn: Db): Promise<string> {
  const id = randomUUID();
  const at = nowIso();
  await conn
    .insertInto('carts')
    .values({
      id,
      customer_id: owner.customerId,
      banner_id: owner.bannerId,
      site_type: owner.siteType,
      store_id: storeId,
      status: 'active',
      order_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** The cart to write to: the customer's (created on first use) or the given guest cart (or a new one). */
export async function cartForWriting(owner: CartOwner, guestCartId: string | null, storeId: number): Promise<string> {
  if (owner.customerId !== null) {
    const customerOwner = { ...owner, customerId: owner.customerId };
    return (await activeCustomerCartId(customerOwner)) ?? createCart(owner, storeId, db());
  }
  const existing = guestCartId ? await activeGuestCartId(guestCartId, owner) : null;
  return existing ?? createCart(owner, storeId, db());
}

/** The cart was used now, at the shopper's current store. */
export async function touchCart(cartId: string, storeId: number, conn: Db) {
  await conn.updateTable('carts').set({ updated_at: nowIso(), store_id: storeId }).where('id', '=', cartId).execute();
}

/**
 * Units in the customer's active cart plus a guest cart still waiting to be merged, read in ONE statement: a
 * sign-in merge committing beside it (the cart page's loader runs next to the root loader) is then seen either
 * before or after, never half (the guest cart still active and its lines already in the customer's cart).
 */
export async function shopperItemCount(owner: CartOwner, guestCartId: string | null): Promise<number> {
  const { customerId, bannerId, siteType } = owner;
  // Every page's header asks: one compiled statement per shape.
  let rows;
  if (customerId === null) {
    if (!guestCartId) return 0;
    rows = await guestUnits(db(), guestCartId, bannerId, siteType);
  } else if (guestCartId) rows = await customerAndGuestUnits(db(), customerId, guestCartId, bannerId, siteType);
  else rows = await customerUnits(db(), customerId, bannerId, siteType);
  return Number(rows[0]?.units ?? 0);
}

/** The units statement of shopperItemCount, to be run alone or inside another (the signed-in header's). */
export function unitsStatement(conn: Kysely<Database>, owner: CartOwner, guestCartId: string | null) {
  const customerId = owner.customerId;
  return conn
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where((eb) =>
      eb.or([
        ...(customerId !== null ? [eb('cart_id', '=', customerCarts({ ...owner, customerId }, conn).limit(1))] : []),
        ...(guestCartId ? [eb('cart_id', 'in', guestCarts(guestCartId, owner, conn))] : []),
      ]),
    );
}

const customerUnits = compiledOnce((conn, customerId: number, bannerId: string, siteType: CartOwner['siteType']) =>
  unitsStatement(conn, { customerId, bannerId, siteType }, null).compile(),
);
const guestUnits = compiledOnce((conn, guestCartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
  unitsStatement(conn, { customerId: null, bannerId, siteType }, guestCartId).compile(),
);
const customerAndGuestUnits = compiledOnce(
  (conn, customerId: number, guestCartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
    unitsStatement(conn, { customerId, bannerId, siteType }, guestCartId).compile(),
);

export async function cartItemCount(cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  const row = await db()
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}
