import { sql, type RawBuilder } from 'kysely';
import { overrideJoin, type PriceContext } from './price-context.server';
import { ALL_COLUMNS, factConditions, factFilters, ftsMatch, hasFilters, inKind } from './product-filters.server';
import type { ProductFilters, ProductQuery } from './product-query';
import { isPlainWord } from './query-terms';
import { facetToken, ID_SPAN } from './search-key';

/** The columns the word tiers match in, best first (after the intent tiers, when the words mean some aisles). */
const NAME = ['name'] as const;
const NEAR = ['name', 'brand', 'aisle'] as const;
const TIER_COLUMNS = [NAME, NEAR, ALL_COLUMNS] as const;

/**
 * SQLite: the facet terms of the filters (search-key.ts), or none when a filter matches nothing.
 * `dietTokens` gives the tokens a diet token is asked as (all of the tag, or the tag within some aisles).
 */
function sqliteFacetTerms(filters: ProductFilters, dietTokens: (token: string) => readonly string[]): string[] {
  if (filters.aisleIds !== undefined && filters.aisleIds.length === 0) return [];
  return [
    filters.aisleIds ? filters.aisleIds.map((id) => `"${facetToken.aisle(id)}"`).join(' OR ') : null,
    filters.brandId !== undefined ? `"${facetToken.brand(filters.brandId)}"` : null,
    filters.sellerId !== undefined ? `"${facetToken.seller(filters.sellerId)}"` : null,
    filters.diet
      ? dietTokens(facetToken.diet(filters.diet))
          .map((token) => `"${token}"`)
          .join(' OR ')
      : null,
  ].filter((term): term is string => term !== null);
}

/** The intent aisles as a facets-column expression, or null. */
function intentScope(query: ProductQuery): string | null {
  const aisles = query.intentAisleIds;
  if (!aisles?.length) return null;
  return `{facets} : (${aisles.map((id) => `"${facetToken.aisle(id)}"`).join(' OR ')})`;
}

const anywhere = (token: string): readonly string[] => [token];

/**
 * A diet token within the intent aisles: the aisle-scoped tokens (search-key.ts), whose doclists hold
 * those aisles' products only, where the tag's own doclist holds most of the catalogue. Within the
 * intent scope (every product has one aisle) a product carries one of them exactly when it carries
 * the tag, so the intent tiers match the same products either way.
 */
const withinAisles =
  (aisleIds: readonly number[]) =>
  (token: string): readonly string[] =>
    aisleIds.map((id) => facetToken.aisleDiet(id, token));

/**
 * The gate's LIMIT: 1, or 0 when a plain word of several has no product of a kind other than grocery.
 * FTS5 finds an expression's first match from the start of the index before it seeks to the kind's
 * keys, so a wine or marketplace walk of words that no grocery product holds together walks their
 * grocery matches to the end first (several milliseconds at a million products); one word alone
 * finds its first match at once and seeks. The gate's expression also starts with the kind's own
 * term (the kind column: "wine", "marketplace"), whose first match is the kind's first product, so
 * the other words seek there at once.
 */
function wordsOfKind(tokens: string[], prefix: boolean, kind: ProductQuery['kind']): RawBuilder<unknown> {
  const last = tokens.length - 1;
  const words = tokens.flatMap((token, i) =>
    isPlainWord(token) ? [`"${token}"${prefix && i === last ? '*' : ''}`] : [],
  );
  if (kind === 'grocery' || tokens.length < 2 || words.length === 0) return sql`1`;
  return sql.join(
    words.map(
      (word) => sql`(select count(*) from (select 1 from product_search w
        where w.product_search match ${word} and ${inKind(kind, sql`w.rowid`)} limit 1) one)`,
    ),
    sql` * `,
  );
}

export function sqliteTiers(
  ctx: PriceContext,
  query: ProductQuery,
  limit: number,
  /** The prefix of the CTE names (two tier sets can share a statement). */
  name = 't',
): { ctes: RawBuilder<unknown>; union: RawBuilder<unknown> } | null {
  const { tokens, kind, filters } = query;
  const facetTerms = sqliteFacetTerms(filters, anywhere);
  if (tokens.length === 0 && facetTerms.length === 0) return null;
  // Aisle, brand, seller and diet filters are facet terms of the index (search-key.ts), so they
  // narrow the walk itself; price, offer and wine details are checked on the match's facts.
  const rowFilters = factFilters(filters);
  const prefix = query.prefix ?? false;
  const scope = (terms: string[]) => terms.map((term) => `{facets} : (${term})`);
  const words = (match: string | null, facetScope: string[]) =>
    [...(match ? [match] : []), ...facetScope].join(' AND ');
  // Without words every listed product is tier 0. When the words mean some aisles, their matches
  // there come first: every word in the name, then in the name, brand or aisle (0077); a tag there
  // (an attribute word's or the diet filter's) is asked as the tag within those aisles (0121).
  const intent = intentScope(query);
  const scoped = intent ? withinAisles(query.intentAisleIds!) : anywhere;
  const intentScoped = intent ? scope(sqliteFacetTerms(filters, scoped)) : [];
  const tierWords = tokens.length
    ? [
        ...(intent
          ? [NAME, NEAR].map((columns) =>
              words(`${ftsMatch(tokens, prefix, columns, scoped)} AND ${intent}`, intentScoped),
            )
          : []),
        ...TIER_COLUMNS.map((columns) => words(ftsMatch(tokens, prefix, columns), scope(facetTerms))),
      ]
    : [words(null, scope(facetTerms))];
  const withFacts = hasFilters(rowFilters);
  const id = sql`s.rowid % ${sql.lit(ID_SPAN)}`;
  const conditions = factConditions(ctx, { ...query, filters: rowFilters }, id);
  // Tier n walks its matches in key order, skipping the rows of better tiers (a NOT IN probe of
  // at most `limit` keys is cheaper than an FTS5 NOT, which walks both sides).
  const tier = (
    score: number,
    room: RawBuilder<unknown>,
    better = Array.from({ length: score }, (_, i) => `${name}${i}`),
  ) => {
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
      where s.product_search match ${tierWords[score]!} and ${inKind(kind, sql`s.rowid`)}${skip}${joined}
      order by s.rowid limit ${room}`;
  };
  // Every tier's matches match the widest tier's expression too: when that has none (words no
  // product holds together), no tier walks the index — a LIMIT of 0 skips the scan — instead of each
  // walking both words' doclists to the end. Otherwise the check stops at the first match.
  const widest = tierWords.length - 1;
  const gate = sql.table(`${name}any`);
  const gated = widest > 0;
  const open = gated ? sql` * (select n from ${gate})` : sql``;
  // Each tier only fills what the better tiers left: a broad word is done after tier 0.
  const taken = (score: number) =>
    sql.join(
      Array.from({ length: score }, (_, i) => sql` - (select count(*) from ${sql.table(`${name}${i}`)})`),
      sql``,
    );
  // After the intent tiers, the word tiers look for matches outside them. Those match the widest
  // tier's expression too: when one walk of it (with the filters) finds none beyond the intent
  // tiers' rows, the narrower word tiers do not walk either (0121) — an attribute word or a label
  // filter whose matches all sit in the aisles the words mean would otherwise cost three more walks
  // to the end. The walk stops at the first match, and does not start when the intent tiers filled
  // the page.
  const intentTiers = intent && tokens.length ? 2 : 0;
  const rest = sql.table(`${name}rest`);
  const restOpen = intentTiers ? sql` * (select n from ${rest})` : sql``;
  const ctes = tierWords.map((_, score) => {
    const room = sql`((${limit}${taken(score)})${open}${score >= intentTiers ? restOpen : sql``})`;
    return sql`${sql.table(`${name}${score}`)} as materialized (${tier(score, room)})`;
  });
  if (intentTiers) {
    const before = Array.from({ length: intentTiers }, (_, i) => `${name}${i}`);
    ctes.splice(
      intentTiers,
      0,
      sql`${rest} as materialized (select count(*) as n from (${tier(
        widest,
        sql`((${limit}${taken(intentTiers)}) > 0)${open}`,
        before,
      )}) beyond)`,
    );
  }
  if (gated) {
    ctes.unshift(sql`${gate} as materialized (select count(*) as n from (select 1 from product_search s
      where s.product_search match ${kind === 'grocery' ? tierWords[widest]! : `{kind} : ("${kind}") AND ${tierWords[widest]!}`}
        and ${inKind(kind, sql`s.rowid`)}
      limit ${wordsOfKind(tokens, prefix, kind)}) first)`);
  }
  const union = sql.join(
    tierWords.map((_, score) => sql`select * from ${sql.table(`${name}${score}`)}`),
    sql` union all `,
  );
  return { ctes: sql.join(ctes, sql`, `), union };
}
