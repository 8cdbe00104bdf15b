import { sql, type RawBuilder } from 'kysely';
import { database } from '~/db/db.server';
import { labelCondition } from '~/modules/catalog/label-flags';
import type { ProductKind } from '~/db/schema';
import { factOnOffer, onOfferExpression, priceExpression, unitPrice, type PriceContext } from './price-context.server';
import type { ProductFilters, ProductQuery } from './product-query';
import { PRICE_BUCKETS } from './query';
import { ftsMatch, pgTermParts, termsForKind } from './query-terms';
import { ID_SPAN, kindRange, tagBit } from './search-key';

/** A query's words and filters in SQL, for both dialects: what the ranking and the facet counts narrow by. */

export { ftsMatch } from './query-terms';

/**
 * PostgreSQL: a tsquery of the terms (query-terms.ts). Text goes through the english
 * configuration; a term's facet alternatives are '@' lexemes cast as they are (PG_FACETS_SQL).
 */
export function tsMatch(terms: string[], prefix: boolean): RawBuilder<unknown> {
  const { text, withFacets } = pgTermParts(terms, prefix);
  const parts = [
    ...(text === null ? [] : [sql`to_tsquery('english', ${text})`]),
    ...withFacets.map((term) =>
      term.text === null
        ? sql`cast(${term.lexemes} as tsquery)`
        : sql`(to_tsquery('english', ${term.text}) || cast(${term.lexemes} as tsquery))`,
    ),
  ];
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` && `)})`;
}

export const ALL_COLUMNS = ['name', 'brand', 'aisle', 'description'] as const;

/** SQLite: the rowids (search keys) of one kind of product, a range the FTS5 scan is bounded by. */
export function inKind(kind: ProductKind, rowid = sql`rowid`): RawBuilder<unknown> {
  const [lo, hi] = kindRange(kind);
  return sql`${rowid} >= ${sql.raw(lo)} and ${rowid} < ${sql.raw(hi)}`;
}

/** Whether the filters ask about the label (free from an allergen, a nutrient claim). */
export const hasLabelFilters = (filters: ProductFilters) =>
  Boolean(filters.freeFrom?.length || filters.claims?.length || filters.snap);

/** The label filters over a flags expression (products.label_flags): `(flags & mask) = want`. */
export function labelFlagsCondition(filters: ProductFilters, flags: RawBuilder<unknown>): RawBuilder<unknown> {
  const { mask, want } = labelCondition(filters.freeFrom ?? [], filters.claims ?? [], filters.snap);
  return sql`(${flags} & ${sql.lit(mask)}) = ${sql.lit(want)}`;
}

/**
 * A match's label flags, read from its product row by primary key: the facts rows of both dialects
 * stay as they are, and a tier reads the flags of the matches it walks only (at most MATCH_CAP + 1).
 */
export const labelFlagsOf = (id: RawBuilder<unknown>) =>
  sql`(select lf.label_flags from products lf where lf.id = ${id})`;

/** `select id` of the products matching the words. */
function matches(terms: string[], kind: ProductKind, prefix: boolean): RawBuilder<unknown> {
  const tokens = termsForKind(kind, terms);
  if (database().dialect === 'sqlite') {
    const all = ftsMatch(tokens, prefix, ALL_COLUMNS);
    return sql`select rowid % ${sql.lit(ID_SPAN)} as id from product_search
      where product_search match ${all} and ${inKind(kind)}`;
  }
  return sql`select ps.product_id as id from product_search ps
    where ps.document @@ ${tsMatch(tokens, prefix)} and ps.kind = ${kind}`;
}

/**
 * Filter conditions over a facts row `p` of product `id` (and `o`, its store override, joined when
 * the price is filtered): what the tiers of both dialects filter their matches on without reading
 * product rows. Aisle, brand, seller and diet are facet terms of the index on SQLite, not these.
 */
export function factConditions(ctx: PriceContext, query: ProductQuery, id: RawBuilder<unknown>): RawBuilder<unknown> {
  const { filters } = query;
  const parts: RawBuilder<unknown>[] = [];
  if (filters.aisleIds) {
    parts.push(
      filters.aisleIds.length
        ? sql`p.aisle_id in (${sql.join(filters.aisleIds.map((aisle) => sql.lit(aisle)))})`
        : sql`1 = 0`,
    );
  }
  if (filters.brandId !== undefined) parts.push(sql`p.brand_id = ${filters.brandId}`);
  if (filters.sellerId !== undefined) parts.push(sql`p.seller_id = ${filters.sellerId}`);
  if (filters.diet) parts.push(sql`(p.tags & ${sql.lit(tagBit(filters.diet))}) <> 0`);
  if (filters.price) {
    const bucket = PRICE_BUCKETS.find((b) => b.id === filters.price)!;
    const price = priceExpression(ctx, query.kind);
    parts.push(
      bucket.max === null ? sql`${price} >= ${bucket.min}` : sql`${price} between ${bucket.min} and ${bucket.max}`,
    );
  }
  if (filters.onOffer) parts.push(sql`${factOnOffer(ctx, id)} = 1`);
  if (filters.varietal)
    parts.push(
      sql`exists (select 1 from wine_details w where w.product_id = ${id} and w.varietal = ${filters.varietal})`,
    );
  if (filters.region)
    parts.push(sql`exists (select 1 from wine_details w where w.product_id = ${id} and w.region = ${filters.region})`);
  if (hasLabelFilters(filters)) parts.push(labelFlagsCondition(filters, labelFlagsOf(id)));
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

export function source(
  ctx: PriceContext,
  query: ProductQuery,
  withBrand = false,
  withWine = false,
): RawBuilder<unknown> {
  const joins = sql`${withBrand ? sql`join brands b on b.id = p.brand_id` : sql``}
    ${withWine ? sql`join wine_details w on w.product_id = p.id` : sql``}
    left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = p.id`;
  if (query.tokens.length === 0) {
    return sql`from products p ${joins} where p.kind = ${query.kind}`;
  }
  return sql`from (${matches(query.tokens, query.kind, query.prefix ?? false)}) m
    join products p on p.id = m.id ${joins} where 1 = 1`;
}

export function filterConditions(
  ctx: PriceContext,
  query: ProductQuery,
  skip?: keyof ProductFilters,
): RawBuilder<unknown> {
  const { filters } = query;
  const parts: RawBuilder<unknown>[] = [];
  if (filters.aisleIds && skip !== 'aisleIds') {
    parts.push(
      filters.aisleIds.length
        ? sql`p.aisle_id in (${sql.join(filters.aisleIds.map((id) => sql.lit(id)))})`
        : sql`1 = 0`,
    );
  }
  if (filters.brandId !== undefined && skip !== 'brandId') parts.push(sql`p.brand_id = ${filters.brandId}`);
  if (filters.sellerId !== undefined) parts.push(sql`p.seller_id = ${filters.sellerId}`);
  if (filters.diet && skip !== 'diet') parts.push(sql`p.dietary_tags like ${`%,${filters.diet},%`}`);
  if (filters.price && skip !== 'price') {
    const bucket = PRICE_BUCKETS.find((b) => b.id === filters.price)!;
    const price = priceExpression(ctx, query.kind);
    parts.push(
      bucket.max === null ? sql`${price} >= ${bucket.min}` : sql`${price} between ${bucket.min} and ${bucket.max}`,
    );
  }
  if (filters.onOffer && skip !== 'onOffer') parts.push(onOfferExpression(ctx));
  if (filters.varietal)
    parts.push(
      sql`exists (select 1 from wine_details w where w.product_id = p.id and w.varietal = ${filters.varietal})`,
    );
  if (filters.region)
    parts.push(sql`exists (select 1 from wine_details w where w.product_id = p.id and w.region = ${filters.region})`);
  if (hasLabelFilters(filters)) parts.push(labelFlagsCondition(filters, sql`p.label_flags`));
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

export function orderBy(ctx: PriceContext, query: ProductQuery): RawBuilder<unknown> {
  const price = priceExpression(ctx, query.kind);
  // Best match goes through candidates(); this order only serves the price sorts.
  const relevance = sql`p.popularity desc, p.id`;
  switch (query.sort) {
    case 'price-asc':
      return sql`${price}, p.id`;
    case 'price-desc':
      return sql`${price} desc, p.id`;
    case 'unit-price':
      return sql`${unitPrice(price)}, p.id`;
    default:
      return relevance;
  }
}

/** Whether any filter is set (label lists are set only when not empty, resolveFilters). */
export const hasFilters = (filters: ProductFilters) =>
  Object.values(filters).some((value) => value !== undefined && value !== false);

/**
 * Filters the index cannot answer, checked on each match's facts: price, offer, wine details and the
 * label (an empty aisle list matches nothing). The same on both dialects.
 */
export function factFilters(filters: ProductFilters): ProductFilters {
  return filters.aisleIds?.length === 0
    ? { aisleIds: [] }
    : {
        price: filters.price,
        onOffer: filters.onOffer,
        varietal: filters.varietal,
        region: filters.region,
        freeFrom: filters.freeFrom,
        claims: filters.claims,
        snap: filters.snap,
      };
}
