import { db } from '~/db/db.server';
import { storeToday } from '~/modules/weekly-ad/ad-week';
import { applyClippedOffers, type BasketLine, type ClippedOffer, type LineSaving } from './savings';

/**
 * The savings a basket (cart or order) gets, per line with the offer that applies: the customer's clipped, live
 * offers of this banner, and the weekly ad deals live today at the basket's store, which need no clipping (guests
 * get them too). A weekly ad deal stands in the list with its id negated, so it never shares an id with an offer.
 */
export async function basketSavings(
  input: {
    customerId: number | null;
    bannerId: string;
    store: { id: number; timezone: string };
    lines: BasketLine[];
  },
  now = new Date(),
): Promise<{ lines: LineSaving[]; totalCents: number }> {
  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  if (productIds.length === 0) return { lines: [], totalCents: 0 };
  const [clipped, adDeals] = await Promise.all([
    input.customerId === null ? [] : clippedOffers(input.customerId, input.bannerId, productIds, now),
    liveAdDeals(input.bannerId, input.store, productIds, now),
  ]);
  const lines = applyClippedOffers(input.lines, [...clipped, ...adDeals]);
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.savingsCents, 0) };
}

/** The savings from the customer's clipped offers alone (guests have none): what a basket saves at no store. */
export async function clippedSavings(
  input: { customerId: number | null; bannerId: string; lines: BasketLine[] },
  now = new Date(),
): Promise<{ lines: LineSaving[]; totalCents: number }> {
  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  if (input.customerId === null || productIds.length === 0) return { lines: [], totalCents: 0 };
  const lines = applyClippedOffers(input.lines, await clippedOffers(input.customerId, input.bannerId, productIds, now));
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.savingsCents, 0) };
}

async function clippedOffers(
  customerId: number,
  bannerId: string,
  productIds: number[],
  now: Date,
): Promise<ClippedOffer[]> {
  const rows = await db()
    .selectFrom('clips as c')
    .innerJoin('offers as o', 'o.id', 'c.offer_id')
    .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
    .select(['o.id', 'o.title', 'o.kind', 'o.value', 'o.min_quantity', 'op.product_id'])
    .where('c.customer_id', '=', customerId)
    .where('o.banner_id', '=', bannerId)
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
  return [...offers.values()];
}

async function liveAdDeals(
  bannerId: string,
  store: { id: number; timezone: string },
  productIds: number[],
  now: Date,
): Promise<ClippedOffer[]> {
  const today = storeToday(now, store.timezone);
  const rows = await db()
    .selectFrom('weekly_ad_deals')
    .select(['id', 'product_id', 'kind', 'value', 'min_quantity'])
    .where('banner_id', '=', bannerId)
    .where((eb) => eb.or([eb('store_id', 'is', null), eb('store_id', '=', store.id)]))
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .where('product_id', 'in', productIds)
    .execute();
  return rows.map((row) => ({
    offerId: -row.id,
    title: 'Weekly ad',
    kind: row.kind,
    value: row.value,
    minQuantity: row.min_quantity,
    productIds: [row.product_id],
  }));
}
