import { describe, expect, it, vi } from 'vitest';
import { lifecycleOutcome, refreshIdentitySession } from '~/modules/browser/identity-session';
import { validationDelayMs } from '~/modules/browser/session-clock';
import { rememberStoreData, STORAGE_KEYS, type KeyValueStorage } from '~/modules/browser/local-storage';
import { clearOnSignOut } from '~/modules/browser/sign-out-storage';

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
  keys() {
    return [...this.items.keys()].sort();
  }
}

describe('sign-out clears the browser storage the spec lists', () => {
  it('removes cart, rewards, coupons, slot, order and partner items, and keeps store data as the previous store', () => {
    const storage = new MemoryStorage();
    for (const key of [
      STORAGE_KEYS.cart,
      STORAGE_KEYS.rewards,
      STORAGE_KEYS.coupons,
      STORAGE_KEYS.slot,
      STORAGE_KEYS.order,
    ])
      storage.setItem(key, '{}');
    storage.setItem('pantry.partner.deliveryPartner', 'token');
    storage.setItem('pantry.partner.health', 'handshake');
    storage.setItem('pantry.consentSeen', 'yes');
    rememberStoreData(storage, { storeId: '1008', name: 'Seattle', preference: 'Delivery', zipcode: '98101' });

    clearOnSignOut(storage);

    expect(storage.keys()).toEqual(['pantry.consentSeen', STORAGE_KEYS.previousStoreData]);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.previousStoreData)!)).toEqual({
      storeId: '1008',
      name: 'Seattle',
      preference: 'Delivery',
      zipcode: '98101',
    });
  });

  it('leaves an earlier previous store alone when there is no store data', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.previousStoreData, '{"storeId":"12"}');
    clearOnSignOut(storage);
    expect(storage.getItem(STORAGE_KEYS.previousStoreData)).toBe('{"storeId":"12"}');
  });
});

describe('identity session refresh outcomes', () => {
  it('ACTIVE and MFA_ENROLL keep the session', () => {
    expect(lifecycleOutcome(200, { status: 'ACTIVE' })).toEqual({ kind: 'active', status: 'ACTIVE' });
    expect(lifecycleOutcome(200, { status: 'MFA_ENROLL' })).toEqual({ kind: 'active', status: 'MFA_ENROLL' });
  });

  it('403 and 404 end the session with the server error summary', () => {
    const summary = 'Not found: Resource not found: me (Session)';
    expect(lifecycleOutcome(404, { errorSummary: summary })).toEqual({ kind: 'ended', summary });
    expect(lifecycleOutcome(403, {})).toEqual({ kind: 'ended', summary: 'no error summary' });
  });

  it('ignores 429 (too many requests)', () => {
    expect(lifecycleOutcome(429, { errorSummary: 'slow down' })).toEqual({ kind: 'ignored' });
  });

  it('treats any other answer as a system error', () => {
    expect(lifecycleOutcome(500, null).kind).toBe('system-error');
    expect(lifecycleOutcome(200, { status: 'LOCKED_OUT' }).kind).toBe('system-error');
  });

  it('treats a network failure or a blocked cross-origin call as a system error', async () => {
    const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = await refreshIdentitySession('http://localhost:3001', failing as unknown as typeof fetch);
    expect(outcome.kind).toBe('system-error');
  });

  it('posts with credentials to the lifecycle refresh path of the provider', async () => {
    const fake = vi.fn().mockResolvedValue(new Response(JSON.stringify({ status: 'ACTIVE' }), { status: 200 }));
    expect(await refreshIdentitySession('http://localhost:3001', fake as unknown as typeof fetch)).toEqual({
      kind: 'active',
      status: 'ACTIVE',
    });
    const [url, init] = fake.mock.calls[0]!;
    expect(String(url)).toBe('http://localhost:3001/api/v1/sessions/me/lifecycle/refresh');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
  });
});

describe('the session check after the token runs out', () => {
  it('waits until just after the expiry, and never a negative time', () => {
    expect(validationDelayMs(10_000, 4_000)).toBe(7_000);
    expect(validationDelayMs(1_000, 5_000)).toBe(1_000);
  });

  it('caps a far expiry at the largest timer the browser supports', () => {
    expect(validationDelayMs(Number.MAX_SAFE_INTEGER, 0)).toBe(2_147_483_647);
  });
});
