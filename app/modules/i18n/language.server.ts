import { parseHost, type SiteType } from '~/modules/banners/hosts';
import { appEnvironment } from '~/modules/config/environment.server';
import { readSignedCookie, writeCookie, type CookieContext } from '~/modules/session/session-cookie.server';
import { languageOfHeader } from './accept-language.server';
import { isLanguage, LANGUAGE_PARAM, type Language } from './languages';

const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;
/** The language a `?lng=` parameter names, when it is one of Pantry's (anything else is ignored). */
export function languageOfParam(url: URL): Language | null {
  const asked = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(asked) ? asked : null;
}

/** The shopper's own choice, from the signed language cookie. */
export async function languageOfCookie(request: Request, siteType: SiteType): Promise<Language | null> {
  const read = await readSignedCookie(request, 'language', siteType, (value) => (isLanguage(value) ? value : null));
  return read.status === 'ok' ? read.value : null;
}

/**
 * The language a page answers in: `?lng=` (links and search engines), then the shopper's choice (the cookie,
 * which sign-in fills from the profile), then the browser's Accept-Language, then English.
 */
export async function detectLanguage(request: Request, url: URL, siteType: SiteType): Promise<Language> {
  return (
    languageOfParam(url) ??
    (await languageOfCookie(request, siteType)) ??
    (await languageOfHeader(request.headers.get('Accept-Language')))
  );
}

export function languageCookie(language: Language, context: CookieContext): Promise<string> {
  return writeCookie('language', language, context, { maxAgeSeconds: LANGUAGE_COOKIE_SECONDS });
}

/** The language of a request that needs no shopper (a public JSON call): its host's site, then detectLanguage. */
export function requestLanguage(request: Request): Promise<Language> {
  const url = new URL(request.url);
  const host = parseHost(request.headers.get('Host') ?? url.host, appEnvironment());
  return detectLanguage(request, url, host.siteType);
}
