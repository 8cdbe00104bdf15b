import { productHref } from '~/modules/catalog/links';
import { priceContextFor } from './price-context.server';
import { findProducts } from './product-search.server';
import { parseQuery, searchHref } from './query';
import { searchVocabulary } from './vocabulary.server';

export interface Suggestion {
  id: string;
  label: string;
  href: string;
  kind: 'search' | 'product';
}

const SEARCH_PATH = '/shop/search-results.html';

/**
 * Search-as-you-type: completions of the last word from the catalogue's vocabulary, then products
 * whose text starts with what was typed (the last word as a prefix, earlier words spell-corrected).
 */
export async function searchSuggestions(raw: string, limit = 6): Promise<Suggestion[]> {
  const parsed = parseQuery(raw);
  if (parsed.tokens.length === 0) return [];
  const vocabulary = await searchVocabulary();
  const head = vocabulary.correctAll(parsed.tokens.slice(0, -1)).tokens;
  const last = parsed.tokens[parsed.tokens.length - 1]!;
  const completions = vocabulary.has(last) ? [last] : vocabulary.completions(last, 3);
  const fallback = completions.length ? completions : [vocabulary.correct(last) ?? last];
  const searches: Suggestion[] = fallback.slice(0, 3).map((word) => {
    const text = [...head, word].join(' ');
    return { id: `s-${text}`, label: text, href: searchHref(SEARCH_PATH, { q: text }), kind: 'search' };
  });
  // A one-letter prefix would touch most of the index; wait for the second letter.
  const products =
    last.length >= 2
      ? await findProducts(priceContextFor(null, ''), {
          kind: 'grocery',
          tokens: [...head, last],
          prefix: !vocabulary.has(last),
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
