import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0121-aisle-scoped-tag-tokens.md. SQLite's `facets` column gains each dietary tag
 * once more within the product's aisle (a<aisle id>d<tag>, search-key.ts), so a walk scoped to the
 * aisles the words mean reads those aisles' tagged products instead of the tag's whole doclist. FTS5
 * rows of a contentless table cannot be updated column by column: an already indexed catalogue is
 * indexed again, with frozen copies of the statements of the time (index-build.server.ts).
 * PostgreSQL is unchanged.
 */
export function aisleScopedTagTokensSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'sqlite') return;
      const seeded = await sql<{ n: number }>`select count(*) as n from products`.execute(db);
      if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
      const tags = `replace(replace(substr(p.dietary_tags, 1, length(p.dietary_tags) - 1), '-', ''), ','`;
      await sql`insert into product_search(product_search) values ('delete-all')`.execute(db);
      // As the index build loads: a large pending-postings limit, no merging until one optimize.
      await sql`insert into product_search(product_search, rank) values ('hashsize', 67108864)`.execute(db);
      await sql`insert into product_search(product_search, rank) values ('automerge', 0)`.execute(db);
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
            || ${sql.raw(tags)}, ' d')
            || coalesce(${sql.raw(tags)}, ' a' || p.aisle_id || 'd'), '')
        from products p
        join brands b on b.id = p.brand_id
        left join aisles a on a.id = p.aisle_id
        left join departments d on d.id = a.department_id
        left join wine_details w on w.product_id = p.id
        left join sellers s on s.id = p.seller_id
        order by 1`.execute(db);
      await sql`insert into product_search(product_search) values ('optimize')`.execute(db);
      await sql`insert into product_search(product_search, rank) values ('automerge', 4)`.execute(db);
      await sql`insert into product_search(product_search, rank) values ('hashsize', 1048576)`.execute(db);
    },
  };
}
