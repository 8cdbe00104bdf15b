import { randomBytes } from 'node:crypto';

/** A fresh nonce per HTML response (128 random bits), the only way an inline script or style runs. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PolicyOptions {
  /** This response's nonce; without one (data and JSON responses) nothing inline may run. */
  nonce?: string;
  /** Origins the pages talk to besides their own: the identity provider (sign-in redirects, lifecycle refresh). */
  trustedOrigins?: string[];
  /** Who may frame the page: the storefront allows itself, the identity provider nobody. */
  frameAncestors?: "'self'" | "'none'";
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
}: PolicyOptions): string {
  const others = [...new Set(trustedOrigins.map(originOf).filter((o): o is string => Boolean(o)))];
  const inline = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    `default-src 'self'`,
    `script-src 'self'${inline}`,
    `style-src 'self'${inline}`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self'${others.map((o) => ` ${o}`).join('')}`,
    `form-action 'self'${others.map((o) => ` ${o}`).join('')}`,
    `frame-ancestors ${frameAncestors}`,
    `object-src 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/** Baseline headers on every HTML and data response, the CSP among them. */
export function applySecurityHeaders(headers: Headers, policy: PolicyOptions = {}) {
  headers.set('Content-Security-Policy', contentSecurityPolicy(policy));
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', policy.frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
}
