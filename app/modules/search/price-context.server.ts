import { sql, type RawBuilder } from 'kysely';
import { database } from '~/db/db.server';
import type { ProductKind } from '~/db/schema';
import { BUSINESS_TIER_DISCOUNT_BP, type PriceTier } from '~/modules/catalog/pricing';
import type { Store } from '~/modules/stores/stores.server';
import { SIZE_DIVISOR_SQL } from './search-key';

/** Where prices and offers come from: a grocery store, or none for shipped goods (wine, marketplace). */
export interface PriceContext {
  storeId: number | null;
  priceFactorBp: number;
  bannerId: string;
  now: string;
  /** The shopper's price tier at this store (business customers on the business site). */
  priceTier: PriceTier;
}

export function priceContextFor(store: Store | null, bannerId: string, now = new Date()): PriceContext {
  return {
    storeId: store?.id ?? null,
    priceFactorBp: store?.price_factor_bp ?? 10_000,
    bannerId: store?.banner_id ?? bannerId,
    now: now.toISOString(),
    // Shipped goods (no store) have one price for everyone.
    priceTier: store?.priceTier ?? 'consumer',
  };
}

/** The price at the store, in SQL, rounded exactly like storePriceCents (integer arithmetic). */
export function priceExpression(ctx: PriceContext, kind: ProductKind): RawBuilder<number> {
  if (kind !== 'grocery' || ctx.storeId === null) return sql<number>`p.base_price_cents`;
  const factor = sql.lit(Math.trunc(ctx.priceFactorBp));
  const scaled = sql`(p.base_price_cents * ${factor})`;
  const shelf = sql<number>`coalesce(o.price_cents, case
      when ${scaled} < 15000 then 1
      when ${scaled} < 1000000 then (${scaled} + 5000) / 10000
      else ((${scaled} + 50000) / 100000) * 10 - 1 end)`;
  if (ctx.priceTier !== 'business') return shelf;
  // tierPriceCents in SQL: the same half-up rounding in integer division.
  const keep = sql.lit(10_000 - BUSINESS_TIER_DISCOUNT_BP);
  return sql<number>`((${shelf}) * ${keep} + 5000) / 10000`;
}

const UNIT_DIVISOR = sql.raw(SIZE_DIVISOR_SQL);

/** The banner's products on offer now (a few thousand at most), built once per statement. */
function offeredNow(ctx: PriceContext): RawBuilder<unknown> {
  return sql`(select op.product_id from offers f join offer_products op on op.offer_id = f.id
    where f.banner_id = ${ctx.bannerId} and f.starts_at <= ${ctx.now} and f.ends_at > ${ctx.now})`;
}

/**
 * Whether a product has an active offer of the banner. Not correlated: both databases build the
 * (small) set of offered products once per statement and probe it per match.
 */
export function onOfferExpression(ctx: PriceContext): RawBuilder<boolean> {
  return sql<boolean>`p.id in ${offeredNow(ctx)}`;
}

/**
 * The same over a facts row `p` (product_search_facts on SQLite, product_search on PostgreSQL) of
 * product `id`, as 1 or 0. SQLite probes the offers of a product only when its `offered` flag says
 * it is in some offer (a few percent of the matches, instead of building the
 * banner's offered set for every statement); PostgreSQL probes its hashed set.
 */
export function factOnOffer(ctx: PriceContext, id: RawBuilder<unknown>): RawBuilder<number> {
  if (database().dialect === 'sqlite') {
    // CROSS JOIN keeps offer_products outermost (looked up by product): otherwise SQLite walks the
    // banner's current offers for every probe, ten times slower than the set it replaces.
    return sql<number>`case when p.offered = 1 then exists (select 1 from offer_products op
        cross join offers x on x.id = op.offer_id where op.product_id = ${id} and x.banner_id = ${ctx.bannerId}
        and x.starts_at <= ${ctx.now} and x.ends_at > ${ctx.now}) else 0 end`;
  }
  return sql<number>`case when ${id} in ${offeredNow(ctx)} then 1 else 0 end`;
}

/** The store override of product `id` (price and stock), joined when the price is filtered or read. */
export function overrideJoin(ctx: PriceContext, id: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = ${id}`;
}

/** Price per ounce, fluid ounce or each; sizes without a quantity sort last on both dialects. */
export function unitPrice(price: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`coalesce(cast(${price} as double precision) / nullif(p.size_quantity * ${UNIT_DIVISOR}, 0), 1e12)`;
}
