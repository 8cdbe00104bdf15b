import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import type { Shopper } from '~/modules/access/shopper.server';
import { headerCartCount, headerGuestCartId } from '~/modules/cart/cart-session.server';
import { unitsStatement, type CartOwner } from '~/modules/cart/active-cart.server';
import { liveClipCountStatement } from '~/modules/offers/clips.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { changeableOrdersStatement, pendingOrderOf } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import type { Language } from '~/modules/i18n/languages';

export interface CustomerHeader {
  /** Units in the cart, with a guest cart still to be merged (as shopperItemCount counts them). */
  cartCount: number;
  /** Spec section 7, mylist count: live clipped offers. */
  clippedOffers: number;
  /** The order that can still be changed (the alert banner), soonest slot first. */
  pendingOrder: { orderNumber: string; slotLabel: string } | null;
}

/** The header's counts for anyone; a null clip count (a guest's) hides the clip badge and links to the gallery. */
export type HeaderCounts = Omit<CustomerHeader, 'clippedOffers'> & { clippedOffers: number | null };

/**
 * What the header shows on every page (the root loader). A signed-in customer's cart units, live clip count and
 * pending order are read in ONE statement: they were three round trips to the database per page;
 * anyone else's header reads only the cart (headerCartCount). A failed read empties the figures, never the page,
 * and a customer keeps their coupons link (a clip count of 0, not a guest's null).
 */
export async function headerCounts(request: Request, shopper: Shopper): Promise<HeaderCounts> {
  const customer = orderCustomer(shopper);
  if (!customer)
    return headerCartCount(request, shopper).then(
      (cartCount) => ({ cartCount, clippedOffers: null, pendingOrder: null }),
      () => ({ cartCount: 0, clippedOffers: null, pendingOrder: null }),
    );
  return customerHeaderOf(customer, await headerGuestCartId(request, shopper)).catch(() => ({
    cartCount: 0,
    clippedOffers: 0,
    pendingOrder: null,
  }));
}

/** customerHeader's statement for a customer and the guest cart they still carry (or null). */
export async function customerHeaderOf(
  customer: OrderCustomer,
  guestCartId: string | null,
  now = new Date(),
): Promise<CustomerHeader> {
  const { customerId, bannerId, siteType } = customer;
  const at = now.toISOString();
  const rows = guestCartId
    ? await withGuestCart(db(), customerId, guestCartId, bannerId, siteType, at)
    : await customerOnly(db(), customerId, bannerId, siteType, at);
  const row = soonest(rows);
  if (!row) throw new Error('customerHeader: the statement returned no row');
  return {
    cartCount: Number(row.units ?? 0),
    clippedOffers: Number(row.clips ?? 0),
    pendingOrder: await alertOf(row, customer.language ?? 'en'),
  };
}

type HeaderRow = Awaited<ReturnType<typeof customerOnly>>[number];

/** Of the rows (one per changeable order, or one without an order), the one with the soonest slot. */
function soonest(rows: HeaderRow[]): HeaderRow | undefined {
  // ISO-8601 UTC strings compare as their instants do; a row without an order comes alone.
  return rows.reduce<HeaderRow | undefined>(
    (best, row) => (best && best.slot_start! <= row.slot_start! ? best : row),
    undefined,
  );
}

async function alertOf(row: HeaderRow, language: Language) {
  const { order_number, slot_start, slot_end, cutoff_at, store_id, fulfillment, slot_kind } = row;
  // A left-joined order: its NOT NULL columns are all there when its number is.
  if (order_number === null || slot_start === null || slot_end === null || cutoff_at === null) return null;
  if (store_id === null || fulfillment === null) return null;
  const order = await pendingOrderOf(
    {
      order_number,
      slot_start,
      slot_end,
      cutoff_at,
      store_id,
      fulfillment,
      slot_kind,
    },
    language,
  );
  return { orderNumber: order.orderNumber, slotLabel: order.slotLabel };
}

/**
 * The counts as scalar subqueries, each changeable order left-joined: one row per changeable order (a customer has
 * a handful at most), one without an order. The soonest is picked in `soonest`: an ORDER BY … LIMIT 1 inside the
 * join made SQLite copy the subquery into a temporary table on every page, ~12× the cost of the whole statement.
 */
function headerStatement(
  conn: Kysely<Database>,
  owner: CartOwner & { customerId: number },
  guestCartId: string | null,
  now: string,
) {
  const pending = changeableOrdersStatement(conn, owner, now).clearOrderBy().as('p');
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

/** The statement as compiled for `conn`, for tests of its query plan. */
export function headerStatementForPlan(conn: Kysely<Database>, customer: OrderCustomer, guestCartId: string | null) {
  return headerStatement(conn, customer, guestCartId, new Date().toISOString()).compile();
}

const customerOnly = compiledOnce(
  (conn, customerId: number, bannerId: string, siteType: CartOwner['siteType'], now: string) =>
    headerStatement(conn, { customerId, bannerId, siteType }, null, now).compile(),
);
const withGuestCart = compiledOnce(
  (conn, customerId: number, guestCartId: string, bannerId: string, siteType: CartOwner['siteType'], now: string) =>
    headerStatement(conn, { customerId, bannerId, siteType }, guestCartId, now).compile(),
);
