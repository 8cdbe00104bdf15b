/**
 * Changing the tip of a placed delivery order: until 24 hours after delivery (tip-rules.ts), within the same
 * cap as at checkout; the card part of the order takes the difference (a tip is never paid with EBT).
 */
import { db } from '~/db/db.server';
import { wordsIn } from '~/modules/i18n/translations.server';
import type { OrderCustomer } from './order-rules';
import { resolveTip, TIP_MESSAGES, tipBasketCents, tipEditable, type TipChoice } from './tip-rules';

export type TipEditResult =
  { ok: true; tipCents: number } | { ok: false; code: 'NOT_FOUND' | 'REFUSED'; message: string };

export async function changeTip(
  customer: OrderCustomer,
  orderNumber: string,
  choice: TipChoice,
  now = new Date(),
): Promise<TipEditResult> {
  const order = await db()
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'fulfillment',
      'handed_over_at',
      'total_cents',
      'fees_cents',
      'tip_cents',
      'final_total_cents',
    ])
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
  if (!order) return { ok: false, code: 'NOT_FOUND', message: 'We could not find that order.' };
  const fulfilment = order.fulfillment === 'DELIVERY' ? 'delivery' : 'pickup';
  if (fulfilment === 'pickup') return { ok: false, code: 'REFUSED', message: TIP_MESSAGES.PICKUP };
  if (!tipEditable({ fulfillment: order.fulfillment, status: order.status, handedOverAt: order.handed_over_at }, now))
    return { ok: false, code: 'REFUSED', message: TIP_MESSAGES.WINDOW };
  const tip = resolveTip(choice, tipBasketCents(order), fulfilment, wordsIn(customer.language ?? 'en', 'orders'));
  if (!tip.ok) return { ok: false, code: 'REFUSED', message: tip.message };
  const difference = tip.tipCents - order.tip_cents;
  // Conditional on the tip it read: two edits at once change it once, and the totals stay consistent.
  const updated = await db()
    .updateTable('orders')
    .set((eb) => ({
      tip_cents: tip.tipCents,
      total_cents: eb('total_cents', '+', difference),
      final_total_cents: order.final_total_cents === null ? null : eb('final_total_cents', '+', difference),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', order.id)
    .where('tip_cents', '=', order.tip_cents)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    return { ok: false, code: 'REFUSED', message: 'The tip changed meanwhile: check it and try again.' };
  return { ok: true, tipCents: tip.tipCents };
}
