import type { StoreTable } from '~/db/schema';
import { storeWithCustomFields } from '~/modules/stores/stores.server';
import { storeRewards } from '~/modules/stores/store-rewards';

/** Spec section 3 "storeLocation": where the offers' store is (address, position, time zone, phone, hours). */
export type StoreLocation = { storeId: string } & Pick<
  StoreTable,
  'name' | 'address1' | 'city' | 'state' | 'zipcode' | 'latitude' | 'longitude' | 'timezone' | 'phone' | 'hours'
>;

/** The offers side's view of the customer: who clips (null for a guest). */
export interface OffersUserData {
  customerId: string;
  houseId: string;
  clubCard: string;
  firstName: string;
}

/**
 * Spec section 3, the offers side (j4u): the store and ZIP code offers are shown for, who the shopper is to the offers
 * (userData), the store's reward settings (storeData.storeRewards, read by custom-field id) and its location. The j4u
 * store may differ from the shopping store: it is the session's J4U store when one is set.
 */
export async function offersSide(input: {
  storeId: string | null;
  zipcode: string | null;
  userData: OffersUserData | null;
}) {
  const found = input.storeId ? await storeWithCustomFields(input.storeId) : undefined;
  const store = found?.store;
  return {
    storeId: input.storeId,
    zipcode: input.zipcode,
    userData: input.userData,
    storeData: found ? { storeRewards: storeRewards(found.store.id, found.fields, found.map) } : null,
    storeLocation: store
      ? ({
          storeId: String(store.id),
          name: store.name,
          address1: store.address1,
          city: store.city,
          state: store.state,
          zipcode: store.zipcode,
          latitude: store.latitude,
          longitude: store.longitude,
          timezone: store.timezone,
          phone: store.phone,
          hours: store.hours,
        } satisfies StoreLocation)
      : null,
  };
}
