import { randomUUID } from 'node:crypto';
import { createCookie, type Cookie } from '@remix-run/node';
import type { SiteType } from '~/modules/banners/hosts';
import { cookieSecrets } from '~/modules/config/env.server';
import { log } from '~/modules/config/logger.server';
import {
  auxiliaryCookieName,
  cookieName,
  lifetimeSeconds,
  sessionLifetimeMs,
  VISITOR_ID_LIFETIME_MS,
  type AuxiliaryCookieKind,
  type SessionCookieKind,
} from './cookie-policy';
import { sessionCookieHeader } from './memory-session.server';
import { parseStoredSession, type SessionData } from './session-schema';
import { crossDomainTags } from './syndicated-user';

export interface CookieContext {
  siteType: SiteType;
  secure: boolean;
  /**
   * enableCookieRestructure off (decision 0103): the session's J4U, SHOP and offbanner parts are written in cookies
   * of their own beside COMMON's. Absent or false: one consolidated session cookie, as the spec's section 3 shows.
   */
  splitSession?: boolean;
}

/** The session's parts that the split layout keeps in cookies of their own. */
const SPLIT_PARTS = [
  ['J4U', 'sessionJ4U'],
  ['SHOP', 'sessionShop'],
  ['offbanner', 'sessionOffbanner'],
] as const;

const cookies = new Map<string, Cookie>();

/** Signed (HMAC-SHA256 by Remix), HttpOnly, SameSite=Lax; Secure per context. */
export function sessionCookie(kind: SessionCookieKind | AuxiliaryCookieKind, siteType: SiteType): Cookie {
  const name =
    kind === 'session' || kind === 'user' || kind === 'visitorId' || kind === 'sessionId'
      ? cookieName(kind, siteType)
      : auxiliaryCookieName(kind, siteType);
  let cookie = cookies.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secrets: cookieSecrets(),
    });
    cookies.set(name, cookie);
  }
  return cookie;
}

export type CookieRead<T> =
  { status: 'absent' } | { status: 'ok'; value: T } | { status: 'rejected'; reason: 'tampered' | 'invalid' };

function hasCookie(header: string | null, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The signature check and decoding of one exact Cookie header, remembered for a minute (decision 0027):
 * a shopper sends the same header with every page, and Remix's HMAC and unescape were the largest
 * cost of a page served from the private cache. Kept as JSON text, so no caller shares an object.
 */
const PARSED_FOR_MS = 60_000;
const PARSED_MAX = 5_000;
const parsedCookies = new Map<string, { json: string; until: number }>();

async function parseOnce(cookie: Cookie, header: string): Promise<unknown> {
  const key = `${cookie.name}\n${header}`;
  const now = Date.now();
  const known = parsedCookies.get(key);
  if (known && now < known.until) return JSON.parse(known.json) as unknown;
  let raw: unknown;
  try {
    raw = await cookie.parse(header);
  } catch {
    raw = null;
  }
  if (parsedCookies.size >= PARSED_MAX) parsedCookies.clear();
  parsedCookies.set(key, { json: JSON.stringify(raw ?? null), until: now + PARSED_FOR_MS });
  return raw ?? null;
}

/** Reads a signed cookie; a bad signature or a value that fails `validate` is rejected, not thrown. */
export async function readSignedCookie<T>(
  request: Request,
  kind: SessionCookieKind | AuxiliaryCookieKind,
  siteType: SiteType,
  validate: (value: unknown) => T | null,
): Promise<CookieRead<T>> {
  const cookie = sessionCookie(kind, siteType);
  const header = kind === 'session' ? sessionCookieHeader(request, cookie.name) : request.headers.get('Cookie');
  if (!hasCookie(header, cookie.name)) return { status: 'absent' };
  const raw = await parseOnce(cookie, header!);
  if (raw === null) {
    log.warn('cookie rejected', { cookie: cookie.name, reason: 'tampered' });
    return { status: 'rejected', reason: 'tampered' };
  }
  const value = validate(raw);
  if (value === null) {
    log.warn('cookie rejected', { cookie: cookie.name, reason: 'invalid' });
    return { status: 'rejected', reason: 'invalid' };
  }
  return { status: 'ok', value };
}

/**
 * Sessions that passed the schema, by exact Cookie header, for as long as parseOnce remembers the header
 *: the schema check of the same session on every page was ~1 % of a cached signed-in
 * page. Kept as JSON text (the schema's output is plain JSON data), so every caller gets its own copy.
 */
const validSessions = new Map<string, { json: string; until: number }>();

export async function readSessionCookie(request: Request, siteType: SiteType): Promise<CookieRead<SessionData>> {
  const header = sessionCookieHeader(request, sessionCookie('session', siteType).name);
  const key = `${siteType}\n${header}`;
  const now = Date.now();
  const known = header ? validSessions.get(key) : undefined;
  if (known && now < known.until) return { status: 'ok', value: JSON.parse(known.json) as SessionData };
  let read = await readSignedCookie(request, 'session', siteType, parseStoredSession);
  if (read.status === 'ok') read = { status: 'ok', value: await withSplitParts(request, read.value, siteType) };
  if (read.status === 'ok' && header) {
    if (validSessions.size >= PARSED_MAX) validSessions.clear();
    validSessions.set(key, { json: JSON.stringify(read.value), until: now + PARSED_FOR_MS });
  }
  return read;
}

/**
 * Either layout is read whatever the flag says (decision 0103), so switching it never loses a shopper's store: a
 * part the session cookie lacks is taken from its own cookie when that is signed and fits the session's schema.
 */
async function withSplitParts(request: Request, session: SessionData, siteType: SiteType): Promise<SessionData> {
  let merged = session;
  for (const [part, kind] of SPLIT_PARTS) {
    if (merged.info[part]) continue;
    const read = await readSignedCookie(request, kind, siteType, (value) =>
      parseStoredSession({ info: { ...merged.info, [part]: value } }),
    );
    if (read.status === 'ok') merged = read.value;
  }
  return merged;
}

/** Whether the browser's session cookies are in the other layout than the flag asks for: then they are rewritten. */
export function sessionLayoutMismatch(request: Request, session: SessionData, context: CookieContext): boolean {
  const header = request.headers.get('Cookie');
  const own = (kind: (typeof SPLIT_PARTS)[number][1]) => hasCookie(header, sessionCookie(kind, context.siteType).name);
  if (!context.splitSession) return SPLIT_PARTS.some(([, kind]) => own(kind));
  return SPLIT_PARTS.some(([part, kind]) => Boolean(session.info[part]) && !own(kind));
}

/** The session cookie as written: COMMON's xDTags are always derived from the session itself (decision 0088). */
export async function serializeSession(session: SessionData, context: CookieContext): Promise<string> {
  return (await sessionSetCookies(session, context))[0]!;
}

/**
 * Every Set-Cookie a session write needs. One consolidated cookie; or, with enableCookieRestructure off (decision
 * 0103), COMMON in the session cookie and each other part in its own cookie (a part the session no longer has is
 * cleared).
 */
export async function sessionSetCookies(session: SessionData, context: CookieContext): Promise<string[]> {
  const common = session.info.COMMON;
  const info = { ...session.info, COMMON: { ...common, xDTags: crossDomainTags(common, context.siteType) } };
  const options = { secure: context.secure, maxAge: lifetimeSeconds(sessionLifetimeMs(common.userType)) };
  const cookie = sessionCookie('session', context.siteType);
  if (!context.splitSession) return [await cookie.serialize({ info }, options)];
  const written = [await cookie.serialize({ info: { COMMON: info.COMMON } }, options)];
  for (const [part, kind] of SPLIT_PARTS) {
    const value = info[part];
    written.push(
      value ? await sessionCookie(kind, context.siteType).serialize(value, options) : await clearCookie(kind, context),
    );
  }
  return written;
}

/**
 * The session rewritten in the layout the flag asks for, when the browser holds the other one (decision 0103): read
 * either way, written the flag's way once, and the split cookies cleared when going back to one cookie.
 */
export async function rewrittenSessionLayout(
  request: Request,
  session: SessionData,
  context: CookieContext,
): Promise<string[]> {
  if (!sessionLayoutMismatch(request, session, context)) return [];
  const written = await sessionSetCookies(session, context);
  if (!context.splitSession) for (const [, kind] of SPLIT_PARTS) written.push(await clearCookie(kind, context));
  return written;
}

export async function clearCookie(
  kind: SessionCookieKind | AuxiliaryCookieKind,
  context: CookieContext,
): Promise<string> {
  return sessionCookie(kind, context.siteType).serialize('', { secure: context.secure, maxAge: 0 });
}

/** Clears the session: its cookie, and in the split layout (decision 0103) its parts' cookies too. */
export async function clearSession(context: CookieContext): Promise<string[]> {
  const cleared = [await clearCookie('session', context)];
  if (context.splitSession) for (const [, kind] of SPLIT_PARTS) cleared.push(await clearCookie(kind, context));
  return cleared;
}

const idPattern = /^[0-9a-f-]{36}$/;
const parseId = (value: unknown) => (typeof value === 'string' && idPattern.test(value) ? value : null);

/**
 * The visitor id (deviceId in COMMON) and the session id; both last 90 days. Returns the ids and
 * the Set-Cookie headers needed when either was missing.
 */
export async function ensureVisitorIds(request: Request, context: CookieContext) {
  const setCookies: string[] = [];
  const ids: Record<'visitorId' | 'sessionId', string> = { visitorId: '', sessionId: '' };
  for (const kind of ['visitorId', 'sessionId'] as const) {
    const read = await readSignedCookie(request, kind, context.siteType, parseId);
    if (read.status === 'ok') {
      ids[kind] = read.value;
      continue;
    }
    ids[kind] = randomUUID();
    setCookies.push(
      await sessionCookie(kind, context.siteType).serialize(ids[kind], {
        secure: context.secure,
        maxAge: lifetimeSeconds(VISITOR_ID_LIFETIME_MS),
      }),
    );
  }
  return { ...ids, setCookies };
}

/** The visitor and session ids the browser already has (page scripts get copies, decision 0089); null without both. */
export async function readVisitIds(
  request: Request,
  siteType: SiteType,
): Promise<{ visitorId: string; sessionId: string } | null> {
  const [visitor, session] = await Promise.all([
    readSignedCookie(request, 'visitorId', siteType, parseId),
    readSignedCookie(request, 'sessionId', siteType, parseId),
  ]);
  return visitor.status === 'ok' && session.status === 'ok'
    ? { visitorId: visitor.value, sessionId: session.value }
    : null;
}

/** Writes a signed auxiliary cookie with an expiry (for example the delivery check, until midnight). */
export async function writeCookie(
  kind: SessionCookieKind | AuxiliaryCookieKind,
  value: unknown,
  context: CookieContext,
  lifetime: { maxAgeSeconds?: number; expires?: Date },
): Promise<string> {
  return sessionCookie(kind, context.siteType).serialize(value, {
    secure: context.secure,
    ...(lifetime.maxAgeSeconds !== undefined ? { maxAge: lifetime.maxAgeSeconds } : {}),
    ...(lifetime.expires ? { expires: lifetime.expires } : {}),
  });
}

/**
 * A new session id, set at every sign-in and sign-out: whatever id the browser carried before (even
 * one planted by someone else) never names the signed-in session (session fixation, decision 0021).
 */
export async function freshSessionId(context: CookieContext): Promise<string> {
  return sessionCookie('sessionId', context.siteType).serialize(randomUUID(), {
    secure: context.secure,
    maxAge: lifetimeSeconds(VISITOR_ID_LIFETIME_MS),
  });
}
