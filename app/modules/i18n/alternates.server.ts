import { originOf } from '~/modules/http/request-origin';
import { LANGUAGE_PARAM, LANGUAGES } from './languages';

/**
 * The page's `hreflang` alternates: the same URL with `?lng=` for each language, and without it as x-default
 * (which answers in the browser's language). Search engines index both languages from these (decision 0116).
 */
export function languageAlternates(request: Request, url: URL): { hreflang: string; href: string }[] {
  const origin = originOf(request);
  const base = new URL(url.pathname + url.search, origin);
  base.searchParams.delete(LANGUAGE_PARAM);
  base.searchParams.delete('_data');
  const withLanguage = (language: string) => {
    const href = new URL(base);
    href.searchParams.set(LANGUAGE_PARAM, language);
    return href.toString();
  };
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: withLanguage(language) })),
    { hreflang: 'x-default', href: base.toString() },
  ];
}
