import { PARTNER_SESSION_PREFIX, STORAGE_KEYS, type KeyValueStorage } from './local-storage';
import { clearVisitOnSignOut } from './visit-storage';

// Apart from local-storage.ts, which every page loads: only the sign-out button and the session-timeout
// dialog clear the storage, and both load their code on the pages that show them.

/**
 * Spec section 4, sign-out: removes cart, rewards, coupons, slot, store data (saved as previous
 * store data), order state and retail-partner session items, and the session's mirrors (session id, attribution,
 * store flags and time zone). Anything else is left alone.
 */
export function clearOnSignOut(storage: KeyValueStorage) {
  const storeData = storage.getItem(STORAGE_KEYS.storeData);
  if (storeData !== null) storage.setItem(STORAGE_KEYS.previousStoreData, storeData);
  for (const key of [
    STORAGE_KEYS.cart,
    STORAGE_KEYS.rewards,
    STORAGE_KEYS.coupons,
    STORAGE_KEYS.slot,
    STORAGE_KEYS.storeData,
    STORAGE_KEYS.order,
  ]) {
    storage.removeItem(key);
  }
  const partnerKeys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PARTNER_SESSION_PREFIX)) partnerKeys.push(key);
  }
  for (const key of partnerKeys) storage.removeItem(key);
  clearVisitOnSignOut(storage);
}
