import { db } from '~/db/db.server';
import { applyClippedOffers, type BasketLine, type ClippedOffer, type LineSaving } from './savings';

/**
 * The savings a customer's clipped, live offers of this banner give on a basket (cart or order):
 * per line, with the offer that applies. Guests have no clips and save nothing.
 */
export async function clippedSavings(
  input: { customerId: number | null; bannerId: string; lines: BasketLine[] },
  now = new Date(),
): Promise<{ lines: LineSaving[]; totalCents: number }> {
  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  if (input.customerId === null || productIds.length === 0) return { lines: [], totalCents: 0 };
  const rows = await db()
    .selectFrom('clips as c')
    .innerJoin('offers as o', 'o.id', 'c.offer_id')
    .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
    .select(['o.id', 'o.title', 'o.kind', 'o.value', 'o.min_quantity', 'op.product_id'])
    .where('c.customer_id', '=', input.customerId)
    .where('o.banner_id', '=', input.bannerId)
    .where('o.starts_at', '<=', now.toISOString())
    .where('o.ends_at', '>', now.toISOString())
    .where('op.product_id', 'in', productIds)
    .execute();
  const offers = new Map<number, ClippedOffer>();
  for (const row of rows) {
    const offer = offers.get(row.id) ?? {
      offerId: row.id,
      title: row.title,
      kind: row.kind,
      value: row.value,
      minQuantity: row.min_quantity,
      productIds: [],
    };
    offer.productIds.push(row.product_id);
    offers.set(row.id, offer);
  }
  const lines = applyClippedOffers(input.lines, [...offers.values()]);
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.savingsCents, 0) };
}
