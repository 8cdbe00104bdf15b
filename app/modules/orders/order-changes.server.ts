import { randomUUID } from 'node:crypto';
import { db } from '~/db/db.server';
import type { Language } from '~/modules/i18n/languages';
import { cartView, type CartView } from '~/modules/cart/cart-view.server';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import { heldSlot, releaseCartHold, type HeldSlot } from '~/modules/slots/slots.server';
import { ORDER_CUTOFF_MS } from '~/modules/slots/slot-rules';
import { storeById } from '~/modules/stores/stores.server';
import { deliveryFeeFor } from '~/modules/subscriptions/subscriptions.server';
import { recordStep } from '~/modules/fulfilment/order-events.server';
import { withdrawReferralCredit } from '~/modules/customers/referrals.server';
import { insertOrderLines } from './checkout.server';
import { orderSummary, type OrderSummary } from './order-history.server';
import { ebtEligibleCents } from './ebt-split';
import { tipCapCents } from './tip-rules';
import {
  notPendingRefusal,
  ORDER_STATUS,
  type OrderCustomer,
  type OrderRefusalCode,
  type Refusal,
} from './order-rules';

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
  if (order.status !== ORDER_STATUS.pending) return notPendingRefusal(order.status);
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
    .returning(['id', 'store_id'])
    .executeTakeFirst();
  if (!updated) return { ok: false, code: 'NOT_PENDING' };
  await recordStep(db(), updated.id, 'cancelled', 'shopper', now);
  // A first order that earned refer-a-friend points gives them back (decision 0098).
  await withdrawReferralCredit(updated.id, now);
  await noteStoreChange(updated.store_id);
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
export async function startEdit(
  customer: OrderCustomer,
  orderNumber: string,
  now = new Date(),
  language: Language = 'en',
): Promise<EditSession> {
  const refusal = await changeRefusal(customer, orderNumber, now);
  if (refusal) return { ok: false, code: refusal };
  const order = (await orderSummary(customer, orderNumber, now, language))!;
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
  // The promo code's discount stays as placed (decision 0105), never more than the edited basket.
  const promoCents = Math.min(order.promoCents, view.totalCents);
  // The tip and the EBT part stay as placed within the edited basket (decision 0107); a pickup has no tip.
  const pickup = newHold ? newHold.kind === 'pickup' : order.fulfillment === 'DUG';
  const tipCents = pickup ? 0 : Math.min(order.tipCents, tipCapCents(view.totalCents - promoCents));
  const ebtCents = Math.min(order.ebtCents, ebtEligibleCents(lines, promoCents));
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
          promo_cents: promoCents,
          total_cents: view.totalCents - promoCents + fees + tipCents,
          tip_cents: tipCents,
          ebt_cents: ebtCents,
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
  // The order changed under the edit: picking began, or the cut-off passed.
  if (!result) return { ok: false, code: (await changeRefusal(customer, orderNumber, now)) ?? 'PAST_CUTOFF' };
  await noteStoreChange(order.storeId);
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
