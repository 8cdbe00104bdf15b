import type { ProductKind } from '~/db/schema';
import { DIETARY_TAGS, type DietaryTagId } from './search-options';

/**
 * SQLite's product_search rows are keyed by a search key rather than the product id
 * (docs/decisions/0020-search-latency.md). FTS5 returns matches in rowid order, so with
 *   key = kind * KIND_SPAN + (MAX_POPULARITY - popularity) * ID_SPAN + id
 * one kind's matches are one rowid range (cheaper than a kind term in the expression), come most
 * popular first, then by id (the tie-break of every listing), and a query for the best N can stop
 * after N matches. id = key % ID_SPAN. Popularity is clamped to 0…MAX_POPULARITY.
 */
export const ID_SPAN = 2 ** 31; // product ids are below it (checked at index time)
export const MAX_POPULARITY = 2 ** 30 - 1;
export const KIND_SPAN = 2n ** 61n;
export const KIND_ORDER: Record<ProductKind, number> = { grocery: 0, wine: 1, marketplace: 2 };

/** The key in SQLite SQL, over a products row aliased `p`. */
export const SEARCH_KEY_SQL = `(case p.kind when 'wine' then 1 when 'marketplace' then 2 else 0 end) * ${KIND_SPAN}
  + (${MAX_POPULARITY} - min(max(p.popularity, 0), ${MAX_POPULARITY})) * ${ID_SPAN} + p.id`;

/** PostgreSQL's rank_key (the same order without the kind, which is a column there), over `p`. */
export const PG_RANK_KEY_SQL = `(${MAX_POPULARITY} - least(greatest(p.popularity, 0), ${MAX_POPULARITY}))::bigint * ${ID_SPAN} + p.id`;

/**
 * The filter tokens of a product in SQLite SQL, over `p` (the FTS5 `facets` column): b<brand id>,
 * a<aisle id>, s<seller id>, d<dietary tag without hyphens>, and each tag once more within the aisle,
 * a<aisle id>d<tag>; ",gluten-free,vegan," in aisle 40 gives " dglutenfree dvegan a40dglutenfree a40dvegan".
 * A tag's own doclist is long (most products carry some tag), so a walk scoped to a few aisles (aisle
 * intent, docs/decisions/0121-aisle-scoped-tag-tokens.md) asks for the aisle's tokens instead.
 */
export const FACETS_SQL = `'b' || p.brand_id || coalesce(' a' || p.aisle_id, '') || coalesce(' s' || p.seller_id, '')
  || replace(replace(substr(p.dietary_tags, 1, length(p.dietary_tags) - 1), '-', ''), ',', ' d')
  || coalesce(replace(replace(substr(p.dietary_tags, 1, length(p.dietary_tags) - 1), '-', ''), ',', ' a' || p.aisle_id || 'd'), '')`;

/** The facets-column tokens a filter value is indexed as (FACETS_SQL). */
export const facetToken = {
  brand: (id: number) => `b${Math.trunc(id)}`,
  aisle: (id: number) => `a${Math.trunc(id)}`,
  seller: (id: number) => `s${Math.trunc(id)}`,
  diet: (tag: string) => `d${tag.replace(/[^a-z0-9]/g, '')}`,
  /** A dietary tag's token within one aisle (a diet token, `diet(tag)`, prefixed by the aisle's). */
  aisleDiet: (aisleId: number, dietToken: string) => `a${Math.trunc(aisleId)}${dietToken}`,
};

/** The rowids of one kind: lower bound included, upper bound excluded (as SQL integer literals). */
export function kindRange(kind: ProductKind): [string, string] {
  const order = BigInt(KIND_ORDER[kind]);
  return [String(order * KIND_SPAN), String((order + 1n) * KIND_SPAN)];
}

/** The key of a product (tests and tools). */
export function searchKey(kind: ProductKind, popularity: number, id: number): bigint {
  if (!Number.isInteger(id) || id < 0 || id >= ID_SPAN) throw new RangeError(`Product id ${id} cannot be indexed`);
  const clamped = Math.min(Math.max(Math.trunc(popularity), 0), MAX_POPULARITY);
  return BigInt(KIND_ORDER[kind]) * KIND_SPAN + BigInt(MAX_POPULARITY - clamped) * BigInt(ID_SPAN) + BigInt(id);
}

export function productIdOfKey(key: bigint | number): number {
  return Number(BigInt(key) % BigInt(ID_SPAN));
}

/** Ounces, fluid ounces or items in a product's size, over `p`: unit prices are per these. */
export const SIZE_DIVISOR_SQL = `case p.size_unit when 'lb' then 16 when 'gal' then 128 when 'qt' then 32
  when 'l' then 33.814 when 'ml' then 0.033814 else 1 end`;

/** A product's dietary tags as bits (bit i: DIETARY_TAGS[i]) in SQLite SQL, over `p`. */
export const TAG_BITS_SQL = DIETARY_TAGS.map((tag, i) => `(instr(p.dietary_tags, ',${tag.id},') > 0) * ${2 ** i}`).join(
  ' + ',
);

/** The same bits in PostgreSQL SQL, over `p` (product_search.tags). */
export const PG_TAG_BITS_SQL = DIETARY_TAGS.map(
  (tag, i) => `(case when position(',${tag.id},' in p.dietary_tags) > 0 then ${2 ** i} else 0 end)`,
).join(' + ');

/**
 * PostgreSQL's facet lexemes of a product, over `p`, as a tsvector added to each of its vectors
 *: the facets-column tokens with an `@` no query word can spell (words are runs of
 * [a-z0-9], query.ts), so they only ever match a facet filter.
 */
export const PG_FACETS_SQL = `array_to_tsvector(array_remove(array['@b' || p.brand_id, '@a' || p.aisle_id,
    '@s' || p.seller_id], null) || array(select '@d' || replace(t, '-', '')
      from unnest(string_to_array(trim(both ',' from p.dietary_tags), ',')) t where t <> ''))`;

/**
 * PostgreSQL's rank bands: the most popular 10 % and 40 % of each kind's products
 * (by rank key) carry the lexemes @r1 / @r2 in name_doc and document. A first tier asks the bands
 * first: when a band holds `limit` matches, those are the best `limit` of all matches (every band
 * product outranks every product outside it), and only the band's matches were read from the heap.
 */
export const RANK_BANDS = [
  { lexeme: '@r1', share: 0.1 },
  { lexeme: '@r2', share: 0.4 },
] as const;

/** The rank-band lexemes of a row at position `pos` (from 1) among the `n_of_kind` of its kind, as a tsvector. */
export const PG_RANK_BANDS_SQL = `array_to_tsvector(array_remove(array[${RANK_BANDS.map(
  (band) => `case when pos <= n_of_kind * ${band.share} then '${band.lexeme}' end`,
).join(', ')}], null::text))`;

/** The bit of a dietary tag in TAG_BITS_SQL. */
export function tagBit(tag: DietaryTagId): number {
  return 2 ** DIETARY_TAGS.findIndex((t) => t.id === tag);
}
