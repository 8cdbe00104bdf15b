import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import type { Preference } from '~/modules/session/session-schema';
import { currentStore } from './current-store.server';
import {
  deliveryStoresV2,
  resolveStoresByZip,
  STORE_RESOLVER_FAILURE,
  summarizeStore,
  type ResolverError,
  type StoreSummary,
} from './store-resolver.server';

export interface StoreFinderResult {
  current: StoreSummary | null;
  zipcode: string | null;
  preference: Preference;
  stores: StoreSummary[];
  error: ResolverError | null;
}

/**
 * What the store finder shows: the current store, and for a ZIP code the stores that fit the
 * preference. Delivery lists every banner that delivers there (other banners hand the shopper off);
 * pickup and in-store list this banner's stores by distance.
 */
export async function findStores(
  shopper: AuthorizedShopper,
  input: { zipcode: string | null; preference: Preference },
): Promise<StoreFinderResult> {
  const chosen = shopper.session?.info.COMMON.storeId ? await currentStore(shopper) : null;
  const base = {
    current: chosen ? summarizeStore(chosen) : null,
    zipcode: input.zipcode,
    preference: input.preference,
  };
  if (!input.zipcode) return { ...base, stores: [], error: null };
  try {
    if (input.preference === 'Delivery') {
      const result = await deliveryStoresV2({ zipcode: input.zipcode });
      if (!result.ok) return { ...base, stores: [], error: result.error };
      if (result.delivery.count === 0) {
        return {
          ...base,
          stores: [],
          error: {
            code: 'NO_STORES_IN_RANGE',
            message: `None of our stores deliver to ${input.zipcode} yet. Try pickup or in-store.`,
          },
        };
      }
      // This banner's stores first, then other banners that deliver there.
      const own = result.delivery.stores.filter((store) => store.bannerId === shopper.host.bannerId);
      const others = result.delivery.stores.filter((store) => store.bannerId !== shopper.host.bannerId);
      return { ...base, stores: [...own, ...others], error: null };
    }
    const result = await resolveStoresByZip({
      banner: shopper.host.bannerId,
      zipcode: input.zipcode,
      preference: input.preference,
    });
    return result.ok ? { ...base, stores: result.stores, error: null } : { ...base, stores: [], error: result.error };
  } catch (error) {
    if (error instanceof Error && error.message === STORE_RESOLVER_FAILURE) {
      return {
        ...base,
        stores: [],
        error: {
          code: 'RESOLVER_UNAVAILABLE',
          message: "We couldn't look up stores just now. Your current store is unchanged; please try again.",
        },
      };
    }
    throw error;
  }
}
