import { VISITOR_ID_LIFETIME_MS } from '~/modules/session/cookie-policy';
import { requestStoreFlags } from '~/modules/flags/store-flags-call';
import type { ServiceCallContext } from '~/modules/http/service-call';
import type { KeyValueStorage } from './local-storage';

/**
 * What page scripts read from local storage about the visit and the store (spec section 3 "local storage", section 4
 * store flags). The server keeps its own HttpOnly cookies; these are copies for scripts (decision 0089). Loaded only
 * on pages that have something to record, so the budget pages of a first, direct visit never fetch it.
 */
export const VISIT_KEYS = {
  /** { value, expiresAt }: the visitor id cookie's value, for as long as the cookie lives (90 days). */
  visitorId: 'pantry.visitorId',
  /** { value, expiresAt }: the session id; sign-in and sign-out replace it. */
  sessionId: 'pantry.sessionId',
  /** The first marketing source of the visit and a token naming the visit. */
  attribution: 'pantry.attribution',
  /** { loaded: true, storeId, status, flags, savedAt }. */
  storeFlags: 'pantry.storeFlags',
  /** The store's IANA time zone, or absent when the flags did not load. */
  timezone: 'pantry.timezone',
} as const;

/** Fired on window once the store flags are recorded (detail: the record); `storeFlagsLoaded` reads the state. */
export const STORE_FLAGS_EVENT = 'pantry:store-flags-loaded';
/** A visit ends after 30 minutes without a page, the usual web-analytics rule. */
export const VISIT_IDLE_MS = 30 * 60_000;
/** Flags read for the same store within five minutes are reused rather than asked for again. */
export const STORE_FLAGS_REUSE_MS = 5 * 60_000;

export interface Attribution {
  token: string;
  source: string;
  medium: string;
  campaign: string;
  startedAt: number;
  lastSeenAt: number;
}

export interface StoreFlagsRecord {
  loaded: true;
  storeId: string;
  /** The preload call's status (0: no answer). */
  status: number;
  flags: { ecomStore?: { timezone?: string } } & Record<string, unknown>;
  savedAt: number;
}

function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Mirrors the ids from the server's HttpOnly cookies, each with the cookie's 90-day expiry. */
export function mirrorVisitIds(
  storage: KeyValueStorage,
  ids: { visitorId: string; sessionId: string },
  now: number,
): void {
  for (const kind of ['visitorId', 'sessionId'] as const) {
    const stored = readJson<{ value: string }>(storage, VISIT_KEYS[kind]);
    if (stored?.value === ids[kind]) continue;
    storage.setItem(VISIT_KEYS[kind], JSON.stringify({ value: ids[kind], expiresAt: now + VISITOR_ID_LIFETIME_MS }));
  }
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The attribution token: the first marketing source of the visit — utm_source (or cmpid), else the host of a referrer
 * from another site, else direct — kept for the whole visit (first touch) and started afresh after 30 idle minutes.
 */
export function recordAttribution(
  storage: KeyValueStorage,
  page: { search: string; host: string; referrer: string },
  now: number,
  token: () => string = randomToken,
): Attribution {
  const current = readJson<Attribution>(storage, VISIT_KEYS.attribution);
  let attribution: Attribution;
  if (current?.token && now - current.lastSeenAt < VISIT_IDLE_MS) {
    attribution = { ...current, lastSeenAt: now };
  } else {
    const query = new URLSearchParams(page.search);
    let referrer = '';
    try {
      referrer = page.referrer ? new URL(page.referrer).host : '';
    } catch {
      referrer = '';
    }
    const campaignSource = query.get('utm_source') ?? (query.get('cmpid') ? 'cmpid' : null);
    const fromElsewhere = referrer && referrer !== page.host ? referrer : null;
    attribution = {
      token: token(),
      source: (campaignSource ?? fromElsewhere ?? '(direct)').slice(0, 100),
      medium: (query.get('utm_medium') ?? (campaignSource ? '' : fromElsewhere ? 'referral' : '(none)')).slice(0, 100),
      campaign: (query.get('utm_campaign') ?? query.get('cmpid') ?? '').slice(0, 100),
      startedAt: now,
      lastSeenAt: now,
    };
  }
  storage.setItem(VISIT_KEYS.attribution, JSON.stringify(attribution));
  return attribution;
}

/** Spec section 4: the flags are recorded (empty on failure, still loaded); the time zone is stored or removed. */
export function recordStoreFlags(
  storage: KeyValueStorage,
  storeId: string,
  answer: { status: number; flags: StoreFlagsRecord['flags'] } | null,
  now: number,
): StoreFlagsRecord {
  const record: StoreFlagsRecord = {
    loaded: true,
    storeId,
    status: answer?.status ?? 0,
    flags: answer?.flags ?? {},
    savedAt: now,
  };
  storage.setItem(VISIT_KEYS.storeFlags, JSON.stringify(record));
  const timezone = record.flags.ecomStore?.timezone;
  if (typeof timezone === 'string' && timezone) storage.setItem(VISIT_KEYS.timezone, timezone);
  else storage.removeItem(VISIT_KEYS.timezone);
  return record;
}

/** How a page makes the preload call: its fetch, and its banner and subscription key (the call's headers). */
export interface PreloadCall {
  fetch: typeof fetch;
  service: ServiceCallContext;
}

/**
 * Loads the store's flags with the preload call (GET /api/stores/preload/{storeId}, with the service call headers),
 * unless the same store's were recorded in the last five minutes, and records them. A failed call records empty flags,
 * except one cut short because the page is being left (`leaving`): the next page records its own, and a late write from
 * the page going away could otherwise land between the next page's flags and its time zone.
 */
export async function loadStoreFlags(
  storage: KeyValueStorage,
  storeId: string,
  call: PreloadCall,
  now: number,
  leaving: () => boolean = () => false,
): Promise<StoreFlagsRecord> {
  const stored = readJson<StoreFlagsRecord>(storage, VISIT_KEYS.storeFlags);
  if (
    stored?.loaded &&
    stored.storeId === storeId &&
    stored.status === 200 &&
    now - stored.savedAt < STORE_FLAGS_REUSE_MS
  )
    return stored;
  const loaded = await requestStoreFlags({ fetch: call.fetch, service: call.service }, storeId);
  // Status 0: no answer at all (offline, refused).
  if (loaded.status === 0 && leaving()) return { loaded: true, storeId, status: 0, flags: {}, savedAt: now };
  const answer =
    loaded.status === 0 ? null : { status: loaded.status, flags: loaded.flags as StoreFlagsRecord['flags'] };
  return recordStoreFlags(storage, storeId, answer, now);
}

/** The recorded flags of a store, or null until they are loaded: a script checks this, then waits for the event. */
export function storeFlagsLoaded(storage: KeyValueStorage, storeId: string): StoreFlagsRecord | null {
  const stored = readJson<StoreFlagsRecord>(storage, VISIT_KEYS.storeFlags);
  return stored?.loaded && stored.storeId === storeId ? stored : null;
}

/** Spec section 4 sign-out: the session's mirrors go (the visitor id stays: it names the browser, not the session). */
export function clearVisitOnSignOut(storage: KeyValueStorage): void {
  for (const key of [VISIT_KEYS.sessionId, VISIT_KEYS.attribution, VISIT_KEYS.storeFlags, VISIT_KEYS.timezone])
    storage.removeItem(key);
}

/**
 * Everything the page records, in one call from the page's session chores: the ids (`"visitorId sessionId"` as the
 * root's data gives them), the attribution, and the store's flags followed by STORE_FLAGS_EVENT.
 */
export async function recordVisit(
  storage: KeyValueStorage,
  storeId: string | null,
  ids: string | null,
  win: {
    location: { search: string; host: string };
    document: { referrer: string };
    dispatchEvent(event: Event): boolean;
    addEventListener?(type: 'pagehide', listener: () => void): void;
    removeEventListener?(type: 'pagehide', listener: () => void): void;
  },
  call: PreloadCall,
): Promise<StoreFlagsRecord | null> {
  const now = Date.now();
  let leaving = false;
  const onLeave = () => (leaving = true);
  const [visitorId, sessionId] = (ids ?? '').split(' ');
  if (visitorId && sessionId) mirrorVisitIds(storage, { visitorId, sessionId }, now);
  recordAttribution(
    storage,
    { search: win.location.search, host: win.location.host, referrer: win.document.referrer },
    now,
  );
  if (!storeId) {
    // No store, no flags: the time zone is removed rather than left from another store.
    storage.removeItem(VISIT_KEYS.storeFlags);
    storage.removeItem(VISIT_KEYS.timezone);
    return null;
  }
  win.addEventListener?.('pagehide', onLeave);
  try {
    const record = await loadStoreFlags(storage, storeId, call, now, () => leaving);
    if (!leaving) win.dispatchEvent(new CustomEvent(STORE_FLAGS_EVENT, { detail: record }));
    return record;
  } finally {
    win.removeEventListener?.('pagehide', onLeave);
  }
}
