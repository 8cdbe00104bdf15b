import { sql, type RawBuilder } from 'kysely';
import { database } from '~/db/db.server';
import type { ProductKind, StockStatus } from '~/db/schema';
import { BUSINESS_TIER_DISCOUNT_BP, storePriceCents, unitPriceLabel, type PriceTier } from '~/modules/catalog/pricing';
import type { ProductCard } from '~/modules/catalog/product-cards.server';
import { brandsByIds, type BrandInfo } from '~/modules/catalog/taxonomy.server';
import type { Store } from '~/modules/stores/stores.server';
import { DIETARY_TAGS, MATCH_CAP, PRICE_BUCKETS, type DietaryTagId, type PriceBucketId, type SortId } from './query';
import { facetToken, ID_SPAN, kindRange, RANK_BANDS, SIZE_DIVISOR_SQL, tagBit } from './search-key';

/**
 * Product search and listings over one table of products, for both dialects: a full-text match
 * (FTS5 on SQLite, a GIN-indexed tsvector on PostgreSQL) narrowed by filters, priced for the
 * shopper's store in SQL (the same integer rounding as pricing.ts), sorted and paged, with facet
 * counts over the same filtered set. A page looks at no more than the best MATCH_CAP + 1 matches
 * (docs/decisions/0020-search-latency.md): a broad word costs what a narrow one does.
 */

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

export interface ProductFilters {
  aisleIds?: number[];
  brandId?: number;
  sellerId?: number;
  diet?: DietaryTagId;
  price?: PriceBucketId;
  onOffer?: boolean;
  varietal?: string;
  region?: string;
}

export interface ProductQuery {
  kind: ProductKind;
  /** Words to match (already corrected); none lists every product the filters allow. */
  tokens: string[];
  /** Treat the last word as a prefix (search as you type). */
  prefix?: boolean;
  filters: ProductFilters;
  sort: SortId;
  page: number;
  pageSize: number;
}

export interface ProductHit extends ProductCard {
  kind: ProductKind;
}

export interface Facets {
  total: number;
  aisles: { id: number; count: number }[];
  brands: { id: number; count: number }[];
  diets: { id: DietaryTagId; count: number }[];
  prices: { id: PriceBucketId; count: number }[];
  onOffer: number;
}

/**
 * Relevance is a tier, the same on both dialects (docs/decisions/0008-search.md): 0 when every word
 * is in the name, 1 when every word is in the name, brand or aisle, 2 when a word is only in the
 * description; popularity orders each tier. On SQLite each tier is its own walk of the index in
 * search-key order, so the best N of a tier cost N matches, not all of them.
 */
const TIER_COLUMNS = [['name'], ['name', 'brand', 'aisle']] as const;

function ftsTerms(tokens: string[], prefix: boolean): string {
  const last = tokens.length - 1;
  // Tokens are runs of [a-z0-9] (query.ts), so quoting them is all the escaping FTS5 needs.
  return tokens.map((token, i) => `"${token}"${prefix && i === last ? '*' : ''}`).join(' AND ');
}

function inColumns(columns: readonly string[], terms: string): string {
  return `{${columns.join(' ')}} : (${terms})`;
}

const ALL_COLUMNS = ['name', 'brand', 'aisle', 'description'] as const;

function tsQuery(tokens: string[], prefix: boolean, weights = ''): string {
  const last = tokens.length - 1;
  return tokens
    .map((token, i) => {
      const star = prefix && i === last ? '*' : '';
      return star || weights ? `${token}:${star}${weights}` : token;
    })
    .join(' & ');
}

/** SQLite: the rowids (search keys) of one kind of product, a range the FTS5 scan is bounded by. */
function inKind(kind: ProductKind, rowid = sql`rowid`): RawBuilder<unknown> {
  const [lo, hi] = kindRange(kind);
  return sql`${rowid} >= ${sql.raw(lo)} and ${rowid} < ${sql.raw(hi)}`;
}

/** `select id` of the products matching the words. */
function matches(tokens: string[], kind: ProductKind, prefix: boolean): RawBuilder<unknown> {
  if (database().dialect === 'sqlite') {
    const all = inColumns(ALL_COLUMNS, ftsTerms(tokens, prefix));
    return sql`select rowid % ${sql.lit(ID_SPAN)} as id from product_search
      where product_search match ${all} and ${inKind(kind)}`;
  }
  return sql`select ps.product_id as id from product_search ps
    where ps.document @@ to_tsquery('english', ${tsQuery(tokens, prefix)}) and ps.kind = ${kind}`;
}

/** The price at the store, in SQL, rounded exactly like storePriceCents (integer arithmetic). */
function priceExpression(ctx: PriceContext, kind: ProductKind): RawBuilder<number> {
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
function onOfferExpression(ctx: PriceContext): RawBuilder<boolean> {
  return sql<boolean>`p.id in ${offeredNow(ctx)}`;
}

/**
 * The same over a facts row `p` (product_search_facts on SQLite, product_search on PostgreSQL) of
 * product `id`, as 1 or 0. SQLite probes the offers of a product only when its `offered` flag says
 * it is in some offer (decision 0032: a few percent of the matches, instead of building the
 * banner's offered set for every statement); PostgreSQL probes its hashed set.
 */
function factOnOffer(ctx: PriceContext, id: RawBuilder<unknown>): RawBuilder<number> {
  if (database().dialect === 'sqlite') {
    // CROSS JOIN keeps offer_products outermost (looked up by product): otherwise SQLite walks the
    // banner's current offers for every probe, ten times slower than the set it replaces.
    return sql<number>`case when p.offered = 1 then exists (select 1 from offer_products op
        cross join offers x on x.id = op.offer_id where op.product_id = ${id} and x.banner_id = ${ctx.bannerId}
        and x.starts_at <= ${ctx.now} and x.ends_at > ${ctx.now}) else 0 end`;
  }
  return sql<number>`case when ${id} in ${offeredNow(ctx)} then 1 else 0 end`;
}

/**
 * Filter conditions over a facts row `p` of product `id` (and `o`, its store override, joined when
 * the price is filtered): what the tiers of both dialects filter their matches on without reading
 * product rows. Aisle, brand, seller and diet are facet terms of the index on SQLite, not these.
 */
function factConditions(ctx: PriceContext, query: ProductQuery, id: RawBuilder<unknown>): RawBuilder<unknown> {
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
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The store override of product `id` (price and stock), joined when the price is filtered or read. */
function overrideJoin(ctx: PriceContext, id: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = ${id}`;
}

function source(ctx: PriceContext, query: ProductQuery, withBrand = false, withWine = false): RawBuilder<unknown> {
  const joins = sql`${withBrand ? sql`join brands b on b.id = p.brand_id` : sql``}
    ${withWine ? sql`join wine_details w on w.product_id = p.id` : sql``}
    left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = p.id`;
  if (query.tokens.length === 0) {
    return sql`from products p ${joins} where p.kind = ${query.kind}`;
  }
  return sql`from (${matches(query.tokens, query.kind, query.prefix ?? false)}) m
    join products p on p.id = m.id ${joins} where 1 = 1`;
}

function filterConditions(ctx: PriceContext, query: ProductQuery, skip?: keyof ProductFilters): RawBuilder<unknown> {
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
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** Price per ounce, fluid ounce or each; sizes without a quantity sort last on both dialects. */
function unitPrice(price: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`coalesce(cast(${price} as double precision) / nullif(p.size_quantity * ${UNIT_DIVISOR}, 0), 1e12)`;
}

function orderBy(ctx: PriceContext, query: ProductQuery): RawBuilder<unknown> {
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

interface HitRow {
  id: number;
  kind: ProductKind;
  name: string;
  brand: string;
  size_label: string;
  size_quantity: number;
  size_unit: string;
  image_key: string;
  base_price_cents: number;
  attended_delivery_only: number;
  override_price: number | null;
  stock_status: StockStatus | null;
}

export function toProductHit(row: HitRow, ctx: PriceContext): ProductHit {
  const stocked = row.kind === 'grocery' && ctx.storeId !== null;
  const priceCents = stocked
    ? storePriceCents(row.base_price_cents, ctx.priceFactorBp, row.override_price, ctx.priceTier)
    : row.base_price_cents;
  return {
    ...(stocked && ctx.priceTier === 'business' ? { businessPrice: true as const } : {}),
    id: row.id,
    kind: row.kind,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    priceCents,
    unitPrice: unitPriceLabel(priceCents, Number(row.size_quantity), row.size_unit),
    stock: row.stock_status ?? 'in_stock',
    attendedDeliveryOnly: Number(row.attended_delivery_only) === 1,
  };
}

const hasFilters = (filters: ProductFilters) =>
  Object.values(filters).some((value) => value !== undefined && value !== false);

/** The columns of a PostgreSQL tier row besides (id, k, score): the facts of the match (decision 0032). */
const PG_FACT_COLUMNS = sql`p.aisle_id, p.brand_id, p.seller_id, p.tags, p.base_price_cents, p.size_oz`;

/**
 * Common table expressions ending in `c(id, score, pos)`: the best `limit` products for the query's
 * words and filters, in best-match order (tier, then popularity, then id; pos counts from 1).
 * SQLite walks each tier's FTS5 matches in search-key order (search-key.ts) and stops once `limit`
 * are found, so the work is bounded by `limit`, not by how many products match; PostgreSQL reads
 * the GIN matches and keeps the top `limit` with a bounded sort.
 */
function candidates(ctx: PriceContext, query: ProductQuery, limit: number): RawBuilder<unknown> {
  const found = tiers(ctx, query, limit);
  if (!found) {
    const { kind } = query;
    return sql`c as materialized (select id, 0 as score, row_number() over (order by popularity desc, id) as pos
      from (select p.id, p.popularity from products p ${overrideJoin(ctx, sql`p.id`)} where p.kind = ${kind}
        ${filterConditions(ctx, query)} order by p.popularity desc, p.id limit ${limit}) best)`;
  }
  const id = database().dialect === 'sqlite' ? sql`k % ${sql.lit(ID_SPAN)}` : sql`id`;
  return sql`${found.ctes},
    c as materialized (select ${id} as id, score, row_number() over (order by score, k) as pos
      from (${found.union}) tiers)`;
}

/** SQLite: the facet terms of the filters (search-key.ts), or none when a filter matches nothing. */
function sqliteFacetTerms(filters: ProductFilters): string[] {
  if (filters.aisleIds !== undefined && filters.aisleIds.length === 0) return [];
  return [
    filters.aisleIds ? filters.aisleIds.map((id) => `"${facetToken.aisle(id)}"`).join(' OR ') : null,
    filters.brandId !== undefined ? `"${facetToken.brand(filters.brandId)}"` : null,
    filters.sellerId !== undefined ? `"${facetToken.seller(filters.sellerId)}"` : null,
    filters.diet ? `"${facetToken.diet(filters.diet)}"` : null,
  ].filter((term): term is string => term !== null);
}

/**
 * Common table expressions t0, t1, t2 — the best `limit` matches of the query in best-match order,
 * one relevance tier each — and the union of them, when the query has words (or, on SQLite, facet
 * filters; null otherwise: a plain listing reads the products table). Rows are `(k, score)` on
 * SQLite (k: the search key) and `(id, k, score, facts…)` on PostgreSQL (k: the rank key).
 *
 * Filters a tier cannot put in the index are checked on the match's facts (decision 0032), never
 * its product row: product_search_facts on SQLite (joined by key in key order), the GIN-matched
 * product_search row itself on PostgreSQL.
 */
function tiers(
  ctx: PriceContext,
  query: ProductQuery,
  limit: number,
  /** The prefix of the CTE names (two tier sets can share a statement). */
  name = 't',
): { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> } | null {
  return database().dialect === 'sqlite'
    ? sqliteTiers(ctx, query, limit, name)
    : postgresTiers(ctx, query, limit, name);
}

/** PostgreSQL: the facet lexemes of the filters as a tsquery (PG_FACETS_SQL), or null. */
function postgresFacetQuery(filters: ProductFilters): string | null {
  const lexeme = (token: string) => `'@${token}'`;
  const parts = [
    filters.aisleIds?.length ? `(${filters.aisleIds.map((id) => lexeme(facetToken.aisle(id))).join(' | ')})` : null,
    filters.brandId !== undefined ? lexeme(facetToken.brand(filters.brandId)) : null,
    filters.sellerId !== undefined ? lexeme(facetToken.seller(filters.sellerId)) : null,
    filters.diet ? lexeme(facetToken.diet(filters.diet)) : null,
  ].filter((part): part is string => part !== null);
  return filters.aisleIds?.length === 0 || parts.length === 0 ? null : parts.join(' & ');
}

/**
 * Filters the index cannot answer, checked on each match's facts: price, offer and wine details
 * (an empty aisle list matches nothing). The same on both dialects.
 */
function factFilters(filters: ProductFilters): ProductFilters {
  return filters.aisleIds?.length === 0
    ? { aisleIds: [] }
    : { price: filters.price, onOffer: filters.onOffer, varietal: filters.varietal, region: filters.region };
}

function postgresTiers(
  ctx: PriceContext,
  query: ProductQuery,
  limit: number,
  /** The prefix of the CTE names (two tier sets can share a statement). */
  name = 't',
): { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> } | null {
  const { tokens, kind, filters } = query;
  const facets = postgresFacetQuery(filters);
  if (tokens.length === 0 && facets === null) return null;
  // The same tiers as SQLite, one GIN index each; each keeps the best of its matches by rank key.
  // Facet filters are lexemes of the vectors, so the GIN match applies them; without words every
  // listed product is tier 0.
  const words = tokens.length ? sql`to_tsquery('english', ${tsQuery(tokens, query.prefix ?? false)})` : null;
  const facetQuery = facets === null ? null : sql`cast(${facets} as tsquery)`;
  const match = words && facetQuery ? sql`(${words} && ${facetQuery})` : (words ?? facetQuery)!;
  const vectors = words ? (['name_doc', 'near_doc', 'document'] as const) : (['document'] as const);
  const rowFilters = factFilters(filters);
  const conditions = factConditions(ctx, { ...query, filters: rowFilters }, sql`p.product_id`);
  const overrides = rowFilters.price ? overrideJoin(ctx, sql`p.product_id`) : sql``;
  const select = (
    cte: string,
    vector: string,
    score: number,
    room: RawBuilder<unknown>,
    extra: { band?: string; when?: RawBuilder<unknown> } = {},
  ) => {
    const better = Array.from({ length: score }, (_, i) => sql`select id from ${sql.table(`${name}${i}`)}`);
    const banded = extra.band ? sql`(${match} && cast(${`'${extra.band}'`} as tsquery))` : match;
    return sql`${sql.table(cte)} as materialized (select p.product_id as id, p.rank_key as k,
        ${sql.lit(score)} as score, ${PG_FACT_COLUMNS} from product_search p ${overrides}
      where ${extra.when ?? sql`true`} and p.${sql.ref(vector)} @@ ${banded} and p.kind = ${sql.lit(kind)}
        ${better.length ? sql`and p.product_id not in (${sql.join(better, sql` union all `)})` : sql``}
        ${conditions}
      order by p.rank_key limit ${room})`;
  };
  const count = (cte: string) => sql`(select count(*) from ${sql.table(cte)})`;
  // Tier 0 asks the rank bands first (search-key.ts): a band holding `limit` matches holds the
  // best `limit`, and only its matches were read; each wider try runs only when the narrower fell
  // short (an uncorrelated condition, which PostgreSQL checks once before the scan).
  const full = sql`(${limit})`;
  const short = (names: string[]) =>
    sql.join(
      names.map((cte) => sql`${count(cte)} < ${full}`),
      sql` and `,
    );
  const bandNames = RANK_BANDS.map((_, i) => `${name}0_${i + 1}`);
  const tier0 = [
    ...RANK_BANDS.map((band, i) =>
      select(bandNames[i]!, vectors[0], 0, full, {
        band: band.lexeme,
        when: i ? short(bandNames.slice(0, i)) : undefined,
      }),
    ),
    select(`${name}0_all`, vectors[0], 0, full, { when: short(bandNames) }),
    sql`${sql.table(`${name}0`)} as materialized (${sql.join(
      [
        ...bandNames.map((cte) => sql`select * from ${sql.table(cte)} where ${count(cte)} >= ${full}`),
        sql`select * from ${sql.table(`${name}0_all`)}`,
      ],
      sql` union all `,
    )})`,
  ];
  // Each later tier only fills what the better tiers left: a broad word is done after tier 0.
  const later = vectors.slice(1).map((vector, i) => {
    const score = i + 1;
    const taken = Array.from({ length: score }, (_, j) => sql` - ${count(`${name}${j}`)}`);
    return select(`${name}${score}`, vector, score, sql`(${limit}${sql.join(taken, sql``)})`);
  });
  const ctes = [...tier0, ...later];
  return {
    ctes: sql.join(ctes, sql`, `),
    union: sql.join(
      vectors.map((_, score) => sql`select * from ${sql.table(`${name}${score}`)}`),
      sql` union all `,
    ),
  };
}

function sqliteTiers(
  ctx: PriceContext,
  query: ProductQuery,
  limit: number,
  /** The prefix of the CTE names (two tier sets can share a statement). */
  name = 't',
): { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> } | null {
  const { tokens, kind, filters } = query;
  const facetTerms = sqliteFacetTerms(filters);
  if (tokens.length === 0 && facetTerms.length === 0) return null;
  // Aisle, brand, seller and diet filters are facet terms of the index (search-key.ts), so they
  // narrow the walk itself; price, offer and wine details are checked on the match's facts.
  const rowFilters = factFilters(filters);
  const prefix = query.prefix ?? false;
  const facetScope = facetTerms.map((term) => `{facets} : (${term})`);
  const expression = (words: string | null) => [...(words ? [words] : []), ...facetScope].join(' AND ');
  const terms = tokens.length ? ftsTerms(tokens, prefix) : null;
  // Without words every listed product is tier 0.
  const tierWords = terms
    ? [inColumns(TIER_COLUMNS[0], terms), inColumns(TIER_COLUMNS[1], terms), inColumns(ALL_COLUMNS, terms)]
    : [null];
  const withFacts = hasFilters(rowFilters);
  const id = sql`s.rowid % ${sql.lit(ID_SPAN)}`;
  const conditions = factConditions(ctx, { ...query, filters: rowFilters }, id);
  // Tier n walks its matches in key order, skipping the rows of better tiers (a NOT IN probe of
  // at most `limit` keys is cheaper than an FTS5 NOT, which walks both sides).
  const tier = (score: number, room: RawBuilder<unknown>) => {
    const better = Array.from({ length: score }, (_, i) => `${name}${i}`);
    const skip = better.length
      ? sql` and s.rowid not in (${sql.join(
          better.map((t) => sql`select k from ${sql.table(t)}`),
          sql` union all `,
        )})`
      : sql``;
    const facts = withFacts
      ? // CROSS JOIN keeps the index outermost, so its rowid order stands and LIMIT stops the walk.
        sql`cross join product_search_facts p ${rowFilters.price ? overrideJoin(ctx, id) : sql``}`
      : sql``;
    const joined = withFacts ? sql` and p.k = s.rowid ${conditions}` : sql``;
    return sql`select s.rowid as k, ${sql.lit(score)} as score from product_search s ${facts}
      where s.product_search match ${expression(tierWords[score]!)} and ${inKind(kind, sql`s.rowid`)}${skip}${joined}
      order by s.rowid limit ${room}`;
  };
  // Every tier's matches match the widest tier's expression too: when that has none (words no
  // product holds together), no tier walks the index — a LIMIT of 0 skips the scan — instead of each
  // walking both words' doclists to the end (decision 0037). Otherwise the check stops at the first match.
  const widest = tierWords.length - 1;
  const gate = sql.table(`${name}any`);
  const gated = widest > 0;
  const open = gated ? sql` * (select n from ${gate})` : sql``;
  // Each tier only fills what the better tiers left: a broad word is done after tier 0.
  const ctes = tierWords.map((_, score) => {
    const taken = Array.from({ length: score }, (_, i) => sql` - (select count(*) from ${sql.table(`${name}${i}`)})`);
    return sql`${sql.table(`${name}${score}`)} as materialized (${tier(score, sql`((${limit}${sql.join(taken, sql``)})${open})`)})`;
  });
  if (gated) {
    ctes.unshift(sql`${gate} as materialized (select count(*) as n from (select 1 from product_search s
      where s.product_search match ${expression(tierWords[widest]!)} and ${inKind(kind, sql`s.rowid`)} limit 1) first)`);
  }
  const union = sql.join(
    tierWords.map((_, score) => sql`select * from ${sql.table(`${name}${score}`)}`),
    sql` union all `,
  );
  return { ctes: sql.join(ctes, sql`, `), union };
}

/** One page of products. */
export async function findProducts(ctx: PriceContext, query: ProductQuery): Promise<ProductHit[]> {
  const offset = (query.page - 1) * query.pageSize;
  if (query.sort === 'relevance') {
    // The best offset + pageSize matches: the engine stops there however broad the words are.
    const rows = await sql<{ id: number; pos: number }>`with ${candidates(ctx, query, offset + query.pageSize)}
      select id, pos from c where pos > ${offset}`.execute(database().db);
    const positions = new Map(rows.rows.map((row) => [Number(row.id), Number(row.pos)]));
    return (await productsByIds(ctx, [...positions.keys()])).sort(
      (a, b) => positions.get(a.id)! - positions.get(b.id)!,
    );
  }
  const result = await sql<HitRow>`select p.id, p.kind, p.name, b.name as brand, p.size_label, p.size_quantity,
      p.size_unit, p.image_key, p.base_price_cents, p.attended_delivery_only,
      o.price_cents as override_price, o.stock_status
    ${source(ctx, query, true)} ${filterConditions(ctx, query)}
    order by ${orderBy(ctx, query)}
    limit ${query.pageSize} offset ${offset}`
    .execute(database().db)
    .then((r) => r.rows);
  return result.map((row) => toProductHit(row, ctx));
}

/**
 * The best `pageSize` matches of several word queries (page 1, best match first) in one statement:
 * each query's tiers under its own CTE names, and the product rows joined in the same statement.
 * The search page's wine and marketplace carousels took four statements this way takes as one
 * (decision 0037). Queries without words fall back to findProducts.
 */
export async function bestMatchesOfEach(ctx: PriceContext, queries: ProductQuery[]): Promise<ProductHit[][]> {
  const found = queries.map((query, i) => tiers(ctx, query, query.pageSize, `q${i}t`));
  if (found.some((tier, i) => !tier || queries[i]!.tokens.length === 0 || queries[i]!.page !== 1)) {
    return Promise.all(queries.map((query) => findProducts(ctx, query)));
  }
  const sqlite = database().dialect === 'sqlite';
  const id = sqlite ? sql`k % ${sql.lit(ID_SPAN)}` : sql`id`;
  const best = sql.join(
    found.map(
      (tier, i) => sql`select ${sql.lit(i)} as q, ${id} as id, score, k from (${tier!.union}) ${sql.table(`q${i}`)}`,
    ),
    sql` union all `,
  );
  const result = await sql<HitRow & { q: number; pos: number }>`with ${sql.join(
    found.map((tier) => tier!.ctes),
    sql`, `,
  )},
    c as materialized (select q, id, row_number() over (partition by q order by score, k) as pos from (${best}) best)
    select c.q, c.pos, p.id, p.kind, p.name, b.name as brand, p.size_label, p.size_quantity,
      p.size_unit, p.image_key, p.base_price_cents, p.attended_delivery_only,
      o.price_cents as override_price, o.stock_status
    from c join products p on p.id = c.id join brands b on b.id = p.brand_id
    ${overrideJoin(ctx, sql`p.id`)}`.execute(database().db);
  const rows = [...result.rows].sort((a, b) => Number(a.q) - Number(b.q) || Number(a.pos) - Number(b.pos));
  return queries.map((_, i) => rows.filter((row) => Number(row.q) === i).map((row) => toProductHit(row, ctx)));
}

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
      c.pos, ${unitPrice(price)} as unit_price, (select count(*) from c) as seen
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
    },
  };
}

/**
 * SQLite: the best MATCH_CAP + 1 matches with their facts as one JSON array (decision 0037), counted
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
        ${price}, ${factOnOffer(ctx, id)}, p.size_oz)) as rows
    from (${found.union}) t join product_search_facts p on p.k = t.k ${stocked ? overrideJoin(ctx, id) : sql``}`.execute(
    database().db,
  );
  type Match = [number, number, number, number | null, number, number, number, number, number];
  const matches = JSON.parse(result.rows[0]?.rows ?? '[]') as Match[];
  // Best match first: tier, then the search key (popularity, then id).
  matches.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const rows = matches
    .slice(0, MATCH_CAP)
    .map(([, , productId, aisleId, brandId, tags, cents, onOffer, size], i): FactRow => ({
      id: productId,
      aisleId,
      brandId,
      tags,
      price: cents,
      onOffer: onOffer === 1,
      pos: i + 1,
      // coalesce(price / nullif(size, 0), 1e12), as the other dialect computes it.
      unitPrice: size ? cents / size : 1e12,
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
    },
  };
}

/** Facet counts only (wine shop and marketplace listings reuse the price buckets). */
export async function productFacets(ctx: PriceContext, query: ProductQuery): Promise<Facets> {
  return (await productPage(ctx, { ...query, page: 1, pageSize: 0 })).facets;
}

/** Products by id, priced for the context (a page of hits: primary-key lookups). */
export async function productsByIds(ctx: PriceContext, ids: number[]): Promise<ProductHit[]> {
  if (ids.length === 0) return [];
  const rows = await sql<HitRow>`select p.id, p.kind, p.name, b.name as brand, p.size_label, p.size_quantity,
      p.size_unit, p.image_key, p.base_price_cents, p.attended_delivery_only,
      o.price_cents as override_price, o.stock_status
    from products p join brands b on b.id = p.brand_id
    left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = p.id
    where p.id in (${sql.join(ids)})`.execute(database().db);
  return rows.rows.map((row) => toProductHit(row, ctx));
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
