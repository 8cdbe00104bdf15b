import { sql, type RawBuilder } from 'kysely';
import { overrideJoin, type PriceContext } from './price-context.server';
import { factConditions, factFilters, tsMatch } from './product-filters.server';
import type { ProductFilters, ProductQuery } from './product-query';
import { facetToken, RANK_BANDS } from './search-key';

/** The columns of a PostgreSQL tier row besides (id, k, score): the facts of the match. */
const PG_FACT_COLUMNS = sql`p.aisle_id, p.brand_id, p.seller_id, p.tags, p.base_price_cents, p.size_oz`;

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

/** PostgreSQL: the intent aisles as a tsquery of facet lexemes, or null. */
function postgresIntentQuery(query: ProductQuery): string | null {
  const aisles = query.intentAisleIds;
  if (!aisles?.length) return null;
  return aisles.map((id) => `'@${facetToken.aisle(id)}'`).join(' | ');
}

export function postgresTiers(
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
  const words = tokens.length ? tsMatch(tokens, query.prefix ?? false) : null;
  const facetQuery = facets === null ? null : sql`cast(${facets} as tsquery)`;
  const match = words && facetQuery ? sql`(${words} && ${facetQuery})` : (words ?? facetQuery)!;
  // When the words mean some aisles, their matches there come first: every word in the name, then
  // in the name, brand or aisle (0077); then the word tiers.
  const intent = words ? postgresIntentQuery(query) : null;
  const within = intent ? sql`(${match} && cast(${intent} as tsquery))` : null;
  const plan: { vector: 'name_doc' | 'near_doc' | 'document'; match: RawBuilder<unknown> }[] = words
    ? [
        ...(within
          ? [
              { vector: 'name_doc' as const, match: within },
              { vector: 'near_doc' as const, match: within },
            ]
          : []),
        { vector: 'name_doc', match },
        { vector: 'near_doc', match },
        { vector: 'document', match },
      ]
    : [{ vector: 'document', match }];
  const rowFilters = factFilters(filters);
  const conditions = factConditions(ctx, { ...query, filters: rowFilters }, sql`p.product_id`);
  const overrides = rowFilters.price ? overrideJoin(ctx, sql`p.product_id`) : sql``;
  const select = (
    cte: string,
    tier: (typeof plan)[number],
    score: number,
    room: RawBuilder<unknown>,
    extra: { band?: string; when?: RawBuilder<unknown> } = {},
  ) => {
    const better = Array.from({ length: score }, (_, i) => sql`select id from ${sql.table(`${name}${i}`)}`);
    const banded = extra.band ? sql`(${tier.match} && cast(${`'${extra.band}'`} as tsquery))` : tier.match;
    const vector = tier.vector;
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
      select(bandNames[i]!, plan[0]!, 0, full, {
        band: band.lexeme,
        when: i ? short(bandNames.slice(0, i)) : undefined,
      }),
    ),
    select(`${name}0_all`, plan[0]!, 0, full, { when: short(bandNames) }),
    sql`${sql.table(`${name}0`)} as materialized (${sql.join(
      [
        ...bandNames.map((cte) => sql`select * from ${sql.table(cte)} where ${count(cte)} >= ${full}`),
        sql`select * from ${sql.table(`${name}0_all`)}`,
      ],
      sql` union all `,
    )})`,
  ];
  // Each later tier only fills what the better tiers left: a broad word is done after tier 0.
  const later = plan.slice(1).map((tier, i) => {
    const score = i + 1;
    const taken = Array.from({ length: score }, (_, j) => sql` - ${count(`${name}${j}`)}`);
    return select(`${name}${score}`, tier, score, sql`(${limit}${sql.join(taken, sql``)})`);
  });
  const ctes = [...tier0, ...later];
  return {
    ctes: sql.join(ctes, sql`, `),
    union: sql.join(
      plan.map((_, score) => sql`select * from ${sql.table(`${name}${score}`)}`),
      sql` union all `,
    ),
  };
}
