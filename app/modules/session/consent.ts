/** Cookie consent categories (OneTrust-style ids). C0001 is always on; the geo address cookie needs C0003. */
export const CONSENT_CATEGORIES = {
  C0001: 'Strictly necessary',
  C0002: 'Performance',
  C0003: 'Functional (remember your delivery address)',
  C0004: 'Targeting',
} as const;
export type ConsentCategory = keyof typeof CONSENT_CATEGORIES;
export const GEO_CONSENT_CATEGORY: ConsentCategory = 'C0003';

export function normalizeConsent(categories: readonly string[]): ConsentCategory[] {
  const chosen = new Set<ConsentCategory>(['C0001']);
  for (const category of categories) if (category in CONSENT_CATEGORIES) chosen.add(category as ConsentCategory);
  return (Object.keys(CONSENT_CATEGORIES) as ConsentCategory[]).filter((category) => chosen.has(category));
}

export function allowsGeoAddress(categories: readonly string[] | null | undefined): boolean {
  return Boolean(categories?.includes(GEO_CONSENT_CATEGORY));
}
