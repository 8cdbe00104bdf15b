import { appEnvironment } from '~/modules/config/environment.server';
import { BANNER_IDS, hostForBanner, parseHost } from '~/modules/banners/hosts';
import { identityConfig } from '~/modules/config/env.server';
import { freshNonce } from './nonce.server';

/** A fresh nonce per HTML response (128 random bits), the only way an inline script or style runs. */
export function createNonce(): string {
  return freshNonce();
}

export interface PolicyOptions {
  /** This response's nonce; without one (data and JSON responses) nothing inline may run. */
  nonce?: string;
  /** Origins the pages talk to besides their own: the identity provider (sign-in redirects, lifecycle refresh). */
  trustedOrigins?: string[];
  /** Who may frame the page: the storefront allows itself, the identity provider nobody. */
  frameAncestors?: "'self'" | "'none'";
  /** Further origins this page's forms may post to (a SAML answer posts to another site's registered address). */
  formActionOrigins?: string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The enforced Content-Security-Policy (decision 0021). Pages load only their own scripts and the
 * nonce'd inline ones Remix renders; forms and fetches go to this origin or the identity provider
 * (sign-in posts here, then redirects there, and Chromium checks form-action on every redirect).
 */
export function contentSecurityPolicy({
  nonce,
  trustedOrigins = [],
  frameAncestors = "'self'",
  formActionOrigins = [],
}: PolicyOptions): string {
  const others = [...new Set(trustedOrigins.map(originOf).filter((o): o is string => Boolean(o)))];
  const formTargets = [
    ...new Set([...others, ...formActionOrigins.map(originOf).filter((o): o is string => Boolean(o))]),
  ];
  const inline = nonce ? ` 'nonce-${nonce}'` : '';
  const liveReload = liveReloadSocketOrigin();
  return [
    `default-src 'self'`,
    `script-src 'self'${inline}`,
    `style-src 'self'${inline}`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self'${[...others, ...liveReload].map((o) => ` ${o}`).join('')}`,
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    `frame-ancestors ${frameAncestors}`,
    `object-src 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/** Under `npm run dev` only: the socket through which remix dev tells the page to reload. */
function liveReloadSocketOrigin(env = process.env): string[] {
  if (env.NODE_ENV !== 'development' || !env.REMIX_DEV_ORIGIN) return [];
  const origin = originOf(env.REMIX_DEV_ORIGIN);
  return origin ? [origin.replace(/^http/, 'ws')] : [];
}

/**
 * The origins a storefront page may post to or call besides its own: the identity provider, and the
 * other banners' hosts of the same site (a store of another banner hands the shopper off there, and a
 * form whose answer redirects to another origin is checked against form-action).
 */
export function storefrontTrustedOrigins(request: Request): string[] {
  const url = new URL(request.url);
  const host = parseHost(request.headers.get('Host') ?? url.host, appEnvironment());
  const siblings = BANNER_IDS.map((banner) => `${url.protocol}//${hostForBanner(host, banner, url.port || null)}`);
  return [identityConfig().issuer, ...siblings.filter((origin) => origin !== url.origin)];
}

/** A year, subdomains (the banners' hosts) included; browsers keep it only from an https answer. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * HSTS for every environment but a developer's machine, which serves plain http on localhost (a
 * remembered HSTS entry for localhost would break every local project on that browser).
 */
export function strictTransportSecurity(environment = appEnvironment()): string | null {
  return environment === 'local-origin' ? null : STRICT_TRANSPORT_SECURITY;
}

/** Baseline headers on every HTML and data response, the CSP among them. */
export function applySecurityHeaders(headers: Headers, policy: PolicyOptions = {}) {
  const hsts = strictTransportSecurity();
  if (hsts) headers.set('Strict-Transport-Security', hsts);
  headers.set('Content-Security-Policy', contentSecurityPolicy(policy));
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', policy.frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
}
