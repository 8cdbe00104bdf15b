import type { SiteType } from '~/modules/banners/hosts';
import { appEnv } from '~/modules/config/env.server';
import { log } from '~/modules/config/logger.server';
import { storeById } from '~/modules/stores/stores.server';
import { auxiliaryCookieName, SYNDICATED_COOKIE_LIFETIME_S } from './cookie-policy';
import { sessionSetCookies, type CookieContext } from './session-cookie.server';
import type { SessionData } from './session-schema';
import {
  crossDomainTags,
  parseSyndicatedUser,
  sameSyndicatedUser,
  syndicatedCookieValue,
  type SyndicatedUser,
} from './syndicated-user';

export type SyndicatedRead = { status: 'absent' } | { status: 'ok'; value: SyndicatedUser } | { status: 'rejected' };

/** The raw value of one cookie in a Cookie header (the first one of that name, as browsers send the most specific first). */
function rawCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The syndicated user cookie of a request: absent, ours, or rejected (markup, oversized, not our shape). */
export function readSyndicatedCookie(request: Request, siteType: SiteType): SyndicatedRead {
  const raw = rawCookie(request.headers.get('Cookie'), auxiliaryCookieName('syndicatedUser', siteType));
  if (raw === null) return { status: 'absent' };
  const value = parseSyndicatedUser(raw);
  return value ? { status: 'ok', value } : { status: 'rejected' };
}

/**
 * What the cookie should say for this session: its store (the store's own ZIP code and street address, never the
 * shopper's), the fulfilment preference and the cross-domain tags; null without a chosen store.
 */
export async function syndicatedUserFor(
  session: SessionData | null,
  siteType: SiteType,
): Promise<SyndicatedUser | null> {
  const common = session?.info.COMMON;
  if (!common?.storeId || !common.preference) return null;
  const store = await storeById(common.storeId);
  if (!store) return null;
  return {
    storeId: String(store.id),
    storeZip: store.zipcode,
    storeAddress: `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}`,
    preference: common.preference,
    xDTags: crossDomainTags(common, siteType),
  };
}

/** The Domain attribute when one is configured and this host is under it (each banner may live on its own domain). */
function cookieDomainFor(host: string | null): string | null {
  const domain = appEnv().SYNDICATION_COOKIE_DOMAIN?.toLowerCase();
  if (!domain || !host) return null;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const bare = domain.replace(/^\./, '');
  return hostname === bare || hostname.endsWith(`.${bare}`) ? bare : null;
}

/**
 * The Set-Cookie header for the syndicated user cookie (null deletes it): readable by scripts of the company's
 * other sites (not HttpOnly), SameSite=Lax, Secure as the other cookies, for the identity provider's session maxAge.
 */
export function serializeSyndicatedCookie(
  user: SyndicatedUser | null,
  context: CookieContext,
  host: string | null,
): string {
  const parts = [
    `${auxiliaryCookieName('syndicatedUser', context.siteType)}=${user ? syndicatedCookieValue(user) : ''}`,
    'Path=/',
    `Max-Age=${user ? SYNDICATED_COOKIE_LIFETIME_S : 0}`,
    'SameSite=Lax',
  ];
  const domain = cookieDomainFor(host);
  if (domain) parts.push(`Domain=${domain}`);
  if (context.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Written whenever the session's store or fulfilment preference is written (the session cookie's callers pass
 * the session they set): the cookie for that session, or its deletion when the session has no store.
 */
export async function syndicatedCookieForSession(
  session: SessionData | null,
  context: CookieContext,
  host: string | null,
): Promise<string> {
  return serializeSyndicatedCookie(await syndicatedUserFor(session, context.siteType), context, host);
}

export interface SyndicatedReconciliation {
  /** The Set-Cookie header to send, or null when the cookie is already right. */
  setCookie: string | null;
  /** What the cookie says once this answer has been applied (null: no cookie). */
  value: SyndicatedUser | null;
}

const reconciled = new WeakMap<Request, Promise<SyndicatedReconciliation>>();

/**
 * On every page and on the header: keeps the cookie in step with the signed session. A cookie that is not ours
 * (markup, 10 KB of data, a forged shape) is ignored and rewritten from the session, or deleted; a missing or
 * stale one is written. Without a session a valid cookie stays: it outlives the one-day guest session on purpose.
 * Once per request (the shopper's resolution and the header route ask the same question).
 */
export function reconcileSyndicatedCookie(
  request: Request,
  session: SessionData | null,
  context: CookieContext,
): Promise<SyndicatedReconciliation> {
  let pending = reconciled.get(request);
  if (!pending) {
    pending = reconcile(request, session, context);
    reconciled.set(request, pending);
  }
  return pending;
}

async function reconcile(
  request: Request,
  session: SessionData | null,
  context: CookieContext,
): Promise<SyndicatedReconciliation> {
  const read = readSyndicatedCookie(request, context.siteType);
  const host = request.headers.get('Host');
  const current = read.status === 'ok' ? read.value : null;
  if (read.status === 'rejected')
    log.warn('cookie rejected', { cookie: auxiliaryCookieName('syndicatedUser', context.siteType), reason: 'invalid' });
  const common = session?.info.COMMON;
  if (!common?.storeId || !common.preference) {
    return read.status === 'rejected'
      ? { setCookie: serializeSyndicatedCookie(null, context, host), value: null }
      : { setCookie: null, value: current };
  }
  // The cheap comparison first: the store lookup only when the session and the cookie disagree.
  if (
    current &&
    current.storeId === String(Number(common.storeId)) &&
    current.preference === common.preference &&
    current.xDTags.join(' ') === crossDomainTags(common, context.siteType).join(' ')
  )
    return { setCookie: null, value: current };
  const wanted = await syndicatedUserFor(session, context.siteType);
  if (sameSyndicatedUser(current, wanted)) return { setCookie: null, value: current };
  // A session whose store no longer exists: a bad cookie is still deleted, a good one left alone.
  if (!wanted && read.status !== 'rejected') return { setCookie: null, value: current };
  return { setCookie: serializeSyndicatedCookie(wanted, context, host), value: wanted };
}

/** The session cookie and, with it, the syndicated user cookie: every change of store or preference writes both. */
export async function sessionCookies(session: SessionData, context: CookieContext, host: string): Promise<string[]> {
  return [...(await sessionSetCookies(session, context)), await syndicatedCookieForSession(session, context, host)];
}
