import type { Language } from './languages';

/**
 * The strings a page needs, one language, keyed by their English wording (decision 0116). English pages carry only
 * the plural forms; a key without an entry is its own English text.
 */
export type Strings = Readonly<Record<string, string>>;
export type TranslateOptions = Readonly<Record<string, string | number>> & { count?: number };
export type T = (key: string, options?: TranslateOptions) => string;

/**
 * i18next's lookup for the subset the storefront uses: a key, CLDR plural forms (`key_one`, `key_other`, chosen by
 * `count` through Intl.PluralRules: a language's rules are its US locale's) and `{{name}}` interpolation, not escaped (React escapes). The browser runs this
 * instead of shipping i18next; a unit test holds it to i18next's own answers for every key in both languages.
 */
export function translate(strings: Strings, language: Language, key: string, options?: TranslateOptions): string {
  let template: string | undefined;
  if (options && typeof options.count === 'number') {
    template = strings[`${key}_${new Intl.PluralRules(language).select(options.count)}`] ?? strings[`${key}_other`];
  }
  template ??= strings[key] ?? key;
  if (!options || !template.includes('{{')) return template;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  );
}

export const translator =
  (strings: Strings, language: Language): T =>
  (key, options) =>
    translate(strings, language, key, options);
