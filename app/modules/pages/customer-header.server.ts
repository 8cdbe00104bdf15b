import { sql } from 'kysely';
import { compiledOnce } from '~/db/compiled-once.server';
import { db } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { headerGuestCartId } from '~/modules/cart/cart-session.server';
import { unitsStatement, type CartOwner } from '~/modules/cart/cart.server';
import { liveClipCountStatement } from '~/modules/offers/clips.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { changeableOrdersStatement, pendingOrderOf, type OrderCustomer } from '~/modules/orders/orders.server';

export interface CustomerHeader {
  /** Units in the cart, with a guest cart still to be merged (as shopperItemCount counts them). */
  cartCount: number;
  /** Spec section 7, mylist count: live clipped offers. */
  clippedOffers: number;
  /** The order that can still be changed (the alert banner), soonest slot first. */
  pendingOrder: { orderNumber: string; slotLabel: string } | null;
}

/**
 * What a signed-in customer's header shows on every page, read in ONE statement: the cart's units, the live
 * clip count and the pending order were three round trips to the database per page (decision 0055). Null for
 * anyone who is not a signed-in customer (their header reads only the cart: headerCartCount).
 */
export async function customerHeader(request: Request, shopper: Shopper): Promise<CustomerHeader | null> {
  const customer = orderCustomer(shopper);
  if (!customer) return null;
  return customerHeaderOf(customer, await headerGuestCartId(request, shopper));
}

/** customerHeader's statement for a customer and the guest cart they still carry (or null). */
export async function customerHeaderOf(
  customer: OrderCustomer,
  guestCartId: string | null,
  now = new Date(),
): Promise<CustomerHeader> {
  const { customerId, bannerId, siteType } = customer;
  const at = now.toISOString();
  const [row] = guestCartId
    ? await withGuestCart(db(), customerId, guestCartId, bannerId, siteType, at)
    : await customerOnly(db(), customerId, bannerId, siteType, at);
  if (!row) throw new Error('customerHeader: the statement returned no row');
  return {
    cartCount: Number(row.units ?? 0),
    clippedOffers: Number(row.clips ?? 0),
    pendingOrder: await alertOf(row),
  };
}

type Conn = Parameters<typeof unitsStatement>[0];
type HeaderRow = Awaited<ReturnType<typeof customerOnly>>[number];

async function alertOf(row: HeaderRow) {
  const { order_number, slot_start, slot_end, cutoff_at, store_id, fulfillment, slot_kind } = row;
  // A left-joined order: its NOT NULL columns are all there when its number is.
  if (order_number === null || slot_start === null || slot_end === null || cutoff_at === null) return null;
  if (store_id === null || fulfillment === null) return null;
  const order = await pendingOrderOf({
    order_number,
    slot_start,
    slot_end,
    cutoff_at,
    store_id,
    fulfillment,
    slot_kind,
  });
  return { orderNumber: order.orderNumber, slotLabel: order.slotLabel };
}

/** One row whatever the customer has: the counts as scalar subqueries, the soonest changeable order left-joined. */
function headerStatement(
  conn: Conn,
  owner: CartOwner & { customerId: number },
  guestCartId: string | null,
  now: string,
) {
  const pending = changeableOrdersStatement(conn, owner, now).limit(1).as('p');
  return conn
    .selectFrom(conn.selectNoFrom(sql<number>`1`.as('one')).as('base'))
    .leftJoin(pending, (join) => join.onTrue())
    .select([
      unitsStatement(conn, owner, guestCartId).as('units'),
      liveClipCountStatement(conn, owner.customerId, owner.bannerId, now).as('clips'),
      'p.order_number',
      'p.slot_start',
      'p.slot_end',
      'p.cutoff_at',
      'p.store_id',
      'p.fulfillment',
      'p.slot_kind',
    ]);
}

const customerOnly = compiledOnce(
  (conn, customerId: number, bannerId: string, siteType: CartOwner['siteType'], now: string) =>
    headerStatement(conn, { customerId, bannerId, siteType }, null, now).compile(),
);
const withGuestCart = compiledOnce(
  (conn, customerId: number, guestCartId: string, bannerId: string, siteType: CartOwner['siteType'], now: string) =>
    headerStatement(conn, { customerId, bannerId, siteType }, guestCartId, now).compile(),
);
