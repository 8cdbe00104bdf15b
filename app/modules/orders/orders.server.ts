import { randomBytes, randomUUID } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { newAddressSchema } from '~/modules/customers/address-rules';
import { addAddress as addCustomerAddress, listAddresses, type AddResult } from '~/modules/customers/addresses.server';
import { cartView, keepShippedLines, type CartView } from '~/modules/cart/cart.server';
import { toProductCard } from '~/modules/catalog/product-cards.server';
import { heldSlot, releaseCartHold, slotLabel, type HeldSlot } from '~/modules/slots/slots.server';
import { ORDER_CUTOFF_MS } from '~/modules/slots/slot-rules';
import { storeById, type Store } from '~/modules/stores/stores.server';
import { deliveryFeeFor } from '~/modules/subscriptions/subscriptions.server';
import { cardBrand, ORDER_STATUS, type OrderRefusalCode } from './order-rules';

/** A signed-in customer on one banner and site: every order query carries the customer id. */
export interface OrderCustomer {
  customerId: number;
  bannerId: string;
  siteType: 'C' | 'B';
}

export type Refusal = { ok: false; code: OrderRefusalCode };

/**
 * The next order number of the site's own series (C… consumer, B… business): one conditional
 * increment of the series row, so two orders never share a number on either dialect.
 */
export async function nextOrderNumber(siteType: 'C' | 'B', tx: Transaction<Database>): Promise<string> {
  const row = await tx
    .updateTable('order_sequences')
    .set((eb) => ({ next_value: eb('next_value', '+', 1) }))
    .where('site_type', '=', siteType)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return `${siteType}${row.next_value - 1}`;
}

/** Checkout's delivery addresses: the one selected for deliveries on this banner first (and marked). */
export async function customerAddresses(customer: Pick<OrderCustomer, 'customerId' | 'bannerId'>) {
  const addresses = await listAddresses(customer.customerId, customer.bannerId);
  return addresses
    .filter((address) => address.purposes.includes('DELIVERY'))
    .map((address) => ({
      id: address.addressId,
      name: address.addressName,
      line: [address.address1, address.address2].filter(Boolean).join(', '),
      city: `${address.city}, ${address.stateCode} ${address.postalCode}`,
      selected: address.selectedPurposes.includes('DELIVERY'),
    }));
}

/**
 * Checkout's quick address form goes through the address book: the ZIP code must lie in the state, the
 * same place is not saved twice, and the address becomes the selected delivery address on this banner.
 */
export async function addAddress(
  customer: Pick<OrderCustomer, 'customerId' | 'bannerId'>,
  input: { address1: string; address2: string; city: string; state: string; zipcode: string },
): Promise<AddResult> {
  const parsed = newAddressSchema.safeParse({
    addressName: 'Delivery',
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    stateCode: input.state,
    postalCode: input.zipcode,
    addressTypes: ['DELIVERY', 'BILLING'],
    purposes: ['DELIVERY'],
    isSelectedAddress: true,
    selectedAddressPurposes: ['DELIVERY'],
  });
  if (!parsed.success) {
    return { ok: false, code: 'INVALID_ADDRESS', message: parsed.error.issues[0]?.message ?? 'Check the address.' };
  }
  return addCustomerAddress(customer.customerId, customer.bannerId, parsed.data);
}

export async function customerTenders(customerId: number) {
  const rows = await db()
    .selectFrom('customer_tenders')
    .select(['id', 'brand', 'last_four', 'expiry'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, brand: row.brand, lastFour: row.last_four, expiry: row.expiry }));
}

/**
 * Saves a card as a tender: a random token and the last four digits. The number itself is used for the
 * brand and last four and then dropped; no card is charged or sent anywhere (Pantry processes no payments).
 */
export async function addTender(customerId: number, cardNumber: string, expiry: string) {
  const row = await db()
    .insertInto('customer_tenders')
    .values({
      customer_id: customerId,
      token: `tok_${randomBytes(12).toString('hex')}`,
      brand: cardBrand(cardNumber),
      last_four: cardNumber.slice(-4),
      expiry,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PlaceResult = { ok: true; orderId: number; orderNumber: string; cutoffAt: string } | Refusal;

/** An order's lines, copied from the available cart lines (with the shopper's substitution and note). */
async function insertOrderLines(
  tx: Transaction<Database>,
  orderId: number,
  lines: Pick<CartView['lines'][number], 'productId' | 'quantity' | 'unitPriceCents' | 'substitution' | 'note'>[],
) {
  await tx
    .insertInto('order_items')
    .values(
      lines.map((line) => ({
        order_id: orderId,
        product_id: line.productId,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        substitution: line.substitution,
        note: line.note,
      })),
    )
    .execute();
}

/** Places the cart as an order: its available lines, the held slot (kept by the order), address and card. */
export async function placeOrder(input: {
  customer: OrderCustomer;
  cartId: string | null;
  store: Store;
  preference: string | null;
  addressId: number;
  tenderId: number;
  now?: Date;
}): Promise<PlaceResult> {
  const { customer } = input;
  const now = input.now ?? new Date();
  const view = await cartView({
    cartId: input.cartId,
    customerId: customer.customerId,
    bannerId: customer.bannerId,
    store: input.store,
    preference: input.preference,
  });
  const lines = view.lines.filter((line) => line.available);
  if (!input.cartId || lines.length === 0) return { ok: false, code: 'EMPTY_CART' };
  const hold = await heldSlot(input.cartId, input.store.timezone, now);
  if (!hold) return { ok: false, code: 'NO_SLOT' };
  if (hold.storeId !== input.store.id) return { ok: false, code: 'SLOT_STORE' };
  if (view.needsAttendedDelivery && hold.kind !== 'delivery-1h' && hold.kind !== 'delivery-2h')
    return { ok: false, code: 'ATTENDED_ONLY' };
  const address = await db()
    .selectFrom('customer_addresses')
    .select(['id', 'address1', 'address2', 'city', 'state_code', 'postal_code'])
    .where('id', '=', input.addressId)
    .where('customer_id', '=', customer.customerId)
    .executeTakeFirst();
  if (!address && hold.kind !== 'pickup') return { ok: false, code: 'NO_ADDRESS' };
  const tender = await db()
    .selectFrom('customer_tenders')
    .select('id')
    .where('id', '=', input.tenderId)
    .where('customer_id', '=', customer.customerId)
    .executeTakeFirst();
  if (!tender) return { ok: false, code: 'NO_TENDER' };
  const fee = await deliveryFeeFor(customer, hold, view.totalCents, now);

  const cutoffAt = new Date(new Date(hold.startsAt).getTime() - ORDER_CUTOFF_MS).toISOString();
  const placed = await db()
    .transaction()
    .execute(async (tx) => {
      // The cart is ordered once: a second submit of the same cart finds it no longer active.
      const claimed = await tx
        .updateTable('carts')
        .set({ status: 'ordered', updated_at: now.toISOString() })
        .where('id', '=', input.cartId!)
        .where('customer_id', '=', customer.customerId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return null;
      const orderNumber = await nextOrderNumber(customer.siteType, tx);
      const order = await tx
        .insertInto('orders')
        .values({
          order_number: orderNumber,
          site_type: customer.siteType,
          customer_id: customer.customerId,
          banner_id: customer.bannerId,
          store_id: input.store.id,
          status: ORDER_STATUS.pending,
          fulfillment: hold.kind === 'pickup' ? 'DUG' : 'DELIVERY',
          slot_start: hold.startsAt,
          slot_end: hold.endsAt,
          subtotal_cents: view.subtotalCents,
          savings_cents: view.savingsCents,
          fees_cents: fee.feeCents,
          total_cents: view.totalCents + fee.feeCents,
          placed_at: now.toISOString(),
          cutoff_at: cutoffAt,
          address_id: address?.id ?? null,
          address_text: address
            ? [address.address1, address.address2, `${address.city}, ${address.state_code} ${address.postal_code}`]
                .filter(Boolean)
                .join(', ')
            : null,
          tender_id: tender.id,
          slot_id: hold.slotId,
          slot_kind: hold.kind,
          cancelled_at: null,
          updated_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertOrderLines(tx, order.id, lines);
      await tx.updateTable('carts').set({ order_id: order.id }).where('id', '=', input.cartId!).execute();
      await keepShippedLines(
        tx,
        input.cartId!,
        { customerId: customer.customerId, bannerId: customer.bannerId, siteType: customer.siteType },
        input.store.id,
      );
      // The order keeps the held place: no expiry, tied to the order.
      await tx
        .updateTable('slot_holds')
        .set({ order_id: order.id, expires_at: null, cart_id: null })
        .where('id', '=', hold.holdId)
        .execute();
      return { orderId: order.id, orderNumber };
    });
  if (!placed) return { ok: false, code: 'EMPTY_CART' };
  return { ok: true, ...placed, cutoffAt };
}

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
}

function editable(order: { status: string; cutoff_at: string }, now: Date) {
  return order.status === ORDER_STATUS.pending && order.cutoff_at > now.toISOString();
}

async function timezoneOf(storeId: number) {
  return (await storeById(storeId))?.timezone ?? 'UTC';
}

/** The customer's orders on this banner and site, newest first. */
export async function orderHistory(customer: OrderCustomer, now = new Date()): Promise<OrderListItem[]> {
  const rows = await db()
    .selectFrom('orders as o')
    .leftJoin('order_items as i', 'i.order_id', 'o.id')
    .select((eb) => [
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
      eb.fn.coalesce(eb.fn.sum<number>('i.quantity'), eb.val(0)).as('units'),
    ])
    .where('o.customer_id', '=', customer.customerId)
    .where('o.banner_id', '=', customer.bannerId)
    .where('o.site_type', '=', customer.siteType)
    .groupBy([
      'o.id',
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
    ])
    .orderBy('o.placed_at', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      orderNumber: row.order_number,
      status: row.status,
      fulfillment: row.fulfillment,
      slotKind: row.slot_kind,
      slotLabel: slotLabel(row.slot_start, row.slot_end, await timezoneOf(row.store_id)),
      placedAt: row.placed_at,
      totalCents: row.total_cents,
      itemCount: Number(row.units),
      editable: editable(row, now),
    })),
  );
}

/** One order of this customer with its lines, or null (another customer's order is "not found"). */
export async function orderSummary(customer: OrderCustomer, orderNumber: string, now = new Date()) {
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
  return {
    id: order.id,
    orderNumber: order.order_number,
    status: order.status,
    fulfillment: order.fulfillment,
    slotKind: order.slot_kind,
    slotId: order.slot_id,
    slotStart: order.slot_start,
    slotLabel: slotLabel(order.slot_start, order.slot_end, store?.timezone ?? 'UTC'),
    storeId: order.store_id,
    storeName: store?.name ?? '',
    address: order.address_text,
    tender: tender ? `${tender.brand} ending in ${tender.last_four}` : null,
    subtotalCents: order.subtotal_cents,
    savingsCents: order.savings_cents,
    feesCents: order.fees_cents,
    totalCents: order.total_cents,
    placedAt: order.placed_at,
    cutoffAt: order.cutoff_at,
    /** The cut-off on the store's clock (rendered the same on the server and in the browser). */
    cutoffLabel: formatInTimeZone(new Date(order.cutoff_at), store?.timezone ?? 'UTC', 'EEE, MMM d, h:mm a'),
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

/** A changeable order's row (changeableOrdersStatement's columns) as the alert banner shows it. */
export async function pendingOrderOf(row: {
  order_number: string;
  slot_start: string;
  slot_end: string;
  cutoff_at: string;
  store_id: number;
  fulfillment: string;
  slot_kind: string | null;
}) {
  return {
    orderNumber: row.order_number,
    slotLabel: slotLabel(row.slot_start, row.slot_end, await timezoneOf(row.store_id)),
    cutoffAt: row.cutoff_at,
    fulfillment: row.fulfillment,
    slotKind: row.slot_kind,
    storeId: row.store_id,
  };
}

/** The customer's pending orders before their cut-off, soonest first: every signed-in page asks (decision 0044). */
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

/** Why a change to this customer's order is refused, or null when it may change now. */
async function changeRefusal(
  customer: OrderCustomer,
  orderNumber: string,
  now: Date,
): Promise<OrderRefusalCode | null> {
  const order = await db()
    .selectFrom('orders')
    .select(['status', 'cutoff_at'])
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
  if (!order) return 'NOT_FOUND';
  if (order.status !== ORDER_STATUS.pending) return 'NOT_PENDING';
  if (order.cutoff_at <= now.toISOString()) return 'PAST_CUTOFF';
  return null;
}

/** Cancels a pending order before its cut-off (one conditional update); its slot place is given back. */
export async function cancelOrder(
  customer: OrderCustomer,
  orderNumber: string,
  now = new Date(),
): Promise<{ ok: true } | Refusal> {
  const refusal = await changeRefusal(customer, orderNumber, now);
  if (refusal) return { ok: false, code: refusal };
  const updated = await db()
    .updateTable('orders')
    .set({ status: ORDER_STATUS.cancelled, cancelled_at: now.toISOString(), updated_at: now.toISOString() })
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('status', '=', ORDER_STATUS.pending)
    .where('cutoff_at', '>', now.toISOString())
    .returning('id')
    .executeTakeFirst();
  if (!updated) return { ok: false, code: 'NOT_PENDING' };
  const hold = await db()
    .selectFrom('slot_holds')
    .select(['id', 'slot_id'])
    .where('order_id', '=', updated.id)
    .executeTakeFirst();
  if (hold) {
    const deleted = await db().deleteFrom('slot_holds').where('id', '=', hold.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0)
      await db()
        .updateTable('slots')
        .set((eb) => ({ reserved: eb('reserved', '-', 1) }))
        .where('id', '=', hold.slot_id)
        .where('reserved', '>', 0)
        .execute();
  }
  await db()
    .updateTable('carts')
    .set({ status: 'retired' })
    .where('order_id', '=', updated.id)
    .where('status', '=', 'editing')
    .execute();
  return { ok: true };
}

export type EditSession = { ok: true; cartId: string; order: OrderSummary } | Refusal;

/**
 * Edit mode: a working copy of the order's lines in an 'editing' cart (reused while the edit lasts).
 * Only the owner, only a pending order, only before the cut-off.
 */
export async function startEdit(customer: OrderCustomer, orderNumber: string, now = new Date()): Promise<EditSession> {
  const refusal = await changeRefusal(customer, orderNumber, now);
  if (refusal) return { ok: false, code: refusal };
  const order = (await orderSummary(customer, orderNumber, now))!;
  const existing = await db()
    .selectFrom('carts')
    .select('id')
    .where('order_id', '=', order.id)
    .where('customer_id', '=', customer.customerId)
    .where('status', '=', 'editing')
    .executeTakeFirst();
  if (existing) return { ok: true, cartId: existing.id, order };
  const cartId = randomUUID();
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .insertInto('carts')
        .values({
          id: cartId,
          customer_id: customer.customerId,
          banner_id: customer.bannerId,
          site_type: customer.siteType,
          store_id: order.storeId,
          status: 'editing',
          order_id: order.id,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      if (order.items.length > 0)
        await tx
          .insertInto('cart_items')
          .values(
            order.items.map((item, index) => ({
              cart_id: cartId,
              product_id: item.productId,
              quantity: item.quantity,
              substitution: item.substitution,
              note: item.note,
              added_at: new Date(now.getTime() + index).toISOString(),
            })),
          )
          .execute();
    });
  return { ok: true, cartId, order };
}

/** The edit cart of this customer's order, if edit mode is on. */
export async function editCartId(customer: OrderCustomer, orderId: number) {
  const row = await db()
    .selectFrom('carts')
    .select('id')
    .where('order_id', '=', orderId)
    .where('customer_id', '=', customer.customerId)
    .where('status', '=', 'editing')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The fee an edited order pays: its new (or kept) slot's own fee, less the delivery-subscription waiver
 * for the edited basket. Orders without a slot record keep the fee they have.
 */
export async function editedOrderFee(
  customer: OrderCustomer,
  order: Pick<OrderSummary, 'slotId' | 'feesCents'>,
  newHold: HeldSlot | null,
  basketCents: number,
  now = new Date(),
): Promise<number> {
  const kept =
    !newHold && order.slotId
      ? await db().selectFrom('slots').select(['kind', 'fee_cents']).where('id', '=', order.slotId).executeTakeFirst()
      : undefined;
  const slot = newHold ?? (kept ? { kind: kept.kind, feeCents: kept.fee_cents } : null);
  if (!slot) return order.feesCents;
  return (await deliveryFeeFor(customer, slot, basketCents, now)).feeCents;
}

/**
 * Saves the edit: the order takes the edit cart's lines (re-priced at the order's store), and the
 * edit cart's newly held slot if one was chosen (the old place is given back). Refused after the cut-off.
 */
export async function saveEdit(
  customer: OrderCustomer,
  orderNumber: string,
  now = new Date(),
): Promise<{ ok: true; order: OrderSummary } | Refusal> {
  const refusal = await changeRefusal(customer, orderNumber, now);
  if (refusal) return { ok: false, code: refusal };
  const order = (await orderSummary(customer, orderNumber, now))!;
  const cartId = await editCartId(customer, order.id);
  if (!cartId) return { ok: false, code: 'NOT_FOUND' };
  const store = (await storeById(order.storeId))!;
  const view: CartView = await cartView({
    cartId,
    customerId: customer.customerId,
    bannerId: customer.bannerId,
    store,
    preference: order.fulfillment === 'DUG' ? 'Dug' : 'Delivery',
  });
  const lines = view.lines.filter((line) => line.available);
  if (lines.length === 0) return { ok: false, code: 'EMPTY_CART' };
  const newHold = await heldSlot(cartId, store.timezone, now);
  const fees = await editedOrderFee(customer, order, newHold, view.totalCents, now);
  const savedAt = now.toISOString();
  const result = await db()
    .transaction()
    .execute(async (tx) => {
      const slot = newHold ?? null;
      const changed = await tx
        .updateTable('orders')
        .set({
          subtotal_cents: view.subtotalCents,
          savings_cents: view.savingsCents,
          fees_cents: fees,
          total_cents: view.totalCents + fees,
          updated_at: savedAt,
          ...(slot
            ? {
                slot_id: slot.slotId,
                slot_kind: slot.kind,
                slot_start: slot.startsAt,
                slot_end: slot.endsAt,
                fulfillment: slot.kind === 'pickup' ? 'DUG' : 'DELIVERY',
                cutoff_at: new Date(new Date(slot.startsAt).getTime() - ORDER_CUTOFF_MS).toISOString(),
              }
            : {}),
        })
        .where('id', '=', order.id)
        .where('customer_id', '=', customer.customerId)
        .where('status', '=', ORDER_STATUS.pending)
        .where('cutoff_at', '>', savedAt)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await tx.deleteFrom('order_items').where('order_id', '=', order.id).execute();
      await insertOrderLines(tx, order.id, lines);
      if (slot) {
        const old = await tx
          .selectFrom('slot_holds')
          .select(['id', 'slot_id'])
          .where('order_id', '=', order.id)
          .execute();
        for (const hold of old) {
          await tx.deleteFrom('slot_holds').where('id', '=', hold.id).execute();
          await tx
            .updateTable('slots')
            .set((eb) => ({ reserved: eb('reserved', '-', 1) }))
            .where('id', '=', hold.slot_id)
            .where('reserved', '>', 0)
            .execute();
        }
        await tx
          .updateTable('slot_holds')
          .set({ order_id: order.id, expires_at: null, cart_id: null })
          .where('id', '=', slot.holdId)
          .execute();
      }
      await tx.updateTable('carts').set({ status: 'retired', updated_at: savedAt }).where('id', '=', cartId).execute();
      return true;
    });
  if (!result) return { ok: false, code: 'PAST_CUTOFF' };
  return { ok: true, order: (await orderSummary(customer, orderNumber, now))! };
}

/** Leaves edit mode without changes: the working copy is retired and any newly held slot given back. */
export async function discardEdit(customer: OrderCustomer, orderNumber: string, now = new Date()) {
  const order = await orderSummary(customer, orderNumber, now);
  if (!order) return { ok: false as const, code: 'NOT_FOUND' as const };
  const cartId = await editCartId(customer, order.id);
  if (cartId) {
    await releaseCartHold(cartId, now);
    await db().updateTable('carts').set({ status: 'retired' }).where('id', '=', cartId).execute();
  }
  return { ok: true as const };
}

/** Products from the customer's past orders, most often bought first (buy it again), priced at the store. */
export async function buyItAgain(customer: OrderCustomer, store: Store, limit = 24) {
  const rows = await db()
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as so', (join) =>
      join.onRef('so.product_id', '=', 'p.id').on('so.store_id', '=', store.id),
    )
    .select((eb) => [
      'p.id',
      'p.name',
      'b.name as brand',
      'p.size_label',
      'p.size_quantity',
      'p.size_unit',
      'p.image_key',
      'p.base_price_cents',
      'p.attended_delivery_only',
      'so.price_cents as override_price',
      'so.stock_status',
      eb.fn.count<number>('o.id').distinct().as('times'),
      eb.fn.max('o.placed_at').as('last_at'),
    ])
    .where('o.customer_id', '=', customer.customerId)
    .where('o.banner_id', '=', customer.bannerId)
    .where('o.status', '!=', ORDER_STATUS.cancelled)
    .groupBy([
      'p.id',
      'p.name',
      'b.name',
      'p.size_label',
      'p.size_quantity',
      'p.size_unit',
      'p.image_key',
      'p.base_price_cents',
      'p.attended_delivery_only',
      'so.price_cents',
      'so.stock_status',
    ])
    .orderBy('times', 'desc')
    .orderBy('last_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toProductCard(row, store), timesBought: Number(row.times) }));
}
