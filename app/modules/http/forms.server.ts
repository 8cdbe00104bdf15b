import { json } from '@remix-run/node';
import { ZodError, z } from 'zod';
import type { Language } from '~/modules/i18n/languages';
import { wordsInAnyNamespace } from '~/modules/i18n/translations.server';
import { assertSameOrigin } from './same-origin.server';

/** The largest form any page posts (the longest is a few KB); bigger bodies are refused with 413. */
export const MAX_FORM_BYTES = 64 * 1024;

export interface BadInput {
  code: string;
  message: string;
}

export const BAD_INPUT = {
  tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: 'That request was too large.' },
  unreadable: { code: 'BAD_FORM', message: 'We could not read that form. Please try again.' },
  badEncoding: { code: 'BAD_ENCODING', message: 'That request is not valid UTF-8 text.' },
  controlChars: { code: 'BAD_CHARACTERS', message: 'That request contains characters we cannot accept.' },
  formType: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send this form from our page (a web form).' },
} as const satisfies Record<string, BadInput>;

/** A thrown JSON error with a stable code: pages show its message, API callers read the code. */
export function badInput(status: number, problem: BadInput): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  // The rest of an oversized upload is never read: close the connection instead of draining it.
  if (status === 413) headers.Connection = 'close';
  return json(problem, { status, headers });
}

/** For actions that never read their body: a declared body over the limit is still refused with 413. */
export function refuseLargeBody(request: Request, limit = MAX_FORM_BYTES) {
  const declared = request.headers.get('Content-Length');
  if (declared !== null && !(Number(declared) <= limit)) throw badInput(413, BAD_INPUT.tooLarge);
}

/**
 * Reads a request body into memory, but never more than `limit` bytes: a declared Content-Length over
 * the limit is refused before reading, and a chunked body stops being read as soon as it passes it.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  refuseLargeBody(request, limit);
  if (request.bodyUsed) throw badInput(400, BAD_INPUT.unreadable);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw badInput(413, BAD_INPUT.tooLarge);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw badInput(400, BAD_INPUT.unreadable);
  } finally {
    // Stop pulling (no cancel: cancelling destroys the socket before the 413 is written).
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as text, refusing invalid UTF-8 rather than silently replacing it. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw badInput(400, BAD_INPUT.badEncoding);
  }
}

// NUL and other C0 controls (except tab, LF, CR, which textareas send) have no place in any field.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A lone UTF-16 surrogate (JSON's "\ud800") is no character at all: it cannot be stored as UTF-8 text
// (PostgreSQL refuses it, SQLite keeps a replacement) nor shown back to the shopper.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value);
}

export type FormValues = Record<string, string | string[]>;

/**
 * safeParse that never throws: a coercing schema calls toString/valueOf on what it is given, and a JSON
 * body like {"id": {"toString": []}} makes that throw a TypeError (a 5xx). Any such throw is a refusal.
 */
export function safeParseInput<S extends z.ZodTypeAny>(
  schema: S,
  input: unknown,
  errorMap?: z.ZodErrorMap,
): z.SafeParseReturnType<unknown, z.infer<S>> {
  try {
    return schema.safeParse(input, errorMap ? { errorMap } : undefined);
  } catch {
    return {
      success: false,
      error: new ZodError([{ code: 'custom', path: [], message: 'The request has a value we do not understand.' }]),
    };
  }
}

/**
 * The one place a form body is read: urlencoded or multipart, at most MAX_FORM_BYTES, valid UTF-8,
 * no control characters. Files are ignored (no page uploads one). Throws a 4xx JSON error otherwise.
 */
export async function readFormValues(request: Request): Promise<FormValues> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  const urlencoded = type.startsWith('application/x-www-form-urlencoded');
  if (!urlencoded && !type.startsWith('multipart/form-data')) throw badInput(415, BAD_INPUT.formType);
  const bytes = await readBodyBytes(request, MAX_FORM_BYTES);
  let entries: Iterable<[string, FormDataEntryValue]>;
  if (urlencoded) {
    const text = decodeUtf8(bytes);
    // Percent-escapes can smuggle invalid UTF-8 too (%FF): URLSearchParams would replace it silently.
    for (const match of text.matchAll(/(?:%[0-9a-fA-F]{2})+/g)) {
      try {
        decodeURIComponent(match[0]);
      } catch {
        throw badInput(400, BAD_INPUT.badEncoding);
      }
    }
    entries = new URLSearchParams(text);
  } else {
    decodeUtf8(bytes);
    try {
      entries = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
    } catch {
      throw badInput(400, BAD_INPUT.unreadable);
    }
  }
  const values: FormValues = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue;
    if (hasControlChars(key) || hasControlChars(value)) throw badInput(400, BAD_INPUT.controlChars);
    const existing = values[key];
    values[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return values;
}

// CSRF: the one same-origin rule lives in same-origin.server; re-exported for the callers that use it here.
export { assertSameOrigin };

/**
 * A form field holding what no page of ours posts (a tampered intent, a missing field): zod's own words are neither
 * for shoppers nor in their language, so every message a schema does not write itself reads this (a common string).
 */
export const FORM_NOT_VALID_MESSAGE = 'Something in the form was not valid. Please check it and try again.';
// Passed to parse, this map has the last word over a schema's own (`z.enum(…, { message })`): it keeps any
// message that is not zod's built-in one.
const shopperWords: z.ZodErrorMap = (issue, ctx) => {
  const zodOwn = z.defaultErrorMap(issue, { data: ctx.data, defaultError: '' }).message;
  return { message: ctx.defaultError === zodOwn ? FORM_NOT_VALID_MESSAGE : ctx.defaultError };
};

export type FormResult<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; errors: Record<string, string>; message: string; values: FormValues };

/**
 * Reads a urlencoded or multipart form (same-origin only, bounded size) and validates it with zod.
 * Invalid input comes back as field messages for the page to show; nothing is thrown for it.
 */
export async function parseForm<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<FormResult<z.infer<S>>> {
  assertSameOrigin(request);
  const values = await readFormValues(request);
  const parsed = safeParseInput(schema, values, shopperWords);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, message: Object.values(errors)[0] ?? 'Please check the form.', values };
}

/** What a bad query parameter reads when its schema wrote no message of its own (zod's words are not for shoppers). */
export const QUERY_NOT_UNDERSTOOD_MESSAGE = 'That address has a parameter we do not understand.';
export const queryWords: z.ZodErrorMap = (issue, ctx) => {
  const zodOwn = z.defaultErrorMap(issue, { data: ctx.data, defaultError: '' }).message;
  return { message: ctx.defaultError === zodOwn ? QUERY_NOT_UNDERSTOOD_MESSAGE : ctx.defaultError };
};

/**
 * A message with a value in it, as a schema's custom issue carries it (`params: { words }`): the English key and its
 * values, so the message can be written in the page's language. The issue's `message` is the English text.
 */
export interface IssueWords {
  key: string;
  values: Record<string, string>;
}

function queryRefusal(issue: z.ZodIssue | undefined, language: Language): string {
  const t = wordsInAnyNamespace(language);
  if (!issue) return t(QUERY_NOT_UNDERSTOOD_MESSAGE);
  const words = issue.code === 'custom' ? (issue.params?.words as IssueWords | undefined) : undefined;
  return words ? t(words.key, words.values) : t(issue.message);
}

/**
 * Query parameters validated with zod; a bad query is a 400 page with a clear message in the page's language (an
 * error page carries only the common strings, so the message is written here, whichever namespace holds it).
 */
export function parseSearchParams<S extends z.ZodTypeAny>(request: Request, schema: S, language: Language): z.infer<S> {
  const url = new URL(request.url);
  const values: Record<string, string> = {};
  for (const [key, value] of url.searchParams) values[key] ??= value;
  const parsed = safeParseInput(schema, values, queryWords);
  if (!parsed.success) {
    throw json({ code: 'BAD_QUERY', message: queryRefusal(parsed.error.issues[0], language) }, { status: 400 });
  }
  return parsed.data;
}
