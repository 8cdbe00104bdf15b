import { z } from 'zod';

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

export const SEARCH_TABS = ['products', 'recipes'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const SORTS = [
  { id: 'relevance', label: 'Best match' },
  { id: 'price-asc', label: 'Price: low to high' },
  { id: 'price-desc', label: 'Price: high to low' },
  { id: 'unit-price', label: 'Unit price: low to high' },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

export const PRICE_BUCKETS = [
  { id: 'under-2', label: 'Under $2', min: 0, max: 199 },
  { id: '2-5', label: '$2 to $5', min: 200, max: 499 },
  { id: '5-10', label: '$5 to $10', min: 500, max: 999 },
  { id: '10-20', label: '$10 to $20', min: 1000, max: 1999 },
  { id: '20-50', label: '$20 to $50', min: 2000, max: 4999 },
  { id: '50-plus', label: '$50 and up', min: 5000, max: null },
] as const;
export type PriceBucketId = (typeof PRICE_BUCKETS)[number]['id'];

export const DIETARY_TAGS = [
  { id: 'organic', label: 'Organic' },
  { id: 'gluten-free', label: 'Gluten-free' },
  { id: 'vegan', label: 'Vegan' },
  { id: 'dairy-free', label: 'Dairy-free' },
  { id: 'kosher', label: 'Kosher' },
  { id: 'low-sodium', label: 'Low sodium' },
  { id: 'sugar-free', label: 'Sugar-free' },
  { id: 'keto', label: 'Keto' },
] as const;
export type DietaryTagId = (typeof DIETARY_TAGS)[number]['id'];

export const PAGE_SIZE = 24;
export const MAX_PAGE = 200;

/**
 * A search or listing looks at its best MATCH_CAP matches (docs/decisions/0020-search-latency.md):
 * facets count them, sorts order them, and a count above the cap means "more than MATCH_CAP".
 */
export const MATCH_CAP = 1_000;

/** A result count for people: "1,234", or "1,000+" above the cap. */
export function countLabel(count: number): string {
  return count > MATCH_CAP ? `${MATCH_CAP.toLocaleString('en-US')}+` : count.toLocaleString('en-US');
}

/** Pages of results, at least one; counts above the cap page through the capped matches only. */
export function pageCountFor(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.min(total, MATCH_CAP) / pageSize));
}

const slug = (what: string) =>
  z
    .string()
    .max(80, `That ${what} name is too long.`)
    .regex(/^[a-z0-9-]+$/, `That ${what} is not one we know.`)
    .optional();

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((entry) => entry.id) as [string, ...string[]];

/** The query parameters of a search or listing page; bad values are a 400 with these messages. */
export const searchParamsSchema = z.object({
  q: z.string().max(500, 'That search is too long. Try fewer words.').optional().default(''),
  tab: z.enum(SEARCH_TABS, { message: 'The tab is products or recipes.' }).optional().default('products'),
  sort: z
    .enum(ids(SORTS), { message: 'Sort by relevance, price-asc, price-desc or unit-price.' })
    .optional()
    .default('relevance'),
  page: z.coerce
    .number({ message: 'The page is a number.' })
    .int('The page is a whole number.')
    .min(1, 'Pages start at 1.')
    .max(MAX_PAGE, `We show at most ${MAX_PAGE} pages. Narrow the search instead.`)
    .optional()
    .default(1),
  department: slug('department'),
  aisle: slug('aisle'),
  brand: slug('brand'),
  seller: slug('seller'),
  diet: z.enum(ids(DIETARY_TAGS), { message: 'That dietary filter is not one we know.' }).optional(),
  price: z.enum(ids(PRICE_BUCKETS), { message: 'That price range is not one we know.' }).optional(),
  offer: z.enum(['1'], { message: 'The on-offer filter is offer=1.' }).optional(),
  spell: z.enum(['off'], { message: 'spell=off searches for exactly what you typed.' }).optional(),
});
export type SearchParams = Omit<z.infer<typeof searchParamsSchema>, 'sort' | 'tab' | 'diet' | 'price'> & {
  sort: SortId;
  tab: SearchTab;
  diet?: DietaryTagId;
  price?: PriceBucketId;
};

/** Reads search parameters; the enums' ids come from the lists above, so the narrowing is safe. */
export function asSearchParams(value: z.infer<typeof searchParamsSchema>): SearchParams {
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
