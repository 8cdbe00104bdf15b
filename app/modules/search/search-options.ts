/** The search page's tabs, sorts and filters (browser-safe, no zod; the schema builds on them). */
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
