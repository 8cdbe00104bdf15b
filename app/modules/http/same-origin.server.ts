import { json } from '@remix-run/node';

export const CROSS_SITE_MESSAGE = 'This form must be sent from our own pages.';

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The storefront's one CSRF rule (decision 0021): a request that may change something must come from
 * a page of this very origin. Browsers say where a request comes from with Sec-Fetch-Site, Origin and
 * Referer; any of them naming another site or origin (a sibling banner host included: same site,
 * other origin, where SameSite=Lax does not help) refuses the request with a 403 before it is read.
 * A caller that sends none of them is no browser, so it cannot be riding a shopper's cookies.
 */
export function isCrossSite(request: Pick<Request, 'method' | 'url' | 'headers'>): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  // A bearer call authenticates itself: a page of another site cannot add an Authorization header
  // without a CORS preflight, which the storefront never grants (spec section 6 callers, assistants).
  if (/^Bearer\s/i.test(request.headers.get('Authorization') ?? '')) return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const host = request.headers.get('Host') ?? new URL(request.url).host;
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === 'null' || hostOf(origin) !== host;
  const referer = request.headers.get('Referer');
  if (referer) return hostOf(referer) !== host;
  return false;
}

export function assertSameOrigin(request: Request) {
  if (isCrossSite(request)) {
    throw json(
      { code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

function originOfUrl(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a page request was started by another site (login CSRF, decision 0062): Sec-Fetch-Site says so, or
 * a browser that does not send it names another origin than this one and `trusted` (the sibling banners) in
 * Origin or Referer. Same-site (a sibling banner) and typed or bookmarked navigations are not.
 */
export function isCrossSiteNavigation(request: Pick<Request, 'url' | 'headers'>, trusted: readonly string[]): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'cross-site';
  const from = request.headers.get('Origin') ?? request.headers.get('Referer');
  if (!from) return false;
  const origin = from === 'null' ? null : originOfUrl(from);
  if (!origin) return true;
  const url = new URL(request.url);
  const own = `${url.protocol}//${request.headers.get('Host') ?? url.host}`;
  return origin !== own && !trusted.includes(origin);
}
