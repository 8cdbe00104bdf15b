import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import {
  deliveryStoresV2,
  resolveStoresByZip,
  STORE_RESOLVER_FAILURE,
  validateStoreSelection,
} from '~/modules/stores/store-resolver.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { loadStoreFlags } from '~/modules/flags/store-flags.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { insertBanner, insertStore } from './support/fixtures';

// Seattle 98101; Bellevue 98008 is about 10 miles away; Burlington 98233 about 60 miles.
const SEATTLE = '98101';
const TEN_MILES = '98008';
const SIXTY_MILES = '98233';

describe.each(DIALECTS)('store resolver on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await insertBanner(test.db, 'greenleaf', 1001, SEATTLE);
    await insertBanner(test.db, 'sunridge', 2001, '90012');
    await insertStore(test.db, {
      id: 1001,
      banner_id: 'greenleaf',
      zipcode: SEATTLE,
      is_wine_d2c_enabled: 1,
      wfc_store_id: 'WFC1001',
    });
    await insertStore(test.db, {
      id: 12,
      banner_id: 'greenleaf',
      zipcode: '98033',
      has_grocery_delivery: 0,
      delivery_radius_miles: 15,
    });
    await insertStore(test.db, {
      id: 2001,
      banner_id: 'sunridge',
      zipcode: '98004',
      delivery_radius_miles: 20,
      is_wine_d2c_enabled: 1,
    });
    await insertStore(test.db, { id: 2002, banner_id: 'sunridge', zipcode: '90012' });
    useDatabaseForTests(test);
  });
  beforeEach(() => forgetCachedStores());
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('finds a store 10 miles away within radius 50, and not from 60 miles away', async () => {
    const near = await resolveStoresByZip({ banner: 'greenleaf', zipcode: TEN_MILES, size: 50 });
    expect(near.ok && near.stores.map((s) => s.storeId)).toContain('1001');
    const seattle = near.ok ? near.stores.find((s) => s.storeId === '1001') : undefined;
    expect(seattle?.distanceMiles).toBeGreaterThan(8);
    expect(seattle?.distanceMiles).toBeLessThan(11);
    const far = await resolveStoresByZip({ banner: 'greenleaf', zipcode: SIXTY_MILES, size: 50 });
    expect(far).toMatchObject({ ok: false, error: { code: 'NO_STORES_IN_RANGE' } });
  });

  it('orders stores by real distance and filters by preference', async () => {
    const result = await resolveStoresByZip({ banner: 'greenleaf', zipcode: '98033' });
    expect(result.ok && result.stores.map((s) => s.storeId)).toEqual(['12', '1001']);
    const delivery = await resolveStoresByZip({ banner: 'greenleaf', zipcode: '98033', preference: 'Delivery' });
    expect(delivery.ok && delivery.stores.map((s) => s.storeId)).toEqual(['1001']);
  });

  it('answers a malformed or unknown ZIP code with a clear message and a stable code', async () => {
    expect(await resolveStoresByZip({ banner: 'greenleaf', zipcode: '98' })).toMatchObject({
      ok: false,
      error: { code: 'ZIP_INVALID', message: 'Enter a 5-digit ZIP code, like 98101.' },
    });
    expect(await resolveStoresByZip({ banner: 'greenleaf', zipcode: '00000' })).toMatchObject({
      ok: false,
      error: { code: 'ZIP_UNKNOWN' },
    });
  });

  it('lists delivery stores of every banner with polarisBannerName and locationId (delivery v2)', async () => {
    const result = await deliveryStoresV2({ zipcode: TEN_MILES });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.delivery.count).toBe(result.delivery.stores.length);
    expect(result.delivery.stores.map((s) => [s.locationId, s.polarisBannerName])).toEqual([
      ['2001', 'sunridge'],
      ['1001', 'greenleaf'],
    ]);
    const none = await deliveryStoresV2({ zipcode: SIXTY_MILES });
    expect(none).toMatchObject({ ok: true, delivery: { count: 0, stores: [] } });
  });

  it('validates a store selection with the spec shape', async () => {
    const valid = await validateStoreSelection({
      banner: 'greenleaf',
      storeId: '1001',
      preference: 'Delivery',
      zipcode: TEN_MILES,
    });
    expect(valid).toMatchObject({
      validRequest: { isValid: true },
      mappedZip: TEN_MILES,
      store: { storeId: '1001' },
      ecomStore: {
        defaultStore: true,
        wfcStoreId: 'WFC1001',
        storeFeatures: { isWineD2CEnabled: true },
        timezone: 'America/Los_Angeles',
      },
    });
    expect(
      (await validateStoreSelection({ banner: 'greenleaf', storeId: '12', preference: 'Delivery' })).validRequest
        .isValid,
    ).toBe(false);
    expect(
      (await validateStoreSelection({ banner: 'sunridge', storeId: '1001', preference: 'J4U' })).validRequest.isValid,
    ).toBe(false);
    expect(
      (await validateStoreSelection({ banner: 'greenleaf', storeId: '9999', preference: 'J4U' })).validRequest.isValid,
    ).toBe(false);
    expect(
      (
        await validateStoreSelection({
          banner: 'greenleaf',
          storeId: '1001',
          preference: 'Delivery',
          zipcode: SIXTY_MILES,
        })
      ).validRequest.isValid,
    ).toBe(false);
  });

  it('gives a wine store id only where wine D2C is on and an id exists', async () => {
    const withWine = await loadStoreFlags('1001');
    expect(withWine).toMatchObject({
      loaded: true,
      status: 200,
      flags: { ecomStore: { wfcStoreId: 'WFC1001', storeFeatures: { isWineD2CEnabled: true } } },
    });
    const enabledWithoutId = await loadStoreFlags('2001');
    expect(enabledWithoutId.flags).toMatchObject({
      ecomStore: { wfcStoreId: null, storeFeatures: { isWineD2CEnabled: true } },
    });
  });

  it('marks store flags loaded but empty when the store is unknown', async () => {
    expect(await loadStoreFlags('4242')).toEqual({ loaded: true, status: 404, flags: {} });
    expect(await loadStoreFlags('abc')).toEqual({ loaded: true, status: 400, flags: {} });
  });
});

describe('store resolver failure', () => {
  it('throws "Error in store resolver" when the database fails', async () => {
    const broken = await createTestDatabase('sqlite', false); // no tables
    useDatabaseForTests(broken);
    forgetCachedStores();
    try {
      await expect(resolveStoresByZip({ banner: 'greenleaf', zipcode: SEATTLE })).rejects.toThrow(
        STORE_RESOLVER_FAILURE,
      );
      expect(await loadStoreFlags('1001')).toEqual({ loaded: true, status: 500, flags: {} });
    } finally {
      useDatabaseForTests(undefined);
      forgetCachedStores();
      await broken.drop();
    }
  });
});
