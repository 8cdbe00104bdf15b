import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * SQLite's product_search is rebuilt (docs/decisions/0020-search-latency.md): rows keyed by search
 * key — kind * 2^61 + (2^30-1 - popularity) * 2^31 + id — so FTS5 yields one kind's matches as a
 * rowid range, most popular first, and a capped search stops early; and a `facets` column of filter
 * tokens (aisle, brand, seller, dietary tags) so those filters narrow the walk without reading
 * product rows. The table is contentless, so an already seeded catalogue is re-indexed from the
 * catalogue tables (a frozen copy of the statement of the time). PostgreSQL's table gets a vector per
 * relevance tier (name; name, brand and aisle), each with a GIN index, and a popularity rank key.
 */
export function searchOrderSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'sqlite') return postgresTiers(db);
      await sql`drop table product_search`.execute(db);
      await sql`create virtual table product_search using fts5(
        kind, name, brand, aisle, description, facets,
        content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2', prefix='2 3'
      )`.execute(db);
      const seeded = await sql<{ n: number }>`select count(*) as n from products`.execute(db);
      if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
      await sql`insert into product_search(rowid, kind, name, brand, aisle, description, facets)
        select (case p.kind when 'wine' then 1 when 'marketplace' then 2 else 0 end) * 2305843009213693952
            + (1073741823 - min(max(p.popularity, 0), 1073741823)) * 2147483648 + p.id,
          case when p.kind = 'grocery' then '' else p.kind end, p.name, b.name,
          case
            when p.kind = 'grocery' then coalesce(a.name, '') || ' ' || coalesce(d.name, '')
            when p.kind = 'wine' then 'wine ' || coalesce(w.varietal, '') || ' ' || coalesce(w.color, '') || ' ' || coalesce(w.region, '') || ' ' || coalesce(w.country, '')
            else 'marketplace ' || coalesce(s.name, '')
          end,
          p.description,
          'b' || p.brand_id || coalesce(' a' || p.aisle_id, '') || coalesce(' s' || p.seller_id, '')
            || replace(replace(substr(p.dietary_tags, 1, length(p.dietary_tags) - 1), '-', ''), ',', ' d')
        from products p
        join brands b on b.id = p.brand_id
        left join aisles a on a.id = p.aisle_id
        left join departments d on d.id = a.department_id
        left join wine_details w on w.product_id = p.id
        left join sellers s on s.id = p.seller_id
        order by 1`.execute(db);
      await sql`insert into product_search(product_search) values ('optimize')`.execute(db);
    },
  };
}

async function postgresTiers(db: AnyDb) {
  await sql`alter table product_search add column name_doc tsvector, add column near_doc tsvector,
    add column rank_key bigint`.execute(db);
  await sql`update product_search ps set name_doc = v.n, near_doc = v.n || v.br || v.ai, rank_key = v.rank_key
    from (select p.id, to_tsvector('english', p.name) as n, to_tsvector('english', b.name) as br,
        to_tsvector('english', case
          when p.kind = 'grocery' then coalesce(a.name, '') || ' ' || coalesce(d.name, '')
          when p.kind = 'wine' then 'wine ' || coalesce(w.varietal, '') || ' ' || coalesce(w.color, '') || ' ' || coalesce(w.region, '') || ' ' || coalesce(w.country, '')
          else 'marketplace ' || coalesce(s.name, '')
        end) as ai,
        (1073741823 - least(greatest(p.popularity, 0), 1073741823))::bigint * 2147483648 + p.id as rank_key
      from products p
      join brands b on b.id = p.brand_id
      left join aisles a on a.id = p.aisle_id
      left join departments d on d.id = a.department_id
      left join wine_details w on w.product_id = p.id
      left join sellers s on s.id = p.seller_id) v
    where v.id = ps.product_id`.execute(db);
  await sql`create index product_search_name_idx on product_search using gin (name_doc)`.execute(db);
  await sql`create index product_search_near_idx on product_search using gin (near_doc)`.execute(db);
}
