/**
 * A query's terms as the full-text engines match them. A term is a word ("milk") or, once the
 * synonym table rewrote it (synonyms.ts), alternatives separated by "|": a word, a phrase of words
 * separated by spaces ("toilet paper|bath tissue"), or a facet token after "@" ("gluten free|@dglutenfree":
 * the words, or the dietary tag — search-key.ts). Words are runs of [a-z0-9] (query.ts), so no
 * separator can be part of one. Every term must match; any alternative of a term will do. Pure: both
 * dialects render from here, so they match the same products.
 */

/** A term's parts: its text alternatives (each a list of words, a phrase when more than one) and facet tokens. */
export function termParts(term: string): { text: string[][]; facets: string[] } {
  const text: string[][] = [];
  const facets: string[] = [];
  for (const alternative of term.split('|')) {
    if (alternative.startsWith('@')) facets.push(alternative.slice(1));
    else text.push(alternative.split(' '));
  }
  return { text, facets };
}

/** A term from text alternatives (each a list of words) and facet tokens, duplicates dropped. */
export function termOf(text: readonly (readonly string[])[], facets: readonly string[] = []): string {
  return [...new Set([...text.map((words) => words.join(' ')), ...facets.map((facet) => `@${facet}`)])].join('|');
}

/** A plain word (not alternatives, not a phrase): the only kind of term a prefix search extends. */
export const isPlainWord = (term: string) => !/[| @]/.test(term);

/** The terms without their facet alternatives (text that has no facets: recipes). */
export const textTerms = (terms: string[]) =>
  terms.map((term) => termOf(termParts(term).text)).filter((term) => term !== '');

/**
 * The terms as a kind of product is searched: only grocery products carry dietary tags, so for wine
 * and marketplace listings an attribute term is its words ("gluten free|@dglutenfree" → "gluten free").
 * There a tag can match nothing, yet an OR with the tag's long doclist costs FTS5 a walk of it.
 */
export const termsForKind = (kind: string, terms: string[]) =>
  kind === 'grocery'
    ? terms
    : terms.map((term) => {
        const { text, facets } = termParts(term);
        return facets.length && text.length ? termOf(text) : term;
      });

function ftsText(term: string, prefix: boolean): string {
  if (isPlainWord(term)) return `"${term}"${prefix ? '*' : ''}`;
  const alternatives = termParts(term).text.map((words) => `"${words.join(' ')}"`);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

/** FTS5, text only: every term, alternatives in parentheses, phrases quoted (the last word a prefix when asked). */
export function ftsTerms(terms: string[], prefix: boolean): string {
  const last = terms.length - 1;
  return terms.map((term, i) => ftsText(term, prefix && i === last)).join(' AND ');
}

/**
 * FTS5: the terms in some columns; a term with facet alternatives matches its text in those columns
 * or its facet tokens in the facets column (a column filter inside another would match neither).
 * `facetTokens` replaces a facet token by the tokens asked instead (any of them will do): a walk
 * scoped to some aisles asks for a tag's tokens within those aisles (search-key.ts).
 */
export function ftsMatch(
  terms: string[],
  prefix: boolean,
  columns: readonly string[],
  facetTokens: (facet: string) => readonly string[] = (facet) => [facet],
): string {
  const inColumns = (expression: string) => `{${columns.join(' ')}} : (${expression})`;
  const last = terms.length - 1;
  const plain: string[] = [];
  const withFacets: string[] = [];
  terms.forEach((term, i) => {
    const { text, facets } = termParts(term);
    if (facets.length === 0) {
      plain.push(ftsText(term, prefix && i === last));
      return;
    }
    const either = facets.map(
      (facet) =>
        `{facets} : (${facetTokens(facet)
          .map((token) => `"${token}"`)
          .join(' OR ')})`,
    );
    if (text.length) either.unshift(inColumns(ftsText(termOf(text), false)));
    withFacets.push(either.length === 1 ? either[0]! : `(${either.join(' OR ')})`);
  });
  return [...(plain.length ? [inColumns(plain.join(' AND '))] : []), ...withFacets].join(' AND ');
}

/** PostgreSQL tsquery text of text-only terms: phrases as `<->`, the last word a prefix when asked. */
export function tsQuery(terms: string[], prefix: boolean): string {
  const last = terms.length - 1;
  return terms
    .map((term, i) => {
      if (isPlainWord(term)) return prefix && i === last ? `${term}:*` : term;
      const alternatives = termParts(term).text.map((words) => words.join(' <-> '));
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * PostgreSQL: the text terms (as one tsquery text, or null) and each term with facet alternatives
 * (its text as tsquery text, its facet lexemes as a tsquery of '@' lexemes, search-key.ts), for
 * postgres SQL to combine: (text) && (facet term's text || its lexemes) && …
 */
export function pgTermParts(
  terms: string[],
  prefix: boolean,
): { text: string | null; withFacets: { text: string | null; lexemes: string }[] } {
  const plain: string[] = [];
  const withFacets: { text: string | null; lexemes: string }[] = [];
  const lastIsPlain = terms.length > 0 && termParts(terms[terms.length - 1]!).facets.length === 0;
  for (const term of terms) {
    const { text, facets } = termParts(term);
    if (facets.length === 0) plain.push(term);
    else
      withFacets.push({
        text: text.length ? tsQuery([termOf(text)], false) : null,
        lexemes: facets.map((facet) => `'@${facet}'`).join(' | '),
      });
  }
  return { text: plain.length ? tsQuery(plain, prefix && lastIsPlain) : null, withFacets };
}
