import type { SearchParamsInput } from './query-schema';
import type { DietaryTagId, PriceBucketId, SearchTab, SortId } from './search-options';

// Schemas live in query-schema.ts: pages import this module for its constants, and with
// "sideEffects": false a re-export they do not use keeps zod out of their browser bundles.
export { searchParamsSchema } from './query-schema';

/**
 * Search input: the words of a query and the page's query parameters. Pure, shared by the routes,
 * the search modules and the seed (which builds the vocabulary with the same tokenizer).
 */

export const MAX_QUERY_CHARS = 100;
export const MAX_QUERY_TOKENS = 8;

/**
 * Words both dialects' full-text engines treat alike: PostgreSQL's english configuration drops
 * them, so the parser drops them too and SQLite does not require them.
 */
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** Lower case, accents removed ("Rosé" → "rose"). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Every word of a text: runs of letters and digits, folded. */
export function words(text: string): string[] {
  return foldText(text).match(/[a-z0-9]+/g) ?? [];
}

/** Words worth a place in the spelling vocabulary: two characters or more, with a letter. */
export function vocabularyWords(text: string): string[] {
  return words(text).filter((word) => word.length >= 2 && /[a-z]/.test(word) && !STOPWORDS.has(word));
}

/** The words of a text as a query searches them: folded, stopwords dropped, repeats and order kept. */
export function queryWords(text: string): string[] {
  return words(text).filter((word) => !STOPWORDS.has(word));
}

/** Whether a word is one the parser drops. */
export const isStopword = (word: string) => STOPWORDS.has(word);

/** The words a results page shows results for: relaxed, else spelling-corrected, else as typed. */
export function searchedText(query: { text: string; correctedText: string | null; relaxedText: string | null }) {
  return query.relaxedText ?? query.correctedText ?? query.text;
}

export interface ParsedQuery {
  /** What the shopper typed, trimmed and bounded (shown back on the page). */
  text: string;
  /** The words searched for: folded, stopwords dropped, at most MAX_QUERY_TOKENS. */
  tokens: string[];
}

export function parseQuery(raw: string | null | undefined): ParsedQuery {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
  const tokens: string[] = [];
  for (const word of words(text)) {
    if (STOPWORDS.has(word) || tokens.includes(word)) continue;
    tokens.push(word);
    if (tokens.length === MAX_QUERY_TOKENS) break;
  }
  return { text, tokens };
}

export {
  countLabel,
  DIETARY_TAGS,
  MATCH_CAP,
  MAX_PAGE,
  PAGE_SIZE,
  pageCountFor,
  PRICE_BUCKETS,
  SEARCH_TABS,
  SORTS,
  type DietaryTagId,
  type PriceBucketId,
  type SearchTab,
  type SortId,
} from './search-options';

export type SearchParams = Omit<SearchParamsInput, 'sort' | 'tab' | 'diet' | 'price'> & {
  sort: SortId;
  tab: SearchTab;
  diet?: DietaryTagId;
  price?: PriceBucketId;
};

/** Reads search parameters; the enums' ids come from the lists above, so the narrowing is safe. */
export function asSearchParams(value: SearchParamsInput): SearchParams {
  return value as SearchParams;
}

/** The search page URL for some parameters; empty values are left out and page 1 is implicit. */
export function searchHref(
  path: string,
  params: Partial<Record<keyof SearchParams | 'varietal' | 'region', string | number | undefined | null>>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) === 1) continue;
    if (key === 'sort' && value === 'relevance') continue;
    if (key === 'tab' && value === 'products') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
