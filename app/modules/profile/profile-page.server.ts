import type { Shopper } from '~/modules/access/shopper.server';
import type { Preference } from '~/modules/session/session-schema';
import { fulfillmentPreferences } from './profile-service.server';

/**
 * The profile page changes the fulfilment method at the store the customer already uses on this
 * banner: the drive-up store for pickup, else the in-store one, else the session's store.
 */
export async function preferenceChoiceFor(shopper: Shopper, customerId: number, preference: Preference) {
  const prefs = (await fulfillmentPreferences(customerId)).find((p) => p.banner === shopper.host.bannerId);
  const common = shopper.session?.info.COMMON;
  const storeId =
    (preference === 'Dug'
      ? (prefs?.driveUpStoreId ?? prefs?.inStoreStoreId)
      : (prefs?.inStoreStoreId ?? prefs?.driveUpStoreId)) ??
    common?.storeId ??
    null;
  if (!storeId) return null;
  return { storeId, preference, zipcode: prefs?.zipcode ?? common?.zipcode ?? null };
}
