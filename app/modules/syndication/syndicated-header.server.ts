import { createHash } from 'node:crypto';
import { loadShopper } from '~/modules/access/shopper.server';
import { bannerById, bannerCssVariables } from '~/modules/banners/banners.server';
import { appEnvironment } from '~/modules/config/environment.server';
import { appEnv, identityConfig } from '~/modules/config/env.server';
import { parseHost } from '~/modules/banners/hosts';
import { storefrontTrustedOrigins } from '~/modules/http/security-headers.server';
import { reconcileSyndicatedCookie } from '~/modules/session/syndicated-cookie.server';
import { storeById } from '~/modules/stores/stores.server';
import { syndicatedHeaderCss, syndicatedHeaderHtml, type SyndicatedHeaderView } from './header-markup';

/** The header changes when the shopper's store does (a new cookie, so a new cache entry): five minutes is plenty. */
const HEADER_MAX_AGE_S = 300;
const STYLESHEET_MAX_AGE_S = 3600;

/**
 * Origins that may embed the header (frame it, or fetch it with the shopper's cookies): SYNDICATION_ORIGINS, and the
 * banners' own hosts; when served on localhost (a developer's machine), any port of localhost (a sibling site under
 * test runs there).
 */
export function syndicationOrigins(request: Request): { exact: string[]; anyLocalhostPort: boolean } {
  const url = new URL(request.url);
  const identityProvider = new URL(identityConfig().issuer).origin;
  const banners = storefrontTrustedOrigins(request).filter((origin) => origin !== identityProvider);
  const configured = appEnv().SYNDICATION_ORIGINS;
  return {
    exact: [...new Set([url.origin, ...(configured ?? []), ...banners])],
    anyLocalhostPort: configured === undefined && isLocalhost(url.hostname),
  };
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

export function mayEmbed(origin: string, allowed: { exact: string[]; anyLocalhostPort: boolean }): boolean {
  if (allowed.exact.includes(origin)) return true;
  if (!allowed.anyLocalhostPort) return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isLocalhost(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

function notModified(request: Request, etag: string): boolean {
  const match = request.headers.get('If-None-Match');
  return Boolean(match && match.split(',').some((tag) => tag.trim() === etag));
}

/**
 * GET /syndication/header.html: the header fragment with the shopper's store from the syndicated cookie (rewritten
 * first when it was bad or stale). Private (it follows the shopper's cookie) but cacheable, with an ETag; framed or
 * fetched with credentials only by the company's sites.
 */
export async function syndicatedHeaderResponse(request: Request): Promise<Response> {
  const shopper = await loadShopper(request);
  const { value, setCookie } = await reconcileSyndicatedCookie(request, shopper.session, shopper.cookie);
  const [banner, store] = await Promise.all([
    bannerById(shopper.host.bannerId),
    value ? storeById(value.storeId) : Promise.resolve(undefined),
  ]);
  const view: SyndicatedHeaderView = {
    origin: shopper.url.origin,
    bannerName: banner.name,
    signedIn: shopper.userType === 'C',
    store:
      value && store
        ? {
            name: store.name,
            address: `${store.address1}, ${store.city}`,
            preference: value.preference,
          }
        : null,
  };
  const body = syndicatedHeaderHtml(view);
  const etag = etagOf(body);
  const headers = new Headers();
  for (const cookie of shopper.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  if (setCookie) headers.append('Set-Cookie', setCookie);
  const allowed = syndicationOrigins(request);
  const origin = request.headers.get('Origin');
  if (origin && mayEmbed(origin, allowed)) {
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Allow-Credentials', 'true');
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(
    'Cache-Control',
    headers.has('Set-Cookie') ? 'private, no-cache' : `private, max-age=${HEADER_MAX_AGE_S}`,
  );
  headers.set('Vary', 'Cookie, Origin');
  headers.set('ETag', etag);
  const ancestors = [
    ...allowed.exact,
    ...(allowed.anyLocalhostPort ? ['http://localhost:*', 'http://*.localhost:*'] : []),
  ];
  headers.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${shopper.url.origin}; form-action ${shopper.url.origin}; frame-ancestors ${ancestors.join(' ')}; base-uri 'none'`,
  );
  if (notModified(request, etag) && !headers.has('Set-Cookie')) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

/** GET /syndication/header.css: the header's stylesheet in the banner's colours; public, an hour, with an ETag. */
export async function syndicatedHeaderStylesheet(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const host = parseHost(request.headers.get('Host') ?? url.host, appEnvironment());
  const variables = bannerCssVariables(await bannerById(host.bannerId));
  const body = syndicatedHeaderCss({
    brand: variables['--brand'] ?? '',
    brandDark: variables['--brand-dark'] ?? '',
    brandSoft: variables['--brand-soft'] ?? '',
  });
  const etag = etagOf(body);
  const headers = new Headers({
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': `public, max-age=${STYLESHEET_MAX_AGE_S}`,
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
  });
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
