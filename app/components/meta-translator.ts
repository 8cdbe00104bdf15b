import type { Language } from '~/modules/i18n/languages';
import { translator, type Strings, type T } from '~/modules/i18n/translate';

/** A `meta` function's translate function, from the matched routes' strings (`meta({ matches })`). */
export function metaTranslator(matches: readonly { data?: unknown }[]): T {
  const language = (matches[0]?.data as { language?: Language } | undefined)?.language ?? 'en';
  const strings = Object.assign({}, ...matches.map((match) => (match.data as { i18n?: Strings } | null)?.i18n));
  return translator(strings as Strings, language);
}
