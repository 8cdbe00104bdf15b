import { sql, type RawBuilder } from 'kysely';
import { database } from '~/db/db.server';
import { brandsByIds, type BrandInfo } from '~/modules/catalog/taxonomy.server';
import {
  factOnOffer,
  onOfferExpression,
  overrideJoin,
  priceExpression,
  unitPrice,
  type PriceContext,
} from './price-context.server';
import { ALLERGENS, NUTRITION_CLAIMS, labelCondition } from '~/modules/catalog/label-flags';
import { filterConditions, labelFlagsOf, source } from './product-filters.server';
import type { Facets, ProductHit, ProductQuery } from './product-query';
import { productsByIds } from './product-search.server';
import { DIETARY_TAGS, MATCH_CAP, PRICE_BUCKETS, type SortId } from './query';
import { candidates, tiers } from './ranking.server';
import { ID_SPAN, tagBit } from './search-key';

interface FacetRow {
  id: number;
  aisle_id: number | null;
  brand_id: number;
  tags: string;
  price: number | string;
  on_offer: number | string;
  pos: number | string;
  unit_price: number | string;
  seen: number | string;
  label_flags: number | string;
}

/**
 * One page of products and the facet counts: one statement finds the best MATCH_CAP + 1 matches
 * (candidates) and reads the first MATCH_CAP with their facet values and sort keys; counting and
 * sorting at most MATCH_CAP rows in JavaScript is cheaper than more SQL over them. `total` is the
 * number of matches up to MATCH_CAP + 1, which means "more than MATCH_CAP" (countLabel).
 */
export async function productPage(
  ctx: PriceContext,
  query: ProductQuery,
  options: { brands?: boolean } = {},
): Promise<{ items: ProductHit[]; facets: Facets; brands: Map<number, BrandInfo> }> {
  const { pageIds, facets } = (await factsPage(ctx, query)) ?? (await listingPage(ctx, query));
  const positions = new Map(pageIds.map((id, i) => [id, i]));
  // The page's product rows and the brand facet's names are independent: on PostgreSQL they go
  // out at once on two pooled connections instead of one after the other.
  const [hits, brands] = await Promise.all([
    productsByIds(ctx, pageIds),
    options.brands ? brandsByIds(facets.brands.map((brand) => brand.id)) : new Map<number, BrandInfo>(),
  ]);
  return { items: hits.sort((a, b) => positions.get(a.id)! - positions.get(b.id)!), facets, brands };
}

/** A plain listing's page and facets (no words; on SQLite, no facet filters either). */
async function listingPage(ctx: PriceContext, query: ProductQuery): Promise<CountedPage> {
  const price = priceExpression(ctx, query.kind);
  const result = await sql<FacetRow>`with ${candidates(ctx, query, MATCH_CAP + 1)}
    select p.id, p.aisle_id, p.brand_id, p.dietary_tags as tags, ${price} as price,
      case when ${onOfferExpression(ctx)} then 1 else 0 end as on_offer,
      c.pos, ${unitPrice(price)} as unit_price, (select count(*) from c) as seen, p.label_flags
    from c join products p on p.id = c.id
    left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = p.id
    where c.pos <= ${MATCH_CAP}`.execute(database().db);
  const rows = result.rows.map((row): FactRow => ({
    id: Number(row.id),
    aisleId: row.aisle_id === null ? null : Number(row.aisle_id),
    brandId: Number(row.brand_id),
    tags: DIETARY_TAGS.reduce((bits, tag) => (row.tags.includes(`,${tag.id},`) ? bits | tagBit(tag.id) : bits), 0),
    price: Number(row.price),
    onOffer: Number(row.on_offer) === 1,
    pos: Number(row.pos),
    unitPrice: Number(row.unit_price),
    labelFlags: Number(row.label_flags),
  }));
  return countPage(query, rows, Number(result.rows[0]?.seen ?? 0));
}

/** A page's product ids in page order and the facet counts (the product rows are read after). */
interface CountedPage {
  pageIds: number[];
  facets: Facets;
}

interface FactRow {
  id: number;
  aisleId: number | null;
  brandId: number;
  /** The product's dietary tags as bits (tagBit). */
  tags: number;
  price: number;
  onOffer: boolean;
  pos: number;
  unitPrice: number;
  /** products.label_flags (catalog/label-flags.ts). */
  labelFlags: number;
}

/**
 * One page and the facet counts in one statement. The best MATCH_CAP + 1 matches (tiers) come with
 * their facts — on SQLite from product_search_facts (narrow rows keyed like the index, so read in key
 * order) as one JSON value counted in JavaScript (sqliteFactsPage); on PostgreSQL from the tier rows
 * themselves, counted by the database, which returns a few dozen rows (a thousand row objects cost
 * more than finding them). Null for a plain listing (no words; on SQLite, no facet filters either).
 */
async function factsPage(ctx: PriceContext, query: ProductQuery): Promise<CountedPage | null> {
  const found = tiers(ctx, query, MATCH_CAP + 1);
  if (!found) return null;
  // priceExpression and unitPrice read `p` and `o`: here p is the facts row.
  const price = priceExpression(ctx, query.kind);
  const stocked = query.kind === 'grocery' && ctx.storeId !== null;
  if (database().dialect === 'sqlite') return sqliteFactsPage(ctx, query, found, price, stocked);
  const id = sql`p.id`;
  const matched = sql`select p.k, p.score, p.id, p.aisle_id, p.brand_id, p.tags, ${price} as price, ${factOnOffer(ctx, id)} as on_offer,
      ${labelFlagsOf(id)} as label_flags,
      coalesce(cast(${price} as double precision) / nullif(p.size_oz, 0), 1e12) as unit_price
    from (${found.union}) p`;
  const order: Record<SortId, RawBuilder<unknown>> = {
    relevance: sql`score, k`,
    'price-asc': sql`price, id`,
    'price-desc': sql`price desc, id`,
    'unit-price': sql`unit_price, id`,
  };
  const sums = [
    ...DIETARY_TAGS.map((tag) => sql`sum(case when (tags & ${sql.lit(tagBit(tag.id))}) <> 0 then 1 else 0 end)`),
    ...PRICE_BUCKETS.map((bucket) =>
      bucket.max === null
        ? sql`sum(case when price >= ${sql.lit(bucket.min)} then 1 else 0 end)`
        : sql`sum(case when price between ${sql.lit(bucket.min)} and ${sql.lit(bucket.max)} then 1 else 0 end)`,
    ),
    sql`sum(on_offer)`,
    ...LABEL_FACETS.map(
      ({ mask, want }) => sql`sum(case when (label_flags & ${sql.lit(mask)}) = ${sql.lit(want)} then 1 else 0 end)`,
    ),
  ];
  const offset = (query.page - 1) * query.pageSize;
  const result = await sql<{ f: string; v: number | string | null; n: number | string | null; s: string | null }>`
    with ${found.ctes},
    m as materialized (${matched} ${stocked ? overrideJoin(ctx, id) : sql``}),
    best as materialized (select * from m order by score, k limit ${sql.lit(MATCH_CAP)})
    select 'n' as f, cast(null as bigint) as v, count(*) as n, cast(null as text) as s from m
    union all select 's', null, null, ${sql.join(sums, sql` || ',' || `)} from best
    union all select 'a', aisle_id, count(*), null from best where aisle_id is not null group by aisle_id
    union all select * from (select 'b' as f, brand_id as v, count(*) as n, cast(null as text) as s from best
      group by brand_id order by n desc, brand_id limit 12) top_brands
    union all select * from (select 'r' as f, id as v, cast(null as bigint) as n, cast(null as text) as s from best
      order by ${order[query.sort]} limit ${sql.lit(query.pageSize)} offset ${sql.lit(offset)}) page`.execute(
    database().db,
  );
  const rows = result.rows;
  const total = Number(rows.find((row) => row.f === 'n')?.n ?? 0);
  const counts = String(rows.find((row) => row.f === 's')?.s ?? '')
    .split(',')
    .map((n) => Number(n) || 0);
  const pairs = (f: string) =>
    rows.filter((row) => row.f === f).map((row) => ({ id: Number(row.v), count: Number(row.n) }));
  return {
    pageIds: rows.filter((row) => row.f === 'r').map((row) => Number(row.v)),
    facets: {
      total,
      aisles: query.kind === 'grocery' ? pairs('a') : [],
      brands: pairs('b'),
      diets: DIETARY_TAGS.map((tag, i) => ({ id: tag.id, count: counts[i] ?? 0 })),
      prices: PRICE_BUCKETS.map((bucket, i) => ({ id: bucket.id, count: counts[DIETARY_TAGS.length + i] ?? 0 })),
      onOffer: counts[DIETARY_TAGS.length + PRICE_BUCKETS.length] ?? 0,
      ...labelFacets((i) => counts[DIETARY_TAGS.length + PRICE_BUCKETS.length + 1 + i] ?? 0),
    },
  };
}

/**
 * One count per "free from" allergen, then per nutrient claim, then SNAP eligibility: the condition each counts
 * (label-flags.ts).
 */
const LABEL_FACETS = [
  ...ALLERGENS.map((allergen) => labelCondition([allergen.id], [])),
  ...NUTRITION_CLAIMS.map((claim) => labelCondition([], [claim.id])),
  labelCondition([], [], true),
];

function labelFacets(count: (i: number) => number): Pick<Facets, 'freeFrom' | 'claims' | 'snap'> {
  return {
    freeFrom: ALLERGENS.map((allergen, i) => ({ id: allergen.id, count: count(i) })),
    claims: NUTRITION_CLAIMS.map((claim, i) => ({ id: claim.id, count: count(ALLERGENS.length + i) })),
    snap: count(ALLERGENS.length + NUTRITION_CLAIMS.length),
  };
}

/**
 * SQLite: the best MATCH_CAP + 1 matches with their facts as one JSON array, counted
 * and sorted in JavaScript by pageOf. SQLite's own counting (five passes over a materialised,
 * sorted copy of the matches) cost twice what finding the matches and reading their facts did, and
 * one JSON value crosses into JavaScript far cheaper than a thousand row objects. Price and on-offer
 * stay in SQL (the same expressions the tier filters use); a row is
 * [score, key without its id (popularity order), id, aisle, brand, tag bits, price, on offer, size].
 */
async function sqliteFactsPage(
  ctx: PriceContext,
  query: ProductQuery,
  found: { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> },
  price: RawBuilder<number>,
  stocked: boolean,
): Promise<CountedPage> {
  const id = sql`t.k % ${sql.lit(ID_SPAN)}`;
  const result = await sql<{ rows: string }>`with ${found.ctes}
    select json_group_array(json_array(t.score, t.k / ${sql.lit(ID_SPAN)}, ${id}, p.aisle_id, p.brand_id, p.tags,
        ${price}, ${factOnOffer(ctx, id)}, p.size_oz, ${labelFlagsOf(id)})) as rows
    from (${found.union}) t join product_search_facts p on p.k = t.k ${stocked ? overrideJoin(ctx, id) : sql``}`.execute(
    database().db,
  );
  type Match = [number, number, number, number | null, number, number, number, number, number, number];
  const matches = JSON.parse(result.rows[0]?.rows ?? '[]') as Match[];
  // Best match first: tier, then the search key (popularity, then id).
  matches.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const rows = matches
    .slice(0, MATCH_CAP)
    .map(([, , productId, aisleId, brandId, tags, cents, onOffer, size, labelFlags], i): FactRow => ({
      id: productId,
      aisleId,
      brandId,
      tags,
      price: cents,
      onOffer: onOffer === 1,
      pos: i + 1,
      // coalesce(price / nullif(size, 0), 1e12), as the other dialect computes it.
      unitPrice: size ? cents / size : 1e12,
      labelFlags,
    }));
  return countPage(query, rows, matches.length);
}

const DIET_BITS = DIETARY_TAGS.map((tag) => tagBit(tag.id));

/** The ids of a page, in order, and the facet counts over the best matches (at most MATCH_CAP rows). */
function countPage(query: ProductQuery, rows: FactRow[], total: number): CountedPage {
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const order: Record<SortId, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
    relevance: (a, b) => a.pos - b.pos,
    'price-asc': (a, b) => a.price - b.price || byId(a, b),
    'price-desc': (a, b) => b.price - a.price || byId(a, b),
    'unit-price': (a, b) => a.unitPrice - b.unitPrice || byId(a, b),
  };
  const offset = (query.page - 1) * query.pageSize;
  const pageIds = [...rows]
    .sort(order[query.sort])
    .slice(offset, offset + query.pageSize)
    .map((row) => row.id);
  // One pass over the (at most MATCH_CAP) rows counts every facet.
  const brandCounts = new Map<number, number>();
  const aisleCounts = new Map<number, number>();
  const dietCounts = DIETARY_TAGS.map(() => 0);
  const priceCounts = PRICE_BUCKETS.map(() => 0);
  let onOffer = 0;
  const labelCounts = LABEL_FACETS.map(() => 0);
  const countAisles = query.kind === 'grocery';
  for (const row of rows) {
    brandCounts.set(row.brandId, (brandCounts.get(row.brandId) ?? 0) + 1);
    if (countAisles && row.aisleId !== null) aisleCounts.set(row.aisleId, (aisleCounts.get(row.aisleId) ?? 0) + 1);
    for (let i = 0; i < DIET_BITS.length; i++) if (row.tags & DIET_BITS[i]!) dietCounts[i]!++;
    for (let i = 0; i < PRICE_BUCKETS.length; i++) {
      const bucket = PRICE_BUCKETS[i]!;
      if (row.price >= bucket.min && (bucket.max === null || row.price <= bucket.max)) priceCounts[i]!++;
    }
    if (row.onOffer) onOffer++;
    if (row.labelFlags)
      for (let i = 0; i < LABEL_FACETS.length; i++) {
        const { mask, want } = LABEL_FACETS[i]!;
        if ((row.labelFlags & mask) === want) labelCounts[i]!++;
      }
  }
  const brands = [...brandCounts]
    .sort(([a, n], [b, m]) => m - n || a - b)
    .slice(0, 12)
    .map(([id, count]) => ({ id, count }));
  return {
    pageIds,
    facets: {
      total,
      // In id order, as a GROUP BY lists them.
      aisles: [...aisleCounts].sort(([a], [b]) => a - b).map(([id, count]) => ({ id, count })),
      brands,
      diets: DIETARY_TAGS.map((tag, i) => ({ id: tag.id, count: dietCounts[i]! })),
      prices: PRICE_BUCKETS.map((bucket, i) => ({ id: bucket.id, count: priceCounts[i]! })),
      onOffer,
      ...labelFacets((i) => labelCounts[i]!),
    },
  };
}

/** Facet counts only (wine shop and marketplace listings reuse the price buckets). */
export async function productFacets(ctx: PriceContext, query: ProductQuery): Promise<Facets> {
  return (await productPage(ctx, { ...query, page: 1, pageSize: 0 })).facets;
}

/** Matches per value of a wine detail or per seller (wine shop and marketplace facets). */
export async function groupCounts(
  ctx: PriceContext,
  query: ProductQuery,
  by: 'varietal' | 'region' | 'seller',
): Promise<{ value: string | number; count: number }[]> {
  const where = filterConditions(ctx, query);
  const result =
    by === 'seller'
      ? await sql<{ value: number; n: number | string }>`select p.seller_id as value, count(*) as n
          ${source(ctx, query)} ${where} and p.seller_id is not null group by p.seller_id`.execute(database().db)
      : await sql<{ value: string; n: number | string }>`select w.${sql.raw(by)} as value, count(*) as n
          ${source(ctx, query, false, true)} ${where}
          group by w.${sql.raw(by)}`.execute(database().db);
  return result.rows.map((row) => ({ value: row.value, count: Number(row.n) }));
}

/** Only the number of matches (tab labels, sections), up to MATCH_CAP + 1 ("more than MATCH_CAP"). */
export async function countProducts(ctx: PriceContext, query: ProductQuery): Promise<number> {
  const result = await sql<{ total: number | string }>`select count(*) as total from (select 1 as one
    ${source(ctx, query)} ${filterConditions(ctx, query)} limit ${MATCH_CAP + 1}) capped`.execute(database().db);
  return Number(result.rows[0]?.total ?? 0);
}

/** Whether anything matches: one row at most (deciding whether a relaxed query finds products). */
export async function hasProducts(ctx: PriceContext, query: ProductQuery): Promise<boolean> {
  const result = await sql<{ one: number }>`select 1 as one ${source(ctx, query)} ${filterConditions(ctx, query)}
    limit 1`.execute(database().db);
  return result.rows.length > 0;
}
