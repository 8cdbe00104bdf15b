import { sql, type RawBuilder } from 'kysely';
import { database } from '~/db/db.server';
import { postgresTiers } from './postgres-ranking.server';
import { overrideJoin, type PriceContext } from './price-context.server';
import { filterConditions } from './product-filters.server';
import type { ProductQuery } from './product-query';
import { termsForKind } from './query-terms';
import { ID_SPAN } from './search-key';
import { sqliteTiers } from './sqlite-ranking.server';

/**
 * Relevance is a tier, the same on both dialects (docs/decisions/0008-search.md): every word in the
 * name, then every word in the name, brand or aisle, then a word only in the description; popularity
 * orders each tier. When the words mean some aisles (docs/decisions/0077-product-types-and-aisle-intent.md),
 * two tiers come first: the first two, restricted to those aisles. On SQLite each tier is its own walk of the index in
 * search-key order, so the best N of a tier cost N matches, not all of them. Each database walks its
 * tiers its own way (sqlite-ranking.server.ts, postgres-ranking.server.ts); this file picks one.
 */

/**
 * Common table expressions t0, t1, t2 — the best `limit` matches of the query in best-match order,
 * one relevance tier each — and the union of them, when the query has words (or, on SQLite, facet
 * filters; null otherwise: a plain listing reads the products table). Rows are `(k, score)` on
 * SQLite (k: the search key) and `(id, k, score, facts…)` on PostgreSQL (k: the rank key).
 *
 * Filters a tier cannot put in the index are checked on the match's facts, never
 * its product row: product_search_facts on SQLite (joined by key in key order), the GIN-matched
 * product_search row itself on PostgreSQL.
 */
export function tiers(
  ctx: PriceContext,
  query: ProductQuery,
  limit: number,
  /** The prefix of the CTE names (two tier sets can share a statement). */
  name = 't',
): { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> } | null {
  const asked = { ...query, tokens: termsForKind(query.kind, query.tokens) };
  return database().dialect === 'sqlite'
    ? sqliteTiers(ctx, asked, limit, name)
    : postgresTiers(ctx, asked, limit, name);
}

/**
 * Common table expressions ending in `c(id, score, pos)`: the best `limit` products for the query's
 * words and filters, in best-match order (tier, then popularity, then id; pos counts from 1).
 * SQLite walks each tier's FTS5 matches in search-key order (search-key.ts) and stops once `limit`
 * are found, so the work is bounded by `limit`, not by how many products match; PostgreSQL reads
 * the GIN matches and keeps the top `limit` with a bounded sort.
 */
export function candidates(ctx: PriceContext, query: ProductQuery, limit: number): RawBuilder<unknown> {
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
