import { appEnvironment } from '~/modules/config/environment.server';
import { decodeJwt } from 'jose';
import { loadShopper } from '~/modules/access/shopper.server';
import { isStaffPath } from '~/modules/access/staff-access';
import { parseHost } from '~/modules/banners/hosts';
import { log } from '~/modules/config/logger.server';
import { parseUserCookie } from '~/modules/identity/user-cookie.server';
import { readSignedCookie } from '~/modules/session/session-cookie.server';
import { readContentMode } from '~/modules/content/content-mode.server';
import { staffPageGrant } from '~/modules/staff/staff-page-cache.server';
import { bumpStateVersion, stateVersion, subjectOf } from './state-versions.server';

/**
 * The app's half of the private page cache (server/private-cache.ts, decision 0027). A signed-in
 * customer's page may be served again to the same Cookie header while nothing of theirs changed. Two
 * rules make that correct across processes:
 * - every lookup resolves the shopper exactly as a page load does (signed cookies, the access token's
 *   signature and expiry, its grant in the shared database), so sign-out and revocation end cached
 *   pages at once in every process;
 * - every state-changing request of a customer (any non-GET, and any response that sets a cookie, such
 *   as sign-in) bumps the customer's version in the shared database before its response leaves, and
 *   the version is part of the cache key, so the next page after a change is rendered afresh anywhere.
 */

export interface PrivatePageGrant {
  /** Whose pages: `c:<customerId>`. */
  subject: string;
  /** The customer's state version, read before the page renders. */
  version: number;
  /** When the access token expires (ms): no page is kept past it. */
  expiresAt: number;
}

/**
 * Whether this request's page may come from (or go into) the private cache, and under which version:
 * only for a signed-in customer (C) whose cookies need no change, and on a staff page only for staff of the
 * page's store. Anything else renders as before.
 */
export async function privatePageGrant(request: Request): Promise<PrivatePageGrant | null> {
  let shopper;
  try {
    shopper = await loadShopper(request);
  } catch {
    return null; // a closed site or a refused request: the render answers it
  }
  if (shopper.userType !== 'C' || !shopper.customer || !shopper.session) return null;
  // A refreshed token, a rebuilt session or a dropped cookie: the render must send the new cookies.
  if (shopper.headers.has('Set-Cookie')) return null;
  // A content editor's page shows drafts (decision 0093): never kept, and never one kept from before.
  if (await readContentMode(request, shopper.host.siteType)) return null;
  const expiresAt = shopper.customer.exp * 1000;
  if (isStaffPath(new URL(request.url).pathname)) {
    const staff = await staffPageGrant(new URL(request.url), shopper.customer);
    return staff && { ...staff, expiresAt };
  }
  const subject = subjectOf(shopper.customer.customerId);
  return { subject, version: await stateVersion(subject), expiresAt };
}

function customerIdOfToken(token: string): string | null {
  try {
    const id = decodeJwt(token).customerId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/** The customer a request's signed user cookie names (signed by us, so authentic; expiry does not matter here). */
async function cookieCustomer(request: Request): Promise<string | null> {
  const host = parseHost(request.headers.get('Host') ?? new URL(request.url).host, appEnvironment());
  const read = await readSignedCookie(request, 'user', host.siteType, parseUserCookie);
  return read.status === 'ok' ? customerIdOfToken(read.value.token) : null;
}

/** The request as the browser will send it next: its cookies with the response's Set-Cookie applied. */
function withResponseCookies(request: Request, setCookies: string[]): Request {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const cookie of setCookies) {
    const pair = cookie.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  const headers = new Headers({ Host: request.headers.get('Host') ?? new URL(request.url).host });
  headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  return new Request(request.url, { headers });
}

/** Whether a handled request may have changed a shopper's state: any non-GET, or any response that sets cookies. */
export function changesState(method: string, setCookies: readonly string[]): boolean {
  return (method !== 'GET' && method !== 'HEAD') || setCookies.length > 0;
}

/**
 * Bumps the version of every customer a state-changing request concerns: the one its user cookie
 * names, the one the response signs in (a guest's cart joins the customer's), and for API calls that
 * succeeded, the bearer token's customer and the `/api/customers/:id/` in the path. Bumping too often
 * only costs a render; missing one would serve a stale page, so the rule errs wide.
 */
export async function noteStateChange(
  request: Request,
  response: { status: number; setCookies: string[]; noted?: readonly string[] },
) {
  if (!changesState(request.method, response.setCookies)) return;
  const customers = new Set<string>();
  const add = (id: string | null) => id && customers.add(id);
  // A GET changes no shopper's state (the CSRF rule, tests/security/csrf.test.ts), except a sign-in
  // callback that names a new customer; a renewed token or a dropped cookie bumps nobody.
  const safe = request.method === 'GET' || request.method === 'HEAD';
  const before = await cookieCustomer(request);
  if (!safe) add(before);
  if (response.setCookies.length) {
    const after = await cookieCustomer(withResponseCookies(request, response.setCookies));
    if (!safe || after !== before) add(after);
  }
  if (response.status < 400) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
    if (bearer) add(customerIdOfToken(bearer[1]!));
    const inPath = /^\/api\/customers\/([^/]+)\//.exec(new URL(request.url).pathname);
    if (inPath) add(inPath[1]!);
  }
  // The action already bumped these in its own transaction, or changed nothing of theirs (STATE_VERSIONS_HANDLED_HEADER).
  const noted = new Set(response.noted ?? []);
  for (const id of customers) {
    if (noted.has(subjectOf(id))) continue;
    try {
      await bumpStateVersion(subjectOf(id));
    } catch (error) {
      // The change itself is done; cached pages of this customer may then live out their TTL (≤ 10 s).
      log.warn('state version not bumped', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
