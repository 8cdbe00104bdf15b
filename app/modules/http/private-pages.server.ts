import { appEnvironment } from '~/modules/config/environment.server';
import { decodeJwt } from 'jose';
import { sql, type Kysely, type Transaction } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { loadShopper } from '~/modules/access/shopper.server';
import { parseHost } from '~/modules/banners/hosts';
import { log } from '~/modules/config/logger.server';
import { parseUserCookie } from '~/modules/identity/user-cookie.server';
import { readSignedCookie } from '~/modules/session/session-cookie.server';

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

export const subjectOf = (customerId: string | number) => `c:${String(customerId)}`;

const versionOf = compiledOnce((db, subject: string) =>
  db.selectFrom('shopper_state_versions').select('version').where('subject', '=', subject).compile(),
);

/** The customer's state version: every private-cache lookup reads it (compiled once). */
export async function stateVersion(subject: string): Promise<number> {
  const [row] = await versionOf(db(), subject);
  return row ? Number(row.version) : 0;
}

/**
 * The statement that moves a customer's version on, for a caller that runs it inside its own transaction or
 * statement (an action's write and its bump commit together, one WAL flush instead of two).
 */
export function stateVersionBump(conn: Kysely<Database> | Transaction<Database>, subject: string, now: string) {
  return conn
    .insertInto('shopper_state_versions')
    .values({ subject, version: 1, changed_at: now })
    .onConflict((conflict) =>
      conflict.column('subject').doUpdateSet((eb) => ({
        version: eb('shopper_state_versions.version', '+', 1),
        changed_at: now,
      })),
    );
}

/**
 * stateVersionBump as a PostgreSQL CTE (`, version as (…)`) that moves the version on once for each row of the
 * statement's own CTE `source`: a write and its bump in one statement, only when the write returned a row.
 */
export function stateVersionBumpFrom(source: string, subject: string, now: string) {
  return sql`, version as (
      insert into shopper_state_versions (subject, version, changed_at)
      select ${subject}::text, 1, ${now}::text from ${sql.table(source)}
      on conflict (subject) do update
        set version = shopper_state_versions.version + 1, changed_at = excluded.changed_at
      returning version
    )`;
}

/** stateVersionBump compiled once, for a transaction that bumps beside its own write (SQLite's actions). */
export const compiledStateVersionBump = compiledOnce((db, subject: string, now: string) =>
  stateVersionBump(db, subject, now).compile(),
);

export async function bumpStateVersion(subject: string): Promise<void> {
  await stateVersionBump(db(), subject, new Date().toISOString()).execute();
}

/**
 * Whether this request's page may come from (or go into) the private cache, and under which version:
 * only for a signed-in customer (C) whose cookies need no change. Anything else renders as before.
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
  const subject = subjectOf(shopper.customer.customerId);
  return { subject, version: await stateVersion(subject), expiresAt: shopper.customer.exp * 1000 };
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
