/**
 * A query's terms as the full-text engines match them. A term is a word ("milk") or, once the
 * synonym table rewrote it (synonyms.ts), alternatives separated by "|", each a word or a phrase of
 * words separated by spaces ("toilet paper|bath tissue"). Words are runs of [a-z0-9] (query.ts), so
 * neither separator can be part of one. Every term must match; any alternative of a term will do.
 * Pure: both dialects render from here, so they match the same products.
 */

/** A term's alternatives, each a list of words (a phrase when more than one). */
export function termAlternatives(term: string): string[][] {
  return term.split('|').map((alternative) => alternative.split(' '));
}

/** A term from alternatives (each a list of words), duplicates dropped. */
export function termOf(alternatives: readonly (readonly string[])[]): string {
  return [...new Set(alternatives.map((words) => words.join(' ')))].join('|');
}

/** A plain word (not alternatives, not a phrase): the only kind of term a prefix search extends. */
export const isPlainWord = (term: string) => !/[| ]/.test(term);

/** FTS5: every term, alternatives in parentheses, phrases quoted (the last word a prefix when asked). */
export function ftsTerms(terms: string[], prefix: boolean): string {
  const last = terms.length - 1;
  return terms
    .map((term, i) => {
      if (isPlainWord(term)) return `"${term}"${prefix && i === last ? '*' : ''}`;
      const alternatives = termAlternatives(term).map((words) => `"${words.join(' ')}"`);
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
    })
    .join(' AND ');
}

/** PostgreSQL tsquery text: the same terms, phrases as `<->`, with optional weights on every word. */
export function tsQuery(terms: string[], prefix: boolean, weights = ''): string {
  const last = terms.length - 1;
  const word = (token: string, star: string) => (star || weights ? `${token}:${star}${weights}` : token);
  return terms
    .map((term, i) => {
      if (isPlainWord(term)) return word(term, prefix && i === last ? '*' : '');
      const alternatives = termAlternatives(term).map((words) => words.map((w) => word(w, '')).join(' <-> '));
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}
