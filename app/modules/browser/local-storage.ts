/**
 * The storefront's browser storage (spec section 3 "other", section 4 sign-out). One list of keys, so
 * the features that write them and the sign-out that clears them cannot drift apart.
 */
export const STORAGE_KEYS = {
  cart: 'pantry.cart',
  rewards: 'pantry.rewards',
  coupons: 'pantry.coupons',
  /** The reserved slot; spec: kept for 7,200,000 ms (2 hours). */
  slot: 'pantry.slot',
  storeData: 'pantry.storeData',
  previousStoreData: 'pantry.previousStoreData',
  /** Edit-order state mirrored from the SlotInfo / OrderStoreId cookies. */
  order: 'pantry.order',
} as const;

/** Retail-partner session items (delivery partners, pharmacy handshake) all live under this prefix. */
export const PARTNER_SESSION_PREFIX = 'pantry.partner.';

export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoreData {
  storeId: string;
  name: string;
  preference: string | null;
  zipcode: string | null;
}

/** Remembers the store the page shows, so sign-out can keep it as the previous store. */
export function rememberStoreData(storage: KeyValueStorage, store: StoreData | null) {
  if (store) storage.setItem(STORAGE_KEYS.storeData, JSON.stringify(store));
}

/** Local storage when the browser allows it (private modes and disabled storage throw). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
