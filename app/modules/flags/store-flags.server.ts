import { storeRewards, type StoreRewards } from '~/modules/stores/store-rewards';
import { log } from '~/modules/config/logger.server';
import { wineStoreIdOf } from '~/modules/stores/store-resolver.server';
import { deliveryReach } from '~/modules/stores/delivery-reach.server';
import { storeWithCustomFields } from '~/modules/stores/stores.server';
import { flagField, type CustomFields } from '~/modules/stores/store-custom-fields';

export interface StoreFlags {
  storeId: string;
  ecomStore: {
    storeFeatures: {
      isWineD2CEnabled: boolean;
      hasGroceryDelivery: boolean;
      hasDUG: boolean;
      hasRushDelivery: boolean;
    };
    wfcStoreId: string | null;
    timezone: string;
  };
  storeRewards: StoreRewards;
  /** The store data's custom fields by id, as the store data gives them; the fields above are read from these. */
  customFields: CustomFields;
  /** With the preload call's `?zipcode`: whether this store delivers there (delivery on, within its radius). */
  delivery?: { zipcode: string; deliversToZipcode: boolean };
}

/** Spec section 4, store flags: always "loaded"; on failure the flags are empty and the status is logged. */
export interface StoreFlagsState {
  loaded: true;
  status: number;
  flags: StoreFlags | Record<string, never>;
}

export async function loadStoreFlags(branchId: string, zipcode?: string): Promise<StoreFlagsState> {
  if (!/^\d{1,4}$/.test(branchId)) {
    log.warn('store flags not loaded', { branchId, status: 400 });
    return { loaded: true, status: 400, flags: {} };
  }
  try {
    const found = await storeWithCustomFields(branchId);
    if (!found) {
      log.warn('store flags not loaded', { branchId, status: 404 });
      return { loaded: true, status: 404, flags: {} };
    }
    const { store, fields, map } = found;
    const id = String(store.id);
    return {
      loaded: true,
      status: 200,
      flags: {
        storeId: id,
        ecomStore: {
          storeFeatures: {
            isWineD2CEnabled: flagField(fields, map, 'isWineD2CEnabledCF'),
            hasGroceryDelivery: flagField(fields, map, 'hasGroceryDeliveryCF'),
            hasDUG: flagField(fields, map, 'hasDUGCF'),
            hasRushDelivery: flagField(fields, map, 'hasRushDeliveryCF'),
          },
          wfcStoreId: wineStoreIdOf(store),
          timezone: store.timezone,
        },
        storeRewards: storeRewards(store.id, fields, map),
        customFields: fields,
        ...(zipcode ? { delivery: { zipcode, deliversToZipcode: deliveryReach(store, zipcode).delivers } } : {}),
      },
    };
  } catch (error) {
    log.error('store flags not loaded', {
      branchId,
      status: 500,
      error: error instanceof Error ? error.message : String(error),
    });
    return { loaded: true, status: 500, flags: {} };
  }
}
