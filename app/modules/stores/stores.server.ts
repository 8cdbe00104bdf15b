import { db } from '~/db/db.server';
import type { StoreTable } from '~/db/schema';
import type { PriceTier } from '~/modules/catalog/pricing';

/** A store row; `priceTier` is set when a store is resolved for a shopper (absent: shelf prices). */
export type Store = StoreTable & { priceTier?: PriceTier };

let storeCache: { at: number; stores: Promise<Store[]> } | undefined;
const STORE_CACHE_MS = 60_000;

/** Every store (a few hundred rows), read once a minute per process: lookups and ranking happen in memory. */
export async function allStores(): Promise<Store[]> {
  if (!storeCache || Date.now() - storeCache.at > STORE_CACHE_MS) {
    const stores = db().selectFrom('stores').selectAll().execute();
    storeCache = { at: Date.now(), stores };
    stores.catch(() => (storeCache = undefined));
  }
  return storeCache.stores;
}

export async function storeById(id: number | string): Promise<Store | undefined> {
  const numeric = typeof id === 'number' ? id : Number.parseInt(id, 10);
  if (!Number.isInteger(numeric)) return undefined;
  return (await allStores()).find((store) => store.id === numeric);
}

/** For tests that build their own stores between cases. */
export function forgetCachedStores() {
  storeCache = undefined;
}
