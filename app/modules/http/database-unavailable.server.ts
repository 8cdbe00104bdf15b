import { DependencyUnavailableError } from './dependency-unavailable';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from './unavailable-copy';

/**
 * When the database cannot serve a request (locked, read-only, gone, out of connections) the
 * shopper gets a 503 with Retry-After and a friendly page or `{ code: 'UNAVAILABLE' }`, never a 500.
 * This module decides which errors mean "the database is unavailable right now" (docs/decisions/0024).
 */

/** Seconds a client should wait before trying again (a lock or restart usually clears within seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** SQLite result codes (better-sqlite3's `code`, extended codes start with these) that mean "not now". */
const SQLITE_UNAVAILABLE = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
];

/** PostgreSQL SQLSTATEs: connection exceptions (08…), shutdown/cannot connect now (57P…), too many connections, read-only. */
const PG_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const PG_UNAVAILABLE_CLASSES = ['08'];

/** Socket errors a driver reports when the server is down or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/** pg and pg-pool report these as plain Errors without a code. */
const PG_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'the database system is starting up',
  'the database system is shutting down',
];

function codeOf(value: object): string | undefined {
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function matches(error: object): boolean {
  const code = codeOf(error);
  if (code) {
    if (SQLITE_UNAVAILABLE.some((base) => code === base || code.startsWith(`${base}_`))) return true;
    if (PG_UNAVAILABLE_STATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_UNAVAILABLE_CLASSES.some((cls) => code.startsWith(cls))) return true;
    if (NETWORK_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && PG_MESSAGES.some((text) => message.includes(text));
}

/**
 * True when `error` (or its cause, or one of an AggregateError's errors: Node reports a refused
 * `localhost` connection on both ::1 and 127.0.0.1 that way) says the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (matches(error)) return true;
  const nested = error as { cause?: unknown; errors?: unknown };
  if (nested.cause && isDatabaseUnavailable(nested.cause, depth + 1)) return true;
  return Array.isArray(nested.errors) && nested.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * What could not answer when `error` means an outage rather than a bug: 'database', or the dependency a
 * DependencyUnavailableError names (the identity provider's keys). Null for any other error.
 */
export function unavailableDependency(error: unknown): string | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  return isDatabaseUnavailable(error) ? 'database' : null;
}

/** Requests whose loader or action failed because the database (or a dependency) was unavailable. */
const unavailableRequests = new WeakSet<Request>();

/** Marks the request for a 503 when `error` is an outage (handleError calls it); returns what was unavailable. */
export function markIfUnavailable(request: Request, error: unknown): string | null {
  const dependency = unavailableDependency(error);
  if (dependency) unavailableRequests.add(request);
  return dependency;
}

export function wasUnavailable(request: Request): boolean {
  return unavailableRequests.has(request);
}

export const unavailableHeaders = (): Record<string, string> => ({
  'Retry-After': String(RETRY_AFTER_SECONDS),
  'Cache-Control': 'no-store',
});

/** The JSON answer for API and Remix data requests; `message` is the words a person reads (English by default). */
export function unavailableJson(extraHeaders: Record<string, string> = {}, message = UNAVAILABLE_MESSAGE): Response {
  return new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message } }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...unavailableHeaders(), ...extraHeaders },
  });
}

type RenderDocument = (stylesheets: string[]) => string;

// The page is a React component (components/UnavailablePage.tsx), and modules render no components: the
// server's entry (entry.server.tsx) hands its renderer in when the build loads. Until then, plain words.
let renderDocument: RenderDocument = () =>
  `<html lang="en"><head><meta charset="utf-8"/><title>${UNAVAILABLE_TITLE} | Pantry</title></head>` +
  `<body><h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_MESSAGE}</p></body></html>`;

/** Sets how the friendly 503 document is rendered (entry.server.tsx, once). */
export function renderUnavailableDocumentWith(render: RenderDocument): void {
  renderDocument = render;
}

/** The friendly 503 document (no scripts, nothing to hydrate), with the app's stylesheets when known. */
export function unavailableHtml(stylesheets: string[] = [], headers: Headers = new Headers()): Response {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(unavailableHeaders())) merged.set(name, value);
  merged.set('Content-Type', 'text/html; charset=utf-8');
  const html = `<!DOCTYPE html>${renderDocument(stylesheets)}`;
  return new Response(html, { status: 503, statusText: 'Service Unavailable', headers: merged });
}

/** A browser's form post (no JavaScript) asks for HTML; scripts and API clients get JSON. */
export function unavailableFor(request: Request): Response {
  const accept = request.headers.get('Accept') ?? '';
  const url = new URL(request.url);
  return accept.includes('text/html') && !url.searchParams.has('_data') ? unavailableHtml() : unavailableJson();
}
