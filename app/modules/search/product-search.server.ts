import { sql } from 'kysely';
import { database } from '~/db/db.server';
import type { ProductKind } from '~/db/schema';
import { productCardSql, toProductHit, type ProductCardRow } from '~/modules/catalog/product-card-select.server';
import { overrideJoin, type PriceContext } from './price-context.server';
import { filterConditions, orderBy, source } from './product-filters.server';
import type { ProductHit, ProductQuery } from './product-query';
import { candidates, tiers } from './ranking.server';
import { ID_SPAN } from './search-key';

/**
 * Product search and listings over one table of products, for both dialects: a full-text match
 * (FTS5 on SQLite, a GIN-indexed tsvector on PostgreSQL) narrowed by filters, priced for the
 * shopper's store in SQL (the same integer rounding as pricing.ts), sorted and paged. A page looks
 * at no more than the best MATCH_CAP + 1 matches (docs/decisions/0020-search-latency.md): a broad
 * word costs what a narrow one does. The parts: price-context.server.ts (prices and offers in SQL),
 * product-filters.server.ts (words and filters), ranking.server.ts (best matches, per database),
 * product-facets.server.ts (a page with its facet counts); this file reads the products of a page.
 */

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
  const result = await sql<ProductCardRow & { kind: ProductKind }>`select ${productCardSql}
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
 *. Queries without words fall back to findProducts.
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
  const result = await sql<ProductCardRow & { kind: ProductKind } & { q: number; pos: number }>`with ${sql.join(
    found.map((tier) => tier!.ctes),
    sql`, `,
  )},
    c as materialized (select q, id, row_number() over (partition by q order by score, k) as pos from (${best}) best)
    select c.q, c.pos, ${productCardSql}
    from c join products p on p.id = c.id join brands b on b.id = p.brand_id
    ${overrideJoin(ctx, sql`p.id`)}`.execute(database().db);
  const rows = [...result.rows].sort((a, b) => Number(a.q) - Number(b.q) || Number(a.pos) - Number(b.pos));
  return queries.map((_, i) => rows.filter((row) => Number(row.q) === i).map((row) => toProductHit(row, ctx)));
}

/** Products by id, priced for the context (a page of hits: primary-key lookups). */
export async function productsByIds(ctx: PriceContext, ids: number[]): Promise<ProductHit[]> {
  if (ids.length === 0) return [];
  const rows = await sql<ProductCardRow & { kind: ProductKind }>`select ${productCardSql}
    from products p join brands b on b.id = p.brand_id
    left join store_product_overrides o on o.store_id = ${ctx.storeId ?? -1} and o.product_id = p.id
    where p.id in (${sql.join(ids)})`.execute(database().db);
  return rows.rows.map((row) => toProductHit(row, ctx));
}
