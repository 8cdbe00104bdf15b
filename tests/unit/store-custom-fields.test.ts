import { describe, expect, it } from 'vitest';
import type { StoreTable } from '~/db/schema';
import { customFieldMap, customFieldsOf, readCustomField } from '~/modules/stores/store-custom-fields';
import { storeRewards } from '~/modules/stores/store-rewards';

const map = customFieldMap([
  { name: 'hasDUGCF', fieldId: '7', sourceColumn: 'has_dug', valueType: 'boolean' },
  { name: 'gasRewardsIdCF', fieldId: '8', sourceColumn: 'gas_rewards_id', valueType: 'text' },
  { name: 'ownMaxRedemptionCF', fieldId: '9', sourceColumn: 'own_max_redemption', valueType: 'integer' },
  { name: 'somethingElseCF', fieldId: '10', sourceColumn: 'name', valueType: 'text' },
]);
const store = {
  id: 12,
  has_dug: 1,
  gas_rewards_id: null,
  own_max_redemption: 4,
  name: 'Pike St',
} as unknown as StoreTable;

describe('store custom fields', () => {
  it('gives the store data by id, typed', () => {
    expect(customFieldsOf(store, map)).toEqual({ '7': true, '8': null, '9': 4, '10': 'Pike St' });
  });

  it('reads by name only through the map; names the storefront does not read are not in it', () => {
    const fields = customFieldsOf(store, map);
    expect(readCustomField(fields, map, 'hasDUGCF')).toBe(true);
    expect(readCustomField({ ...fields, '7': false }, map, 'hasDUGCF')).toBe(false);
    expect(readCustomField(fields, map, 'hasRushDeliveryCF')).toBeNull();
    expect(Object.keys(map.ids)).toEqual(['hasDUGCF', 'gasRewardsIdCF', 'ownMaxRedemptionCF']);
  });

  it('builds storeRewards from the fields by id, unmapped ones as not set', () => {
    expect(storeRewards(12, { '7': true, '8': 'GAS', '9': 3 }, map)).toEqual({
      storeId: '12',
      hasGroceryDelivery: false,
      hasDUG: true,
      hasRushDelivery: false,
      hasGroceryRewards: false,
      gasRewardsId: 'GAS',
      rewardsProgramId: null,
      partnerFuelLogo: null,
      partnerMaxRedemption: 0,
      ownMaxRedemption: 3,
    });
  });
});
