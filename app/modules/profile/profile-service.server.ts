import type { Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import type { Preference } from '~/modules/session/session-schema';
import { storeById } from '~/modules/stores/stores.server';
import {
  type GEO_PREFERENCE_DEF_IDS,
  PREFERENCE_DEF_IDS,
  PREFERENCE_OF_METHOD,
  type FulfillmentMethod,
  type geoPreferencesSchema,
  type storesUpdateSchema,
} from './profile-payload';
import type { z } from 'zod';

/** Pantry's own key for the ZIP a customer shops by on a banner (the classic payload's postalCodes). */
const ZIPCODE_KEY = 'ZIPCODE';

export type ServiceRefusal = { ok: false; status: 400 | 404; code: string; message: string };
export const NOT_FOUND: ServiceRefusal = {
  ok: false,
  status: 404,
  code: 'NOT_FOUND',
  message: 'We could not find that customer.',
};

export interface BannerPreferences {
  banner: string;
  method: FulfillmentMethod | null;
  driveUpStoreId: string | null;
  inStoreStoreId: string | null;
  zipcode: string | null;
  updatedAt: string | null;
}

type Writer = Transaction<Database>;
interface PreferenceWrite {
  banner: string;
  key: string;
  value: string;
}

async function customerRow(customerId: number, conn: Pick<Writer, 'selectFrom'> = db()) {
  return conn
    .selectFrom('customers')
    .select(['id', 'banner_id', 'store_id', 'zipcode', 'preference'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** Store ids must name real stores of the banner they are saved under. */
async function checkStores(writes: PreferenceWrite[]): Promise<ServiceRefusal | null> {
  for (const write of writes) {
    if (write.key !== PREFERENCE_DEF_IDS.driveUpStore && write.key !== PREFERENCE_DEF_IDS.inStoreStore) continue;
    const store = await storeById(write.value);
    if (!store || store.banner_id !== write.banner) {
      return {
        ok: false,
        status: 400,
        code: 'UNKNOWN_STORE',
        message: `Store ${write.value} is not a ${write.banner} store.`,
      };
    }
    if (write.key === PREFERENCE_DEF_IDS.driveUpStore && store.has_dug !== 1) {
      return { ok: false, status: 400, code: 'NO_DRIVE_UP', message: `Store ${write.value} has no DriveUp & Go.` };
    }
  }
  return null;
}

/**
 * Writes the preferences, and mirrors the customer's own banner into the customers row (store,
 * ZIP, fulfilment), which is what a new session on that banner starts from. One transaction.
 */
async function writePreferences(customerId: number, writes: PreferenceWrite[]) {
  const refusal = await checkStores(writes);
  if (refusal) return refusal;
  const now = new Date().toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const customer = await customerRow(customerId, trx);
      if (!customer) return NOT_FOUND;
      for (const write of writes) {
        await trx
          .insertInto('customer_preferences')
          .values({
            customer_id: customerId,
            banner_id: write.banner,
            preference_def_id: write.key,
            value: write.value,
            updated_at: now,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['customer_id', 'banner_id', 'preference_def_id'])
              .doUpdateSet({ value: write.value, updated_at: now }),
          )
          .execute();
      }
      const own = writes.filter((write) => write.banner === customer.banner_id);
      const method = own.find((write) => write.key === PREFERENCE_DEF_IDS.fulfillmentMethod)?.value as
        FulfillmentMethod | undefined;
      const preference: Preference | undefined = method ? PREFERENCE_OF_METHOD[method] : undefined;
      // The store that goes with the method: the drive-up store for pickup, else the in-store one.
      const storeKey =
        preference === 'Dug'
          ? PREFERENCE_DEF_IDS.driveUpStore
          : preference
            ? PREFERENCE_DEF_IDS.inStoreStore
            : undefined;
      const store = own.find((write) => write.key === storeKey) ?? own.find((write) => write.key.endsWith('-STORE'));
      const zipcode = own.find((write) => write.key === ZIPCODE_KEY)?.value;
      const changes = {
        ...(preference ? { preference } : {}),
        ...(store ? { store_id: Number(store.value) } : {}),
        ...(zipcode ? { zipcode } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await trx.updateTable('customers').set(changes).where('id', '=', customerId).execute();
      }
      return { ok: true as const, preferences: await fulfillmentPreferences(customerId, trx) };
    });
}

/** POST …/customers/{customerId}/stores with the classic payload. */
export function saveStoresUpdate(customerId: number, payload: z.output<typeof storesUpdateSchema>) {
  const writes: PreferenceWrite[] = [
    ...payload.Stores.map((store) => ({
      banner: store.banner,
      key: store.storePreference === 'DriveUp' ? PREFERENCE_DEF_IDS.driveUpStore : PREFERENCE_DEF_IDS.inStoreStore,
      value: store.storeId,
    })),
    ...payload.Preferences.map((pref) => ({
      banner: pref.bannerId,
      key: PREFERENCE_DEF_IDS.fulfillmentMethod,
      value: pref.value,
    })),
    // A ZIP+4 is kept as its 5-digit code: the preference is an area, not an address.
    ...payload.postalCodes.map((code) => ({
      banner: code.bannerId,
      key: ZIPCODE_KEY,
      value: code.postalCode.slice(0, 5),
    })),
  ];
  return writePreferences(customerId, writes);
}

/** POST …/customers/{customerId}/preferences/fulfillment with the geo-flow payload. */
export function saveGeoPreferences(customerId: number, payload: z.output<typeof geoPreferencesSchema>) {
  return writePreferences(
    customerId,
    payload.preferences.map((pref) => ({ banner: pref.banner, key: pref.preferenceDefId, value: pref.value })),
  );
}

/**
 * The customer's fulfilment preferences per banner. The customer's own banner falls back to the
 * customers row (registration writes it before any preference exists).
 */
export async function fulfillmentPreferences(
  customerId: number,
  conn: Pick<Writer, 'selectFrom'> = db(),
): Promise<BannerPreferences[]> {
  const [customer, rows] = await Promise.all([
    customerRow(customerId, conn),
    conn
      .selectFrom('customer_preferences')
      .select(['banner_id', 'preference_def_id', 'value', 'updated_at'])
      .where('customer_id', '=', customerId)
      .orderBy('banner_id')
      .execute(),
  ]);
  if (!customer) return [];
  const byBanner = new Map<string, BannerPreferences>();
  const entry = (banner: string) => {
    let found = byBanner.get(banner);
    if (!found) {
      found = { banner, method: null, driveUpStoreId: null, inStoreStoreId: null, zipcode: null, updatedAt: null };
      byBanner.set(banner, found);
    }
    return found;
  };
  for (const row of rows) {
    const prefs = entry(row.banner_id);
    if (row.preference_def_id === PREFERENCE_DEF_IDS.fulfillmentMethod) prefs.method = row.value as FulfillmentMethod;
    else if (row.preference_def_id === PREFERENCE_DEF_IDS.driveUpStore) prefs.driveUpStoreId = row.value;
    else if (row.preference_def_id === PREFERENCE_DEF_IDS.inStoreStore) prefs.inStoreStoreId = row.value;
    else if (row.preference_def_id === ZIPCODE_KEY) prefs.zipcode = row.value;
    if (!prefs.updatedAt || row.updated_at > prefs.updatedAt) prefs.updatedAt = row.updated_at;
  }
  const home = entry(customer.banner_id);
  const homeMethod = (
    { Delivery: 'DELIVERY', Dug: 'DUG', J4U: 'J4U' } as Record<string, FulfillmentMethod | undefined>
  )[customer.preference];
  home.method ??= homeMethod ?? null;
  if (home.method === 'DUG') home.driveUpStoreId ??= String(customer.store_id);
  else home.inStoreStoreId ??= String(customer.store_id);
  home.zipcode ??= customer.zipcode;
  return [home, ...[...byBanner.values()].filter((prefs) => prefs !== home)];
}

/** The geo-flow shape of the same preferences. */
export function asGeoPreferences(preferences: BannerPreferences[]) {
  const out: { preferenceDefId: (typeof GEO_PREFERENCE_DEF_IDS)[number]; value: string; banner: string }[] = [];
  for (const prefs of preferences) {
    const banner = prefs.banner;
    if (prefs.method) out.push({ preferenceDefId: PREFERENCE_DEF_IDS.fulfillmentMethod, value: prefs.method, banner });
    if (prefs.driveUpStoreId)
      out.push({ preferenceDefId: PREFERENCE_DEF_IDS.driveUpStore, value: prefs.driveUpStoreId, banner });
    if (prefs.inStoreStoreId)
      out.push({ preferenceDefId: PREFERENCE_DEF_IDS.inStoreStore, value: prefs.inStoreStoreId, banner });
  }
  return out;
}

/** GET …/customers/{customerId}/stores: the saved stores in the classic Stores[] shape. */
export async function customerStores(customerId: number) {
  const preferences = await fulfillmentPreferences(customerId);
  const stores = [];
  for (const prefs of preferences) {
    for (const [storeId, storePreference] of [
      [prefs.inStoreStoreId, 'Preferred'],
      [prefs.driveUpStoreId, 'DriveUp'],
    ] as const) {
      if (!storeId) continue;
      const store = await storeById(storeId);
      if (!store) continue;
      stores.push({
        storeId,
        storePreference,
        address: { zipCode: prefs.zipcode ?? store.zipcode },
        banner: prefs.banner,
        name: store.name,
      });
    }
  }
  return stores;
}
