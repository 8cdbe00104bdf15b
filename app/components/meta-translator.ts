import type { Language } from '~/modules/i18n/languages';
import { matchedStrings } from '~/modules/i18n/page-strings';
import { translator, type T } from '~/modules/i18n/translate';

/** A `meta` function's translate function, from the matched routes' strings (`meta({ matches })`). */
export function metaTranslator(matches: readonly { data?: unknown }[]): T {
  const language = (matches[0]?.data as { language?: Language } | undefined)?.language ?? 'en';
  return translator(matchedStrings(matches), language);
}
