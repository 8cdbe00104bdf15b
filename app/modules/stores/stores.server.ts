import { db } from '~/db/db.server';
import type { StoreTable } from '~/db/schema';
import type { PriceTier } from '~/modules/catalog/pricing';
import { customFieldMap, customFieldsOf, type CustomFieldMap, type CustomFields } from './store-custom-fields';

/** A store row; `priceTier` is set when a store is resolved for a shopper (absent: shelf prices). */
export type Store = StoreTable & { priceTier?: PriceTier };

let storeCache: { at: number; stores: Promise<Store[]>; fieldMap: Promise<CustomFieldMap> } | undefined;
const STORE_CACHE_MS = 60_000;

function storeData() {
  if (!storeCache || Date.now() - storeCache.at > STORE_CACHE_MS) {
    const stores = db().selectFrom('stores').selectAll().execute();
    // The custom-field map is loaded with the stores, so the ids and the data they name are of the same read.
    const fieldMap = db()
      .selectFrom('store_custom_fields')
      .select(['name', 'field_id as fieldId', 'source_column as sourceColumn', 'value_type as valueType'])
      .execute()
      .then(customFieldMap);
    storeCache = { at: Date.now(), stores, fieldMap };
    Promise.all([stores, fieldMap]).catch(() => (storeCache = undefined));
  }
  return storeCache;
}

/** Every store (a few hundred rows), read once a minute per process: lookups and ranking happen in memory. */
export async function allStores(): Promise<Store[]> {
  return storeData().stores;
}

export async function storeById(id: number | string): Promise<Store | undefined> {
  const numeric = typeof id === 'number' ? id : Number.parseInt(id, 10);
  if (!Number.isInteger(numeric)) return undefined;
  return (await allStores()).find((store) => store.id === numeric);
}

/** A store with its custom fields by id and the name → id map to read them (decision 0099). */
export async function storeWithCustomFields(
  id: number | string,
): Promise<{ store: Store; fields: CustomFields; map: CustomFieldMap } | undefined> {
  const [store, map] = await Promise.all([storeById(id), storeData().fieldMap]);
  return store && { store, fields: customFieldsOf(store, map), map };
}

/** For tests that build their own stores (or custom-field map) between cases. */
export function forgetCachedStores() {
  storeCache = undefined;
}
