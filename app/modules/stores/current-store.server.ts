import type { Shopper } from '~/modules/access/shopper.server';
import { bannerById } from '~/modules/banners/banners.server';
import { shopperPriceTier } from '~/modules/catalog/price-tier.server';
import { storeById, type Store } from './stores.server';

/**
 * The store whose prices and stock a page shows: a store id from the page path (when allowed),
 * else the shopper's chosen store, else the banner's default store.
 */
export async function currentStore(shopper: Shopper, pathStoreId?: string | null): Promise<Store> {
  const [store, priceTier] = await Promise.all([storeFor(shopper, pathStoreId), shopperPriceTier(shopper)]);
  // A copy: the cached store rows are shared by every request.
  return { ...store, priceTier };
}

async function storeFor(shopper: Shopper, pathStoreId?: string | null): Promise<Store> {
  for (const candidate of [pathStoreId, shopper.session?.info.COMMON.storeId]) {
    if (!candidate) continue;
    const store = await storeById(candidate);
    if (store) return store;
  }
  const banner = await bannerById(shopper.host.bannerId);
  const fallback = await storeById(banner.default_store_id);
  if (!fallback) throw new Error(`Default store ${banner.default_store_id} of ${banner.id} is missing`);
  return fallback;
}

/** Whether the shopper chose a store themselves (G, R, C with a store in the session). */
export function hasChosenStore(shopper: Shopper): boolean {
  return Boolean(shopper.session?.info.COMMON.storeId);
}
