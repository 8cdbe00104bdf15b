/** The languages the storefront speaks (decision 0116). English is the default and the fallback. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Each language's name in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale prices, dates and distances are formatted in: US shoppers in either language. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The query parameter that asks for a language (how search engines reach both: decision 0116). */
export const LANGUAGE_PARAM = 'lng';
