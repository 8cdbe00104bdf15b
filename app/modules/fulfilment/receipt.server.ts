import { db } from '~/db/db.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { storeById } from '~/modules/stores/stores.server';
import { instructionsText } from '~/modules/orders/delivery-instructions';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { paymentSplitLabel } from '~/modules/orders/ebt-split';
import { momentIn } from '~/modules/orders/order-dates.server';
import { fulfillmentLabel } from '~/modules/orders/order-rules';
import { HANDED_OVER, type OrderStatus } from './order-states';
import { orderLines } from './picking.server';
import { isCharged, receiptLineSavings, receiptTotals } from './receipt-rules';

/**
 * The itemised receipt of a handed-over order: ordered against picked, substitutes, weights, the
 * clipped-offer savings kept, fees (and what was waived). Null for another customer's order or one
 * not handed over yet.
 */
export async function orderReceipt(customer: OrderCustomer, orderNumber: string, language: Language = 'en') {
  const order = await db()
    .selectFrom('orders as o')
    .leftJoin('slots as s', 's.id', 'o.slot_id')
    .leftJoin('customer_tenders as t', (join) =>
      join.onRef('t.id', '=', 'o.tender_id').onRef('t.customer_id', '=', 'o.customer_id'),
    )
    .selectAll('o')
    .select(['s.fee_cents as slot_fee_cents', 't.brand as tender_brand', 't.last_four as tender_last_four'])
    .where('o.order_number', '=', orderNumber)
    .where('o.customer_id', '=', customer.customerId)
    .where('o.banner_id', '=', customer.bannerId)
    .where('o.site_type', '=', customer.siteType)
    .executeTakeFirst();
  if (!order || !HANDED_OVER.includes(order.status as OrderStatus) || !order.handed_over_at) return null;
  const [lines, store] = await Promise.all([orderLines(db(), order.id), storeById(order.store_id)]);
  const timezone = store?.timezone ?? 'UTC';
  const totals = receiptTotals(lines, {
    feesCents: order.fees_cents,
    promoCents: order.promo_cents,
    tipCents: order.tip_cents,
  });
  // EBT paid for eligible groceries only: never more than the groceries handed over (decision 0107).
  const ebtCents = Math.min(order.ebt_cents, totals.totalCents - totals.feesCents - totals.tipCents);
  return {
    orderNumber: order.order_number,
    storeName: store?.name ?? '',
    storeAddress: store ? `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}` : '',
    fulfillment: fulfillmentLabel(order.fulfillment, order.slot_kind),
    businessPrices: order.site_type === 'B',
    placedLabel: momentIn(language, order.placed_at, timezone, 'fullDayTime'),
    handedOverLabel: momentIn(language, order.handed_over_at, timezone, 'fullDayTime'),
    tender: order.tender_brand ? `${order.tender_brand} ending in ${order.tender_last_four}` : null,
    payment: paymentSplitLabel({
      ebtCents,
      cardCents: totals.totalCents - ebtCents,
      card: order.tender_brand ? { brand: order.tender_brand, lastFour: order.tender_last_four ?? '' } : null,
    }),
    instructions: instructionsText(
      {
        gateCode: order.gate_code,
        leaveAtDoor: order.leave_at_door === 1,
        deliveryNote: order.delivery_note,
      },
      serverT(language, 'orders'),
    ),
    lines: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      sizeLabel: line.sizeLabel,
      orderedQuantity: line.ordered.quantity,
      orderedCents: line.ordered.quantity * line.ordered.unitPriceCents,
      outcome: line.pick?.outcome ?? 'short',
      pickedQuantity: line.pick?.quantity ?? 0,
      weighedMilliLb: line.pick?.weighedMilliLb ?? null,
      substitute: line.pick?.substitute ?? null,
      approval: line.pick?.approval ?? null,
      chargedCents: isCharged(line) ? line.pick!.chargedCents : 0,
      savingsCents: receiptLineSavings(line),
    })),
    ...totals,
    /** The slot's fee that a subscription or basket size waived. */
    waivedFeeCents: Math.max(0, Number(order.slot_fee_cents ?? 0) - order.fees_cents),
  };
}
export type OrderReceipt = NonNullable<Awaited<ReturnType<typeof orderReceipt>>>;
