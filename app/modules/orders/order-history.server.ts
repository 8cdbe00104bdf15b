import type { Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import {
  productCardColumns,
  productCardGroupBy,
  storePricing,
  toProductCard,
} from '~/modules/catalog/product-card-select.server';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { momentIn, slotLabelIn } from './order-dates.server';
import { storeById, type Store } from '~/modules/stores/stores.server';
import { instructionsText } from './delivery-instructions';
import { paymentSplitLabel } from './ebt-split';
import { ORDER_STATUS, type OrderCustomer } from './order-rules';
import { tipBasketCents, tipEditable } from './tip-rules';

export interface OrderListItem {
  orderNumber: string;
  status: string;
  fulfillment: string;
  slotKind: string | null;
  slotLabel: string;
  placedAt: string;
  totalCents: number;
  itemCount: number;
  editable: boolean;
  /** Handed over (delivered or picked up): the order history links to its receipt. */
  hasReceipt: boolean;
}

function editable(order: { status: string; cutoff_at: string }, now: Date) {
  return order.status === ORDER_STATUS.pending && order.cutoff_at > now.toISOString();
}

async function timezoneOf(storeId: number) {
  return (await storeById(storeId))?.timezone ?? 'UTC';
}

/** What the order list shows of each order; grouped by too, beside the id, since the units are summed. */
const LISTED_COLUMNS = [
  'o.order_number',
  'o.status',
  'o.fulfillment',
  'o.slot_kind',
  'o.slot_start',
  'o.slot_end',
  'o.placed_at',
  'o.total_cents',
  'o.cutoff_at',
  'o.store_id',
  'o.handed_over_at',
] as const;

/** The customer's orders on this banner and site, newest first. */
export async function orderHistory(
  customer: OrderCustomer,
  now = new Date(),
  language: Language = 'en',
): Promise<OrderListItem[]> {
  const rows = await db()
    .selectFrom('orders as o')
    .leftJoin('order_items as i', 'i.order_id', 'o.id')
    .select((eb) => [...LISTED_COLUMNS, eb.fn.coalesce(eb.fn.sum<number>('i.quantity'), eb.val(0)).as('units')])
    .where('o.customer_id', '=', customer.customerId)
    .where('o.banner_id', '=', customer.bannerId)
    .where('o.site_type', '=', customer.siteType)
    .groupBy(['o.id', ...LISTED_COLUMNS])
    .orderBy('o.placed_at', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      orderNumber: row.order_number,
      status: row.status,
      fulfillment: row.fulfillment,
      slotKind: row.slot_kind,
      slotLabel: slotLabelIn(language, row.slot_start, row.slot_end, await timezoneOf(row.store_id)),
      placedAt: row.placed_at,
      totalCents: row.total_cents,
      itemCount: Number(row.units),
      editable: editable(row, now),
      hasReceipt: row.handed_over_at !== null,
    })),
  );
}

/** One order of this customer with its lines, or null (another customer's order is "not found"). */
export async function orderSummary(
  customer: OrderCustomer,
  orderNumber: string,
  now = new Date(),
  language: Language = 'en',
) {
  const order = await db()
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
  if (!order) return null;
  const items = await db()
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.product_id',
      'i.quantity',
      'i.unit_price_cents',
      'i.substitution',
      'i.note',
      'p.name',
      'p.image_key',
      'p.size_label',
    ])
    .where('i.order_id', '=', order.id)
    .orderBy('p.name')
    .execute();
  const store = await storeById(order.store_id);
  const tender = order.tender_id
    ? await db()
        .selectFrom('customer_tenders')
        .select(['brand', 'last_four'])
        .where('id', '=', order.tender_id)
        .where('customer_id', '=', customer.customerId)
        .executeTakeFirst()
    : undefined;
  const instructions = {
    gateCode: order.gate_code,
    leaveAtDoor: order.leave_at_door === 1,
    deliveryNote: order.delivery_note,
  };
  return {
    id: order.id,
    orderNumber: order.order_number,
    status: order.status,
    fulfillment: order.fulfillment,
    slotKind: order.slot_kind,
    slotId: order.slot_id,
    slotStart: order.slot_start,
    slotLabel: slotLabelIn(language, order.slot_start, order.slot_end, store?.timezone ?? 'UTC'),
    storeId: order.store_id,
    storeName: store?.name ?? '',
    address: order.address_text,
    tender: tender ? `${tender.brand} ending in ${tender.last_four}` : null,
    subtotalCents: order.subtotal_cents,
    savingsCents: order.savings_cents,
    feesCents: order.fees_cents,
    promoCode: order.promo_code,
    promoCents: order.promo_cents,
    tipCents: order.tip_cents,
    /** What a tip percentage is of: the groceries handed over once delivered, else those ordered (tip-edit.server.ts). */
    tipBasketCents: tipBasketCents(order),
    ebtCents: order.ebt_cents,
    totalCents: order.total_cents,
    /** "EBT SNAP $12.00, Visa ••1234 $30.50" (decision 0107). */
    payment: paymentSplitLabel({
      ebtCents: order.ebt_cents,
      cardCents: order.total_cents - order.ebt_cents,
      card: tender ? { brand: tender.brand, lastFour: tender.last_four } : null,
    }),
    instructions: instructionsText(instructions, serverT(language, 'orders')),
    tipEditable: tipEditable(
      { fulfillment: order.fulfillment, status: order.status, handedOverAt: order.handed_over_at },
      now,
    ),
    placedAt: order.placed_at,
    cutoffAt: order.cutoff_at,
    /** The cut-off on the store's clock (rendered the same on the server and in the browser). */
    cutoffLabel: momentIn(language, order.cutoff_at, store?.timezone ?? 'UTC', 'dayTime'),
    editable: editable(order, now),
    items: items.map((item) => ({
      productId: item.product_id,
      name: item.name,
      imageKey: item.image_key,
      sizeLabel: item.size_label,
      quantity: item.quantity,
      unitPriceCents: item.unit_price_cents,
      substitution: item.substitution,
      note: item.note,
    })),
  };
}
export type OrderSummary = NonNullable<Awaited<ReturnType<typeof orderSummary>>>;

/** The pending order that can still be edited (the alert banner), soonest slot first. */
export async function pendingOrder(customer: OrderCustomer, now = new Date()) {
  const [row] = await changeableOrders(
    db(),
    customer.customerId,
    customer.bannerId,
    customer.siteType,
    now.toISOString(),
  );
  return row ? pendingOrderOf(row) : null;
}

/** A changeable order's row (changeableOrdersStatement's columns) as the alert banner shows it, in `language`. */
export async function pendingOrderOf(
  row: {
    order_number: string;
    slot_start: string;
    slot_end: string;
    cutoff_at: string;
    store_id: number;
    fulfillment: string;
    slot_kind: string | null;
  },
  language: Language = 'en',
) {
  return {
    orderNumber: row.order_number,
    slotLabel: slotLabelIn(language, row.slot_start, row.slot_end, await timezoneOf(row.store_id)),
    cutoffAt: row.cutoff_at,
    fulfillment: row.fulfillment,
    slotKind: row.slot_kind,
    storeId: row.store_id,
  };
}

/** The customer's pending orders before their cut-off, soonest first: every signed-in page asks. */
const changeableOrders = compiledOnce(
  (conn, customerId: number, bannerId: string, siteType: OrderCustomer['siteType'], now: string) =>
    changeableOrdersStatement(conn, { customerId, bannerId, siteType }, now).compile(),
);

/** The statement of changeableOrders, to be run alone or inside another (the signed-in header's). */
export function changeableOrdersStatement(conn: Kysely<Database>, customer: OrderCustomer, now: string) {
  return conn
    .selectFrom('orders')
    .select(['order_number', 'slot_start', 'slot_end', 'cutoff_at', 'store_id', 'fulfillment', 'slot_kind'])
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .where('status', '=', ORDER_STATUS.pending)
    .where('cutoff_at', '>', now)
    .orderBy('slot_start');
}

/** Products from the customer's past orders, most often bought first (buy it again), priced at the store. */
export async function buyItAgain(customer: OrderCustomer, store: Store, limit = 24) {
  const rows = await db()
    .selectFrom('order_items as i')
    .innerJoin('orders as ord', 'ord.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .select((eb) => [
      ...productCardColumns,
      eb.fn.count<number>('ord.id').distinct().as('times'),
      eb.fn.max('ord.placed_at').as('last_at'),
    ])
    .where('ord.customer_id', '=', customer.customerId)
    .where('ord.banner_id', '=', customer.bannerId)
    .where('ord.status', '!=', ORDER_STATUS.cancelled)
    .groupBy(productCardGroupBy)
    .orderBy('times', 'desc')
    .orderBy('last_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  const pricing = storePricing(store);
  return rows.map((row) => ({ ...toProductCard(row, pricing), timesBought: Number(row.times) }));
}

/** How many orders the customer has placed on this site (any state): the first one sets the receipts onboarding. */
export async function placedOrderCount(customer: OrderCustomer): Promise<number> {
  const row = await db()
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
