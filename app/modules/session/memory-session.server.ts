import { cookieName } from './cookie-policy';
import { COOKIES_REFUSED, COOKIES_REFUSED_HEADER, MEMORY_SESSION_HEADER, MEMORY_SESSION_MAX } from './memory-session';

const COOKIE_VALUE = /^[A-Za-z0-9%._~+/=-]*$/;

/**
 * The Cookie header to read the session from (decision 0101): the browser's own, or, when it holds no session cookie,
 * the session a page without cookies keeps in memory and sends back. It is the same signed value the cookie would
 * carry, checked the same way; a header of any other shape is ignored.
 */
export function sessionCookieHeader(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie');
  const memory = request.headers.get(MEMORY_SESSION_HEADER);
  if (!memory || memory.length > MEMORY_SESSION_MAX || !COOKIE_VALUE.test(memory)) return header;
  if (header?.split(';').some((part) => part.trim().startsWith(`${name}=`))) return header;
  return header ? `${header}; ${name}=${memory}` : `${name}=${memory}`;
}

function setCookiesOf(headers: Headers): string[] {
  const h = headers as Headers & { getAll?: (name: string) => string[] };
  if (typeof h.getSetCookie === 'function') return h.getSetCookie();
  return h.getAll?.('Set-Cookie') ?? [];
}

/**
 * For a page that said its browser refuses cookies: the session cookie this response sets, also as a header the page
 * can read and keep in memory (an empty value when the response clears it). Every other response is left as it is.
 */
export function echoMemorySession(request: Request, headers: Headers): void {
  if (request.headers.get(COOKIES_REFUSED_HEADER) !== COOKIES_REFUSED) return;
  const names = [cookieName('session', 'C'), cookieName('session', 'B')];
  for (const setCookie of setCookiesOf(headers)) {
    const [pair = '', ...attributes] = setCookie.split(';');
    const at = pair.indexOf('=');
    if (at < 0 || !names.includes(pair.slice(0, at).trim())) continue;
    const cleared = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    headers.set(MEMORY_SESSION_HEADER, cleared ? '' : pair.slice(at + 1).trim());
  }
}
