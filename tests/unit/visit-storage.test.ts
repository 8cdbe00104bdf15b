import { describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '~/modules/browser/local-storage';
import { clearOnSignOut } from '~/modules/browser/sign-out-storage';
import {
  loadStoreFlags,
  mirrorVisitIds,
  recordAttribution,
  recordVisit,
  STORE_FLAGS_EVENT,
  storeFlagsLoaded,
  VISIT_IDLE_MS,
  VISIT_KEYS,
} from '~/modules/browser/visit-storage';
import { VISITOR_ID_LIFETIME_MS } from '~/modules/session/cookie-policy';

class MemoryStorage implements KeyValueStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  json(key: string) {
    return JSON.parse(this.items.get(key) ?? 'null') as unknown;
  }
}

const NOW = 1_800_000_000_000;
const flagsAnswer = (timezone: string | null, status = 200) =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          loaded: true,
          status,
          flags:
            status === 200
              ? { storeId: '1001', ecomStore: { storeFeatures: { isWineD2CEnabled: true }, timezone } }
              : {},
        }),
        { status, headers: { 'Content-Type': 'application/json' } },
      ),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

describe('visitor id and session id mirrors (spec section 3, local storage)', () => {
  it("copies the HttpOnly cookies' ids with their 90-day expiry", () => {
    const storage = new MemoryStorage();
    mirrorVisitIds(storage, { visitorId: 'v-1', sessionId: 's-1' }, NOW);
    expect(storage.json(VISIT_KEYS.visitorId)).toEqual({ value: 'v-1', expiresAt: NOW + VISITOR_ID_LIFETIME_MS });
    expect(storage.json(VISIT_KEYS.sessionId)).toEqual({ value: 's-1', expiresAt: NOW + VISITOR_ID_LIFETIME_MS });
  });

  it('follows a new session id (sign-in replaces it) and keeps the expiry of an unchanged one', () => {
    const storage = new MemoryStorage();
    mirrorVisitIds(storage, { visitorId: 'v-1', sessionId: 's-1' }, NOW);
    mirrorVisitIds(storage, { visitorId: 'v-1', sessionId: 's-2' }, NOW + 1000);
    expect(storage.json(VISIT_KEYS.sessionId)).toEqual({
      value: 's-2',
      expiresAt: NOW + 1000 + VISITOR_ID_LIFETIME_MS,
    });
    expect(storage.json(VISIT_KEYS.visitorId)).toEqual({ value: 'v-1', expiresAt: NOW + VISITOR_ID_LIFETIME_MS });
  });
});

describe('the attribution token (first marketing source of the visit)', () => {
  const direct = { search: '', host: 'localhost:3000', referrer: '' };
  let counter = 0;
  const token = () => `token-${++counter}`;

  it('takes utm_source, utm_medium and utm_campaign from the landing page', () => {
    const storage = new MemoryStorage();
    const attribution = recordAttribution(
      storage,
      { ...direct, search: '?q=milk&utm_source=newsletter&utm_medium=email&utm_campaign=spring' },
      NOW,
      token,
    );
    expect(attribution).toMatchObject({ source: 'newsletter', medium: 'email', campaign: 'spring' });
    expect(storage.json(VISIT_KEYS.attribution)).toEqual(attribution);
  });

  it("falls back to another site's referrer, then to direct", () => {
    expect(
      recordAttribution(new MemoryStorage(), { ...direct, referrer: 'https://www.example.org/recipes' }, NOW, token),
    ).toMatchObject({ source: 'www.example.org', medium: 'referral' });
    expect(
      recordAttribution(new MemoryStorage(), { ...direct, referrer: 'http://localhost:3000/shop' }, NOW, token),
    ).toMatchObject({ source: '(direct)', medium: '(none)' });
  });

  it('keeps the first source for the whole visit, and starts a new visit after 30 idle minutes', () => {
    const storage = new MemoryStorage();
    const first = recordAttribution(storage, { ...direct, search: '?utm_source=ad' }, NOW, token);
    const later = recordAttribution(storage, { ...direct, search: '?utm_source=other' }, NOW + 60_000, token);
    expect(later).toEqual({ ...first, lastSeenAt: NOW + 60_000 });
    const next = recordAttribution(
      storage,
      { ...direct, search: '?utm_source=other' },
      later.lastSeenAt + VISIT_IDLE_MS,
      token,
    );
    expect(next.token).not.toBe(first.token);
    expect(next.source).toBe('other');
  });
});

/** The page's preload call: its fetch, with the banner and subscription key the server handed the page. */
const SERVICE = { banner: 'greenleaf', subscriptionKey: 'page-subscription-key' };
const call = (fetchImpl: typeof fetch) => ({ fetch: fetchImpl, service: SERVICE });

describe('store flags (spec section 4)', () => {
  it('records the flags and the time zone, marked loaded', async () => {
    const storage = new MemoryStorage();
    const fetchImpl = flagsAnswer('America/Los_Angeles');
    const record = await loadStoreFlags(storage, '1001', call(fetchImpl), NOW);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/stores/preload/1001',
      expect.objectContaining({
        headers: expect.objectContaining({
          'Pantry-Subscription-Key': 'page-subscription-key',
          'X-Banner': 'greenleaf',
        }),
      }),
    );
    expect(record).toMatchObject({ loaded: true, storeId: '1001', status: 200 });
    expect(storage.getItem(VISIT_KEYS.timezone)).toBe('America/Los_Angeles');
    expect(storeFlagsLoaded(storage, '1001')).toEqual(record);
    expect(storeFlagsLoaded(storage, '1002')).toBeNull();
  });

  it('on failure records empty flags, still loaded, and removes the time zone', async () => {
    const storage = new MemoryStorage();
    storage.setItem(VISIT_KEYS.timezone, 'America/New_York');
    const record = await loadStoreFlags(storage, '9999', call(flagsAnswer(null, 404)), NOW);
    expect(record).toEqual({ loaded: true, storeId: '9999', status: 404, flags: {}, savedAt: NOW });
    expect(storage.getItem(VISIT_KEYS.timezone)).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await loadStoreFlags(new MemoryStorage(), '1001', call(offline), NOW)).toMatchObject({
      loaded: true,
      status: 0,
      flags: {},
    });
  });

  it('records nothing for a call cut short by leaving the page, so a late write cannot undo the next page', async () => {
    const storage = new MemoryStorage();
    storage.setItem(VISIT_KEYS.timezone, 'America/Los_Angeles');
    const aborted = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const record = await loadStoreFlags(storage, '1001', call(aborted), NOW, () => true);
    expect(record).toMatchObject({ status: 0, flags: {} });
    expect(storage.getItem(VISIT_KEYS.storeFlags)).toBeNull();
    expect(storage.getItem(VISIT_KEYS.timezone)).toBe('America/Los_Angeles');
  });

  it("reuses the same store's flags for five minutes, then asks again", async () => {
    const storage = new MemoryStorage();
    const fetchImpl = flagsAnswer('America/Los_Angeles');
    await loadStoreFlags(storage, '1001', call(fetchImpl), NOW);
    await loadStoreFlags(storage, '1001', call(fetchImpl), NOW + 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await loadStoreFlags(storage, '1001', call(fetchImpl), NOW + 5 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('fires the completion event other scripts wait on, and forgets flags when there is no store', async () => {
    const storage = new MemoryStorage();
    const target = new EventTarget();
    const events: unknown[] = [];
    target.addEventListener(STORE_FLAGS_EVENT, (event) => events.push((event as CustomEvent).detail));
    const win = {
      location: { search: '', host: 'localhost:3000' },
      document: { referrer: '' },
      dispatchEvent: (event: Event) => target.dispatchEvent(event),
    };
    await recordVisit(storage, '1001', 'v-1 s-1', win, call(flagsAnswer('America/Chicago')));
    expect(events).toEqual([expect.objectContaining({ loaded: true, storeId: '1001' })]);
    expect(storage.getItem(VISIT_KEYS.timezone)).toBe('America/Chicago');
    expect(storage.json(VISIT_KEYS.visitorId)).toMatchObject({ value: 'v-1' });
    await recordVisit(storage, null, null, win, call(flagsAnswer('America/Chicago')));
    expect(storage.getItem(VISIT_KEYS.storeFlags)).toBeNull();
    expect(storage.getItem(VISIT_KEYS.timezone)).toBeNull();
  });
});

describe('sign-out (spec section 4)', () => {
  it("clears the session's mirrors and keeps the visitor id", () => {
    const storage = new MemoryStorage();
    for (const key of Object.values(VISIT_KEYS)) storage.setItem(key, '{}');
    clearOnSignOut(storage);
    expect(storage.getItem(VISIT_KEYS.visitorId)).toBe('{}');
    for (const key of [VISIT_KEYS.sessionId, VISIT_KEYS.attribution, VISIT_KEYS.storeFlags, VISIT_KEYS.timezone])
      expect(storage.getItem(key), key).toBeNull();
  });
});
