/**
 * Spec section 5: redirect targets must be relative paths or on a trusted domain list; anything
 * else goes to the default redirect URL. Pure, so it is property-tested.
 */
export interface RedirectPolicy {
  /**
   * Origins an absolute target may go to, scheme, host and port all exact (`https://shop.pantry.example`,
   * `http://sunridge.localhost:3000`): no wildcard, so a trusted name never vouches for its subdomains,
   * another port (another program on the same machine) or plain http.
   */
  trustedOrigins: readonly string[];
  defaultUrl: string;
}

// Control characters and backslashes make browsers and URL parsers disagree; never follow them.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** A configured trusted origin in its one spelling (`url.origin`), or null when it is not an http(s) origin. */
export function parseTrustedOrigin(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}

export function isTrustedOrigin(url: URL, trustedOrigins: readonly string[]): boolean {
  return trustedOrigins.some((origin) => parseTrustedOrigin(origin) === url.origin);
}

/** Returns the target when it is safe to follow, else the policy's default URL. */
export function safeRedirect(target: unknown, policy: RedirectPolicy): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return policy.defaultUrl;
  const decoded = decodeFully(target);
  if (decoded === null || UNSAFE_CHARS.test(target) || UNSAFE_CHARS.test(decoded)) return policy.defaultUrl;

  if (target.startsWith('/')) {
    if (target.startsWith('//') || decoded.startsWith('//')) return policy.defaultUrl;
    // Parse against a sentinel origin: a relative path must not be able to change origin.
    const sentinel = 'http://relative.invalid';
    let parsed: URL;
    try {
      parsed = new URL(target, sentinel);
    } catch {
      return policy.defaultUrl;
    }
    if (parsed.origin !== sentinel) return policy.defaultUrl;
    // Dot segments collapse ("/.//evil" → "//evil"): the normalised path must not become
    // protocol-relative either.
    if (parsed.pathname.startsWith('//')) return policy.defaultUrl;
    return parsed.pathname + parsed.search + parsed.hash;
  }

  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return policy.defaultUrl;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return policy.defaultUrl;
  if (parsed.username || parsed.password) return policy.defaultUrl;
  if (!isTrustedOrigin(parsed, policy.trustedOrigins)) return policy.defaultUrl;
  return parsed.toString();
}

/**
 * Edits the query or hash of a target safeRedirect gave and returns it in the same form: a path stays a path (and
 * never starts with "//"), an absolute URL on a trusted host keeps its origin. Taking only the path of an absolute
 * target is not safe: "https://trusted.example//evil.example/" has the path "//evil.example/", which a browser
 * follows to evil.example.
 */
export function editTarget(target: string, edit: (url: URL) => void): string {
  const relative = target.startsWith('/');
  const url = new URL(target, 'http://relative.invalid');
  edit(url);
  if (!relative) return url.toString();
  return url.pathname.replace(/^\/+/, '/') + url.search + url.hash;
}

/** Spec section 2: the referrer parameters, `r` and `referrer`, survive redirects like the marketing ones. */
export const REFERRER_PARAMS = ['r', 'referrer'] as const;

/**
 * Copies the allowed marketing parameters and the referrer parameters from the current URL
 * onto a redirect target, so campaigns survive every redirect.
 */
export function carryMarketingParams(target: string, current: URL, allowed: readonly string[]): string {
  const keep = [...allowed, ...REFERRER_PARAMS];
  const carried = keep.filter((name) => current.searchParams.has(name));
  if (carried.length === 0) return target;
  const isRelative = target.startsWith('/');
  const url = new URL(target, isRelative ? 'http://relative.invalid' : undefined);
  for (const name of carried) {
    if (!url.searchParams.has(name)) {
      for (const value of current.searchParams.getAll(name)) url.searchParams.append(name, value);
    }
  }
  return isRelative ? url.pathname + url.search + url.hash : url.toString();
}
