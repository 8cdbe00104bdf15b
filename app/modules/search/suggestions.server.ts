import { productHref } from '~/modules/catalog/links';
import { priceContextFor } from './price-context.server';
import { findProducts } from './product-search.server';
import { MAX_QUERY_TOKENS, parseQuery, queryWords, searchHref } from './query';
import { termParts } from './query-terms';
import type { RewrittenTerm } from './synonyms';
import { searchSynonyms } from './synonyms.server';
import { searchVocabulary } from './vocabulary.server';

export interface Suggestion {
  id: string;
  label: string;
  href: string;
  kind: 'search' | 'product';
}

const SEARCH_PATH = '/shop/search-results.html';

/** How a rewritten term reads in a suggestion: what it means ("oj" → "orange juice"), else its words. */
function meaningOf(term: RewrittenTerm): string {
  const own = term.words.join(' ');
  const texts = termParts(term.term).text.map((words) => words.join(' '));
  return texts.find((text) => text !== own) ?? texts[0] ?? own;
}

/**
 * Search-as-you-type, with the same understanding as the results page (interpret-query.server.ts):
 * words the synonym table knows are suggested as what they mean ("tp" → "bath tissue") and search
 * products by it; other earlier words are spell-corrected, and a last word the table does not know
 * is completed from the catalogue's vocabulary and searched as a prefix.
 */
export async function searchSuggestions(raw: string, limit = 6): Promise<Suggestion[]> {
  const parsed = parseQuery(raw);
  if (parsed.tokens.length === 0) return [];
  const [vocabulary, synonyms] = await Promise.all([searchVocabulary(), searchSynonyms()]);
  const terms = synonyms.rewrite(queryWords(parsed.text).slice(0, MAX_QUERY_TOKENS * 2)).map((term) => {
    if (term.fromTable) return term;
    const better = vocabulary.correct(term.term);
    return better ? { ...term, term: better, words: [better] } : term;
  });
  const lastTerm = terms[terms.length - 1]!;
  const head = terms.slice(0, -1);
  const headText = head.map(meaningOf);
  const typedLast = parsed.tokens[parsed.tokens.length - 1]!;

  let endings: string[];
  if (lastTerm.fromTable) endings = [meaningOf(lastTerm)];
  else {
    const completions = vocabulary.has(typedLast) ? [typedLast] : vocabulary.completions(typedLast, 3);
    endings = completions.length ? completions : [lastTerm.term];
  }
  const searches: Suggestion[] = endings.slice(0, 3).map((ending) => {
    const text = [...headText, ending].join(' ');
    return { id: `s-${text}`, label: text, href: searchHref(SEARCH_PATH, { q: text }), kind: 'search' };
  });

  // A one-letter prefix would touch most of the index; wait for the second letter.
  const asPrefix = !lastTerm.fromTable && !vocabulary.has(typedLast);
  const tokens = [...new Set([...head.map((term) => term.term), asPrefix ? typedLast : lastTerm.term])].slice(
    0,
    MAX_QUERY_TOKENS,
  );
  const products =
    lastTerm.fromTable || typedLast.length >= 2
      ? await findProducts(priceContextFor(null, ''), {
          kind: 'grocery',
          tokens,
          prefix: asPrefix,
          filters: {},
          sort: 'relevance',
          page: 1,
          pageSize: limit,
        })
      : [];
  return [
    ...searches,
    ...products.map((product) => ({
      id: `p-${product.id}`,
      label: product.name,
      href: productHref(product.kind, product.id),
      kind: 'product' as const,
    })),
  ];
}
