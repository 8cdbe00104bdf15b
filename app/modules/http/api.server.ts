import { json } from '@remix-run/node';
import type { z } from 'zod';
import { log } from '~/modules/config/logger.server';
import { unavailableDependency, unavailableFor, unavailableJson } from './database-unavailable.server';
import { UNAVAILABLE_MESSAGE } from './unavailable-copy';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { assertSameOrigin, decodeUtf8, hasControlChars, readBodyBytes, safeParseInput } from './forms.server';
import { echoMemorySession } from '~/modules/session/memory-session.server';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
  503: 'Service Unavailable',
  500: 'Internal Server Error',
};

/** The reason phrase a client reads (the profile update reads statusText, spec section 6). */
export function statusTextOf(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

/** JSON error with a stable code, for resource routes. */
export function apiError(status: number, code: string, message: string) {
  return json({ error: { code, message } }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** A 405 that names the methods the address takes, in the Allow header and in its message. */
export function methodNotAllowed(allowed: string, message = `Use ${allowed} for this call.`) {
  const response = apiError(405, 'METHOD_NOT_ALLOWED', message);
  response.headers.set('Allow', allowed);
  return response;
}

export function apiJson<T>(data: T, init: { status?: number; maxAgeSeconds?: number } = {}) {
  return json(data, {
    status: init.status ?? 200,
    headers: { 'Cache-Control': init.maxAgeSeconds ? `public, max-age=${init.maxAgeSeconds}` : 'no-store' },
  });
}

/** The shopper's Set-Cookie headers plus extra headers, without collapsing repeated Set-Cookie values. */
export function withHeaders(base: Headers, extra: Record<string, string>): Headers {
  const headers = new Headers(base);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

const MAX_JSON_BYTES = 16 * 1024;

function containsControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlChars(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsControlChars(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasControlChars(key) || containsControlChars(item, depth + 1));
}

/**
 * The JSON body of an API call: same-origin only (a JSON content type cannot be sent cross-site
 * without a CORS preflight, which is refused), bounded in size, and validated with zod. Anything
 * else is thrown as a JSON error with a stable code.
 */
export async function readJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  assertSameOrigin(request);
  if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/json')) {
    throw apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this request as application/json.');
  }
  // The bounded reader throws {code, message}; API callers get the {error: {code, message}} shape.
  let text: string;
  try {
    text = decodeUtf8(await readBodyBytes(request, MAX_JSON_BYTES));
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const problem = (await error.json()) as { code: string; message: string };
    const response = apiError(error.status, problem.code, problem.message);
    if (error.status === 413) response.headers.set('Connection', 'close');
    throw response;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, 'BAD_JSON', 'The request body is not valid JSON.');
  }
  // JSON.parse turns "\u0000" escapes into NULs: no field of any API takes control characters.
  if (containsControlChars(body)) {
    throw apiError(400, 'BAD_CHARACTERS', 'That request contains characters we cannot accept.');
  }
  const parsed = safeParseInput(schema, body);
  if (!parsed.success) {
    throw apiError(
      400,
      'BAD_REQUEST',
      parsed.error.issues[0]?.message ?? 'The request has a field we do not understand.',
    );
  }
  return parsed.data;
}

/**
 * Wraps a resource route's loader or action: when the database (or a dependency) is unavailable it answers 503 with
 * Retry-After instead of Remix's bare 500 (docs/decisions/0024): `{ error: { code: 'UNAVAILABLE' } }`,
 * or the friendly page for a browser's form post. Every resource route is wrapped
 * (tests/resilience/resource-routes-outage.test.ts walks app/routes to prove it).
 * The 503 is thrown (Remix answers a thrown Response as is), so the route keeps its own return type.
 * Thrown Responses (apiError) and other errors pass through unchanged.
 */
export function apiRoute<A extends { request: Request }, R>(
  handler: (args: A) => R | Promise<R>,
  options: ApiRouteOptions = {},
) {
  const wrapped = async (args: A): Promise<R> => {
    try {
      const result = await handler(args);
      // A page without cookies keeps the session this call sets in memory (decision 0101).
      if (result instanceof Response) echoMemorySession(args.request, result.headers);
      return result;
    } catch (error) {
      const dependency = unavailableDependency(error);
      if (!dependency) throw error;
      log.warn(`${dependency} unavailable`, { url: args.request.url, error: String(error) });
      const response = unavailableFor(args.request);
      if (!options.messageLanguage || !isJsonAnswer(response)) throw response;
      // The code stays UNAVAILABLE for the scripts that read it; the message is the shopper's to read.
      const language = await options.messageLanguage(args.request);
      throw language === 'en' ? response : unavailableJson({}, serverT(language, 'common')(UNAVAILABLE_MESSAGE));
    }
  };
  // Lets the outage test see, from the build, that a resource route is wrapped.
  Object.defineProperty(wrapped, API_ROUTE_MARK, { value: true });
  return wrapped;
}

export interface ApiRouteOptions {
  /** The language of the words a shopper reads in an outage answer (a route a shopper's own browser calls). */
  messageLanguage?: (request: Request) => Promise<Language>;
}

const isJsonAnswer = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('application/json');

/** Set on every function apiRoute() returns. */
export const API_ROUTE_MARK = Symbol.for('pantry.apiRoute');
