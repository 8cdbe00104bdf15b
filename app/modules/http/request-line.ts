/**
 * What the storefront answers before it looks at a request's route (decision 0063): a request line or
 * Host header it cannot turn into a URL of its own is a client's mistake (400), a method it never
 * serves is refused with the methods it does (405), and a method it does not know is 501. Pure, so the
 * server and the unit tests share it.
 */
export interface RequestLine {
  method: string;
  /** The request target as sent: `/path?query`, `http://host/`, `*`. */
  target: string;
  /** The Host header as sent; undefined when there is none. */
  host: string | undefined;
  /** HTTP/1.0 clients may leave the Host out. */
  httpVersion?: string;
}

export interface RequestProblem {
  status: 400 | 405 | 501;
  code: 'BAD_REQUEST' | 'METHOD_NOT_ALLOWED' | 'NOT_IMPLEMENTED';
  message: string;
  /** The Allow header of a 405. */
  allow?: string;
}

/** Every method some route of the storefront answers. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Methods HTTP defines that no route serves: TRACE would echo the request (cookies included) back. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

export const BAD_REQUEST_MESSAGE = 'We could not understand that request. Check the address and try again.';

// RFC 3986 reg-name (letters, digits, hyphens, dots) or a bracketed IPv6 literal, then an optional port.
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** A Host header the storefront can build a URL from: a host name or IP, and a port from 1 to 65535. */
export function isValidHostHeader(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  const match = HOST_HEADER.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The problem with a request line, or null when the storefront can route it. */
export function requestLineProblem(line: RequestLine): RequestProblem | null {
  const method = line.method.toUpperCase();
  if (REFUSED_METHODS.has(method)) {
    return {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `We do not accept ${method} requests.`,
      allow: SERVED_METHODS.join(', '),
    };
  }
  if (!(SERVED_METHODS as readonly string[]).includes(method)) {
    return { status: 501, code: 'NOT_IMPLEMENTED', message: `We do not support the ${method} method.` };
  }
  const bad = { status: 400, code: 'BAD_REQUEST', message: BAD_REQUEST_MESSAGE } as const;
  // Only origin-form targets ("/path"): an absolute URL or "*" names no page of this storefront.
  if (!line.target.startsWith('/') || line.target.startsWith('//')) return bad;
  if (line.host === undefined) return line.httpVersion === '1.0' ? null : bad;
  if (!isValidHostHeader(line.host)) return bad;
  return null;
}
