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
 * The storefront's one CSRF rule (decisions 0021, 0063): a request that may change something must come
 * from a page of this very origin. Browsers say where a request comes from with Sec-Fetch-Site, Origin
 * and Referer; any of them naming another site or origin (a sibling banner host included: same site,
 * other origin, where SameSite=Lax does not help) refuses the request with a 403 before it is read.
 * A caller that sends none of them is no browser, so it cannot be riding a shopper's cookies.
 * An Authorization header alone changes nothing here: only a bearer token that was checked and
 * authenticates the call lifts the rule (see `authenticatedByBearer`).
 */
export function isCrossSite(request: Pick<Request, 'method' | 'url' | 'headers'>): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const host = request.headers.get('Host') ?? new URL(request.url).host;
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === 'null' || hostOf(origin) !== host;
  const referer = request.headers.get('Referer');
  if (referer) return hostOf(referer) !== host;
  return false;
}

const bearerCalls = new WeakSet<Request>();

/**
 * Records that a verified bearer token is what authenticates this request (the customer services, spec
 * section 6): no browser attaches one to a cross-site request on its own, so the call needs no CSRF check.
 * A token that fails its check records nothing, and the call is then judged like any cookie call.
 */
export function authenticatedByBearer(request: Request) {
  bearerCalls.add(request);
}

export function assertSameOrigin(request: Request) {
  if (bearerCalls.has(request)) return;
  if (isCrossSite(request)) {
    throw json(
      { code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}
