import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { loadStoreFlags } from '~/modules/flags/store-flags.server';
import { availableRewards } from '~/modules/offers/rewards.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { insertBanner, insertStore } from './support/fixtures';

describe.each(DIALECTS)('store custom fields by id on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await insertBanner(test.db, 'greenleaf', 1001, '98101');
    await insertStore(test.db, {
      id: 1001,
      banner_id: 'greenleaf',
      zipcode: '98101',
      has_rush_delivery: 1,
      gas_rewards_id: 'GAS-7',
      rewards_program_id: 'RP-1',
      partner_fuel_logo: 'fuel-partner.svg',
      partner_max_redemption: 2,
      own_max_redemption: 5,
    });
    useDatabaseForTests(test);
  });
  beforeEach(() => forgetCachedStores());
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const rewardsOf = async () =>
    (await availableRewards({ bannerId: 'greenleaf', storeId: 1001, customerId: null })).storeRewards;

  it('answers the store data by field id and reads the flags and rewards through the map', async () => {
    const answer = await loadStoreFlags('1001');
    expect(answer.status).toBe(200);
    expect(answer.flags).toMatchObject({
      customFields: { '10401': true, '10402': true, '10403': true, '10406': 'GAS-7', '10409': 2, '10410': 5 },
      ecomStore: { storeFeatures: { hasGroceryDelivery: true, hasDUG: true, hasRushDelivery: true } },
      storeRewards: { gasRewardsId: 'GAS-7', rewardsProgramId: 'RP-1', partnerFuelLogo: 'fuel-partner.svg' },
    });
    expect(await rewardsOf()).toMatchObject({ hasGroceryRewards: true, partnerMaxRedemption: 2, ownMaxRedemption: 5 });
  });

  it('follows new ids when the store data renumbers its fields, with no code change', async () => {
    await test.db
      .updateTable('store_custom_fields')
      .set({ field_id: 'cf-gas' })
      .where('name', '=', 'gasRewardsIdCF')
      .execute();
    forgetCachedStores();
    const answer = await loadStoreFlags('1001');
    expect(answer.flags).toMatchObject({
      customFields: { 'cf-gas': 'GAS-7' },
      storeRewards: { gasRewardsId: 'GAS-7' },
    });
    expect(Object.keys((answer.flags as { customFields: object }).customFields)).not.toContain('10406');
  });

  it('reads a field the map no longer names as not set, and still loads', async () => {
    await test.db
      .deleteFrom('store_custom_fields')
      .where('name', 'in', ['hasGroceryRewardsCF', 'ownMaxRedemptionCF'])
      .execute();
    forgetCachedStores();
    expect(await rewardsOf()).toMatchObject({ hasGroceryRewards: false, ownMaxRedemption: 0, partnerMaxRedemption: 2 });
    expect((await loadStoreFlags('1001')).status).toBe(200);
  });
});
