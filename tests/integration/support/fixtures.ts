import type { Kysely } from 'kysely';
import zipcodes from 'zipcodes';
import type { Database, StoreTable } from '~/db/schema';
import { useDatabaseForTests } from '~/db/db.server';
import { addAddress } from '~/modules/orders/checkout.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import type { DialectName } from '~/db/dialect';
import { createSeededTestDatabase, type TestDatabase } from './databases';

/** A banner row, for tests that build a small world of their own. */
export async function insertBanner(db: Kysely<Database>, id: string, defaultStoreId: number, defaultZip: string) {
  await db
    .insertInto('banners')
    .values({
      id,
      name: `${id[0]!.toUpperCase()}${id.slice(1)} Test Market`,
      logo_text: id,
      tagline: 'Test banner',
      color_primary: '#16803c',
      color_dark: '#0e5a2a',
      color_soft: '#e8f5ec',
      color_accent: '#facc15',
      default_store_id: defaultStoreId,
      default_zipcode: defaultZip,
      position: 0,
    })
    .execute();
}

/** A store at a real ZIP code's coordinates (from the zipcodes package). */
export async function insertStore(
  db: Kysely<Database>,
  store: Partial<StoreTable> & { id: number; banner_id: string; zipcode: string },
) {
  const place = zipcodes.lookup(store.zipcode);
  if (!place) throw new Error(`unknown ZIP ${store.zipcode}`);
  const row: StoreTable = {
    name: `Test Store ${store.id}`,
    address1: '1 Test St',
    city: place.city,
    state: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: 'America/Los_Angeles',
    phone: '(206) 555-0100',
    hours: '06:00-23:00',
    has_grocery_delivery: 1,
    has_dug: 1,
    has_rush_delivery: 0,
    has_grocery_rewards: 1,
    is_wine_d2c_enabled: 0,
    wfc_store_id: null,
    delivery_radius_miles: 100,
    price_factor_bp: 10_000,
    gas_rewards_id: null,
    rewards_program_id: null,
    partner_fuel_logo: null,
    partner_max_redemption: 1,
    own_max_redemption: 3,
    ...store,
  };
  await db.insertInto('stores').values(row).execute();
  return row;
}

/** Saves a delivery address through checkout's own function and returns its id (throws on a refusal). */
export async function saveCheckoutAddress(
  customer: Pick<OrderCustomer, 'customerId' | 'bannerId'>,
  address: { address1: string; city: string; state: string; zipcode: string },
): Promise<number> {
  const saved = await addAddress(customer, { address2: '', ...address });
  if (!saved.ok) throw new Error(saved.message);
  return saved.address.addressId;
}

/**
 * The seeded world the order tests start from (300 products), in use for the app's modules, with
 * greenleaf's first grocery-delivery store. Undo with `useDatabaseForTests(undefined)` and
 * `forgetCachedStores()` after the tests.
 */
export async function seededDeliveryWorld(dialect: DialectName): Promise<{ test: TestDatabase; store: Store }> {
  const test = await createSeededTestDatabase(dialect, { products: 300 });
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
  useDatabaseForTests(test);
  forgetCachedStores();
  const row = await test.db
    .selectFrom('stores')
    .select('id')
    .where('banner_id', '=', 'greenleaf')
    .where('has_grocery_delivery', '=', 1)
    .executeTakeFirstOrThrow();
  return { test, store: (await storeById(row.id))! };
}

/**
 * The first `count` grocery products any delivery may carry, at their shelf price everywhere (store overrides and
 * weekly ad deals removed): the products an order test fills its carts with.
 */
export async function deliverableGroceries(db: Kysely<Database>, count: number): Promise<number[]> {
  const ids = (
    await db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('id')
      .limit(count)
      .execute()
  ).map((product) => product.id);
  await db.deleteFrom('store_product_overrides').where('product_id', 'in', ids).execute();
  await db.deleteFrom('weekly_ad_deals').where('product_id', 'in', ids).execute();
  return ids;
}
