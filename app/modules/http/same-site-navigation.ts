/** Reads one request header: a Fetch `Headers`, or Koa's `ctx.get` (which answers '' when absent). */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

function originOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a top-level navigation comes from one of our own origins (decision 0065), so a GET may act on the
 * visitor's session (sign-out, the service page): the storefront and the identity provider share this rule.
 * Origin, else Referer, must name one of `ownOrigins` exactly (scheme, host and port). Without either, only
 * Sec-Fetch-Site `same-origin` (a page of this origin) or `none` (the visitor typed it, a bookmark) is ours;
 * `same-site` is not, since any port on the same host or a sibling subdomain is "same site". A browser that
 * sends nothing at all is not trusted: the caller shows a confirmation instead.
 */
export function isOwnNavigation(headers: HeaderReader, ownOrigins: readonly string[]): boolean {
  const read = (name: string) => headers.get(name) || null;
  const origin = read('Origin');
  if (origin !== null) return origin !== 'null' && ownOrigins.includes(origin);
  const referer = read('Referer');
  if (referer !== null) {
    const source = originOfUrl(referer);
    return source !== null && ownOrigins.includes(source);
  }
  const site = read('Sec-Fetch-Site');
  return site === 'same-origin' || site === 'none';
}

/**
 * Whether a page request was started by another site (login CSRF, decision 0062): more lenient than
 * isOwnNavigation, since it only decides whether silent sign-on may start on this request. Sec-Fetch-Site says
 * so; a browser that does not send it names, in Origin or Referer, another origin than `ownOrigins`. Same-site (a
 * sibling banner), typed and bookmarked navigations, and callers that send nothing, are not.
 */
export function isCrossSiteNavigation(headers: HeaderReader, ownOrigins: readonly string[]): boolean {
  const site = headers.get('Sec-Fetch-Site') || null;
  if (site !== null) return site === 'cross-site';
  const from = headers.get('Origin') || headers.get('Referer') || null;
  if (from === null) return false;
  const source = originOfUrl(from);
  return source === null || !ownOrigins.includes(source);
}
