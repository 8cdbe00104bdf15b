import type { SiteType } from '~/modules/banners/hosts';
import { PREFERENCES, type Preference } from './session-constants';

/**
 * Spec section 3, the syndicated user cookie: what the company's other sites may know about the shopper's
 * store. Neither signed nor HttpOnly (they read it), so it holds nothing secret and nothing the storefront
 * trusts: the storefront only ever reads a store id from it, and renders that store from its own data
 * (decision 0087). Plain JSON, URL-encoded, so any site can read it without Pantry's code.
 */
export interface SyndicatedUser {
  storeId: string;
  storeZip: string;
  storeAddress: string;
  preference: Preference;
  xDTags: string[];
}

/** A larger cookie value is not ours (ours is ~250 bytes): it is ignored, never parsed. */
export const MAX_SYNDICATED_COOKIE_LENGTH = 1024;
const MAX_ADDRESS_LENGTH = 200;
const MAX_TAGS = 20;
const TAG = /^[a-z0-9][a-z0-9:_-]{0,39}$/;
const STORE_ID = /^\d{1,4}$/;
const ZIP = /^\d{5}(-\d{4})?$/;
/** Markup, quotes and control characters never belong in an address another site might print. */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[<>"'`\\\u0000-\u001f\u007f]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

const KEYS = ['storeId', 'storeZip', 'storeAddress', 'preference', 'xDTags'] as const;

/** The cookie's value (the part after `name=`), or null when it is missing, oversized or not exactly our shape. */
export function parseSyndicatedUser(raw: string | null | undefined): SyndicatedUser | null {
  if (!raw || raw.length > MAX_SYNDICATED_COOKIE_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== KEYS.length || !KEYS.every((key) => key in record)) return null;
  const { storeId, storeZip, storeAddress, preference, xDTags } = record;
  if (typeof storeId !== 'string' || !STORE_ID.test(storeId)) return null;
  if (typeof storeZip !== 'string' || !ZIP.test(storeZip)) return null;
  if (typeof storeAddress !== 'string' || storeAddress.length > MAX_ADDRESS_LENGTH || UNSAFE_TEXT.test(storeAddress))
    return null;
  if (typeof preference !== 'string' || !(PREFERENCES as readonly string[]).includes(preference)) return null;
  if (!Array.isArray(xDTags) || xDTags.length > MAX_TAGS) return null;
  if (!xDTags.every((tag): tag is string => typeof tag === 'string' && TAG.test(tag))) return null;
  return { storeId, storeZip, storeAddress, preference: preference as Preference, xDTags };
}

/** Only the fields of our shape, in a fixed order: the same shopper always gets the same cookie text. */
export function syndicatedCookieValue(user: SyndicatedUser): string {
  return encodeURIComponent(
    JSON.stringify({
      storeId: user.storeId,
      storeZip: user.storeZip,
      storeAddress: user.storeAddress.replace(UNSAFE_TEXT_ALL, ' ').slice(0, MAX_ADDRESS_LENGTH),
      preference: user.preference,
      xDTags: user.xDTags.filter((tag) => TAG.test(tag)).slice(0, MAX_TAGS),
    }),
  );
}

export function sameSyndicatedUser(a: SyndicatedUser | null, b: SyndicatedUser | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.storeId === b.storeId &&
    a.storeZip === b.storeZip &&
    a.storeAddress === b.storeAddress &&
    a.preference === b.preference &&
    a.xDTags.join(' ') === b.xDTags.join(' ')
  );
}

const FULFILMENT_TAG: Record<Preference, string> = {
  Delivery: 'fulfilment:delivery',
  Dug: 'fulfilment:pickup',
  J4U: 'fulfilment:instore',
};

export interface TagSource {
  userType: 'A' | 'G' | 'R' | 'C';
  preference?: Preference;
  Selection?: 'user' | 'default';
  wfcStoreId?: string;
}

/**
 * xDTags, the cross-domain tags (decision 0088): coarse facts about how the shopper shops that the company's
 * other sites may use to fit their content — which site, which fulfilment method, whether the shopper chose the
 * store or was given the default, whether the store ships wine, guest or member. Derived from the session every
 * time it is written (never taken from a request), and never an id, a name or an address.
 */
export function crossDomainTags(common: TagSource, siteType: SiteType): string[] {
  const tags = [`site:${siteType === 'B' ? 'business' : 'consumer'}`];
  if (common.preference) tags.push(FULFILMENT_TAG[common.preference]);
  if (common.Selection) tags.push(common.Selection === 'user' ? 'store:chosen' : 'store:default');
  if (common.wfcStoreId) tags.push('store:wine');
  tags.push(common.userType === 'R' || common.userType === 'C' ? 'shopper:member' : 'shopper:guest');
  return tags;
}
