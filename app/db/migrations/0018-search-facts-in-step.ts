import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * What search filters and counts read of a match sits
 * beside the index on both dialects, and triggers keep it in step with the catalogue:
 *
 * - SQLite: product_search_facts gains `offered` (the product is in some offer of some banner, at any
 *   time): the on-offer test probes the offers of those few matches only. Set by a trigger when a
 *   product joins an offer; never cleared (a stale 1 only costs a probe, the probe decides).
 * - PostgreSQL: product_search gains the facts (aisle, brand, seller, dietary tags as bits, base
 *   price, size in ounces / fluid ounces / each), so a tier filters and counts its GIN matches on
 *   the row it already reads instead of joining every match to its product row; and its three
 *   vectors gain facet lexemes (@a<aisle>, @b<brand>, @s<seller>, @d<tag>, which no query word can
 *   spell), so aisle, brand, seller and diet filters narrow the GIN match itself, as SQLite's
 *   `facets` column does; name_doc and document also gain rank bands (@r1: the most popular 10 % of
 *   a kind, @r2: 40 %), which let a first tier read only its most popular matches when they suffice;
 *   and the rows are stored in shelf order, so one word's matches share heap pages.
 * - Both: a trigger copies a product's price and size (PostgreSQL: also aisle, brand, seller and
 *   tags, facts and lexemes) into its facts when they change.
 *
 * Frozen copies of the statements of the time (search-key.ts) fill an already seeded catalogue.
 */
const SQLITE_KEY = (
  p: string,
) => `(case ${p}.kind when 'wine' then 1 when 'marketplace' then 2 else 0 end) * 2305843009213693952
  + (1073741823 - min(max(${p}.popularity, 0), 1073741823)) * 2147483648 + ${p}.id`;
const SIZE_OZ = (
  p: string,
) => `${p}.size_quantity * case ${p}.size_unit when 'lb' then 16 when 'gal' then 128 when 'qt' then 32
  when 'l' then 33.814 when 'ml' then 0.033814 else 1 end`;
const TAG_BITS = (p: string) =>
  ['organic', 'gluten-free', 'vegan', 'dairy-free', 'kosher', 'low-sodium', 'sugar-free', 'keto']
    .map((tag, i) => `(case when position(',${tag},' in ${p}.dietary_tags) > 0 then ${2 ** i} else 0 end)`)
    .join(' + ');

export function searchFactsInStepSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect === 'sqlite') return sqliteUp(db);
      return postgresUp(db);
    },
  };
}

async function sqliteUp(db: AnyDb) {
  await sql`alter table product_search_facts add column offered integer not null default 0`.execute(db);
  await sql`update product_search_facts set offered = 1
    where k % 2147483648 in (select product_id from offer_products)`.execute(db);
  await sql`create trigger offer_products_search_offered after insert on offer_products begin
      update product_search_facts set offered = 1
        where k = (select ${sql.raw(SQLITE_KEY('p'))} from products p where p.id = new.product_id);
    end`.execute(db);
  await sql`create trigger products_search_price after update of base_price_cents, size_quantity, size_unit
    on products begin
      update product_search_facts set base_price_cents = new.base_price_cents, size_oz = ${sql.raw(SIZE_OZ('new'))}
        where k = ${sql.raw(SQLITE_KEY('old'))};
    end`.execute(db);
}

/** The facet lexemes of a product row, as a tsvector (PostgreSQL). */
const FACET_VECTOR = (p: string) => `array_to_tsvector(array_remove(array['@b' || ${p}.brand_id, '@a' || ${p}.aisle_id,
    '@s' || ${p}.seller_id], null) || array(select '@d' || replace(t, '-', '')
      from unnest(string_to_array(trim(both ',' from ${p}.dietary_tags), ',')) t where t <> ''))`;
/** A vector without its facet lexemes. */
const WITHOUT_FACETS = (vector: string) =>
  `ts_delete(${vector}, array(select lexeme from unnest(${vector}) where lexeme ~ '^@[absd]'))`;
/** Rank bands: @r1 on the most popular 10 % of a kind, @r2 on 40 % (position `pos` of `n_of_kind`). */
const RANK_BANDS = `array_to_tsvector(array_remove(array[case when r.pos <= r.n_of_kind * 0.1 then '@r1' end,
    case when r.pos <= r.n_of_kind * 0.4 then '@r2' end], null::text))`;

async function postgresUp(db: AnyDb) {
  await sql`alter table product_search add column aisle_id integer, add column brand_id integer,
    add column seller_id integer, add column tags integer not null default 0,
    add column base_price_cents integer not null default 0, add column size_oz double precision not null default 0`.execute(
    db,
  );
  // Rewritten rather than updated: the rows go back in shelf order (kind, aisle, shelf item), so a
  // word's matches share heap pages and a GIN bitmap scan reads a few hundred pages, not thousands;
  // TRUNCATE inside the migration's transaction leaves no dead rows behind.
  await sql`create temporary table product_search_old as select * from product_search`.execute(db);
  await sql`truncate product_search`.execute(db);
  await sql`insert into product_search(product_id, kind, document, name_doc, near_doc, rank_key,
      aisle_id, brand_id, seller_id, tags, base_price_cents, size_oz)
    select ps.product_id, ps.kind, ps.document || ${sql.raw(FACET_VECTOR('p'))} || ${sql.raw(RANK_BANDS)},
      ps.name_doc || ${sql.raw(FACET_VECTOR('p'))} || ${sql.raw(RANK_BANDS)}, ps.near_doc || ${sql.raw(FACET_VECTOR('p'))},
      ps.rank_key, p.aisle_id, p.brand_id, p.seller_id, ${sql.raw(TAG_BITS('p'))}, p.base_price_cents, ${sql.raw(SIZE_OZ('p'))}
    from product_search_old ps join products p on p.id = ps.product_id
    join (select product_id, row_number() over (partition by kind order by rank_key) as pos,
        count(*) over (partition by kind) as n_of_kind from product_search_old) r on r.product_id = ps.product_id
    order by ps.kind, p.aisle_id, p.item_key, ps.rank_key`.execute(db);
  await sql`drop table product_search_old`.execute(db);
  // New GIN entries wait in each index's pending list, which every search would scan until a
  // vacuum merged it: merge them now.
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam where i.indrelid = 'product_search'::regclass and a.amname = 'gin'`.execute(db);
  await sql`analyze product_search`.execute(db);
  await sql`create function products_search_facts() returns trigger language plpgsql as $$
    begin
      update product_search set aisle_id = new.aisle_id, brand_id = new.brand_id, seller_id = new.seller_id,
        tags = ${sql.raw(TAG_BITS('new'))}, base_price_cents = new.base_price_cents, size_oz = ${sql.raw(SIZE_OZ('new'))},
        name_doc = ${sql.raw(WITHOUT_FACETS('name_doc'))} || ${sql.raw(FACET_VECTOR('new'))},
        near_doc = ${sql.raw(WITHOUT_FACETS('near_doc'))} || ${sql.raw(FACET_VECTOR('new'))},
        document = ${sql.raw(WITHOUT_FACETS('document'))} || ${sql.raw(FACET_VECTOR('new'))}
      where product_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_search_facts after update of aisle_id, brand_id, seller_id, dietary_tags,
    base_price_cents, size_quantity, size_unit on products for each row execute function products_search_facts()`.execute(
    db,
  );
}
