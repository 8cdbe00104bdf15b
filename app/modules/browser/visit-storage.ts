import { VISITOR_ID_LIFETIME_MS } from '~/modules/session/cookie-policy';
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

/**
 * Loads the store's flags with the preload call (GET /api/stores/preload/{storeId}), unless the same store's were
 * recorded in the last five minutes, records them, and fires STORE_FLAGS_EVENT. A failed call records empty flags.
 */
export async function loadStoreFlags(
  storage: KeyValueStorage,
  storeId: string,
  fetchImpl: typeof fetch,
  now: number,
): Promise<StoreFlagsRecord> {
  const stored = readJson<StoreFlagsRecord>(storage, VISIT_KEYS.storeFlags);
  if (
    stored?.loaded &&
    stored.storeId === storeId &&
    stored.status === 200 &&
    now - stored.savedAt < STORE_FLAGS_REUSE_MS
  )
    return stored;
  let answer: { status: number; flags: StoreFlagsRecord['flags'] } | null = null;
  try {
    const response = await fetchImpl(`/api/stores/preload/${encodeURIComponent(storeId)}`, {
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as { flags?: StoreFlagsRecord['flags'] };
    answer = { status: response.status, flags: response.ok && body.flags ? body.flags : {} };
  } catch {
    answer = null;
  }
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
  },
  fetchImpl: typeof fetch,
): Promise<StoreFlagsRecord | null> {
  const now = Date.now();
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
  const record = await loadStoreFlags(storage, storeId, fetchImpl, now);
  win.dispatchEvent(new CustomEvent(STORE_FLAGS_EVENT, { detail: record }));
  return record;
}
