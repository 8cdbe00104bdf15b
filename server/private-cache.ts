import { createHash } from 'node:crypto';
import type { CacheRequest } from './page-cache';

/**
 * The private page cache's keys (decision 0027): a signed-in customer's browsing pages, kept for that
 * customer's exact Cookie header only. The app decides whether a request qualifies and under which
 * state version (app/modules/http/private-pages.server.ts); this side only builds keys.
 */

/** The hooks the server build's entry module exports (app/entry.server.tsx). */
export interface PrivatePageHooks {
  privatePageGrant(request: Request): Promise<{ subject: string; version: number; expiresAt: number } | null>;
  noteStateChange(
    request: Request,
    response: { status: number; setCookies: string[]; noted?: readonly string[] },
  ): Promise<void>;
}

export function privatePageHooks(entryModule: unknown): PrivatePageHooks | null {
  const hooks = entryModule as Partial<PrivatePageHooks>;
  return typeof hooks.privatePageGrant === 'function' && typeof hooks.noteStateChange === 'function'
    ? (hooks as PrivatePageHooks)
    : null;
}

/**
 * The browsing pages the page budgets name, shopping lists (decision 0106), and the staff order queue and pick lists (decision 0090); account,
 * checkout and every other page always render.
 */
const PRIVATE_PAGES = [
  /^\/$/,
  /^\/shop\/search-results\.html$/,
  /^\/shop\/product-details\.[\d.]+\.html$/,
  // A household's list: a change by any member moves every member's version on (decision 0106).
  /^\/shop\/lists\/\d+\.html$/,
  /^\/shop\/lists\/store\/\d+\.html$/,
  /^\/staff\/orders$/,
  /^\/staff\/orders\/[CB]\d{8}$/,
];

/**
 * The key's request part, or null when the request is not a private-cache candidate: a GET/HEAD
 * document request for a browsing page, with cookies and no Authorization header. The whole Cookie
 * header is hashed into the key, so a page is only ever served again to the same cookies.
 */
export function privateKeyFor(request: CacheRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!request.cookie || request.authorization) return null;
  const [path = '', query = ''] = request.url.split('?', 2);
  if (!PRIVATE_PAGES.some((page) => page.test(path))) return null;
  if (/(^|&)_data=/.test(query)) return null;
  const cookies = createHash('sha256').update(request.cookie).digest('base64url');
  return `${request.bot ? 'bot' : 'human'} ${request.host.toLowerCase()} ${request.url} ${cookies} ${request.language}`;
}

/** The full key: the request part, whose pages, and the state version read before the page rendered. */
export function privateEntryKey(requestKey: string, grant: { subject: string; version: number }): string {
  return `${requestKey} ${grant.subject} v${grant.version}`;
}
