import type { Language } from '~/modules/i18n/languages';

/**
 * The catalogue's own words (offer, reward and plan titles, item descriptions) in the shopper's language
 * (decision 0123): the Spanish words where the catalogue has them, the English ones otherwise. English is
 * returned as it is.
 */
export function catalogueWords(language: Language, english: string, spanish: string | null | undefined): string {
  return language === 'es' && spanish ? spanish : english;
}

/**
 * An item's description for one product: `{brand}`, a wine's `{region}`, `{country}`, `{vintage}` and a marketplace
 * item's `{seller}` filled.
 */
export function fillItemDescription(template: string, values: Record<string, string | number | null>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
