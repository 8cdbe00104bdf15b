import { flagField, numberField, textField, type CustomFieldMap, type CustomFields } from './store-custom-fields';

/** Spec section 3: j4u storeData.storeRewards, read from the store's custom fields by id (decision 0099). */
export function storeRewards(storeId: number, fields: CustomFields, map: CustomFieldMap) {
  return {
    storeId: String(storeId),
    hasGroceryDelivery: flagField(fields, map, 'hasGroceryDeliveryCF'),
    hasDUG: flagField(fields, map, 'hasDUGCF'),
    hasRushDelivery: flagField(fields, map, 'hasRushDeliveryCF'),
    hasGroceryRewards: flagField(fields, map, 'hasGroceryRewardsCF'),
    gasRewardsId: textField(fields, map, 'gasRewardsIdCF'),
    rewardsProgramId: textField(fields, map, 'rewardsProgramIdCF'),
    partnerFuelLogo: textField(fields, map, 'partnerFuelLogoCF'),
    partnerMaxRedemption: numberField(fields, map, 'partnerMaxRedemptionCF'),
    ownMaxRedemption: numberField(fields, map, 'ownMaxRedemptionCF'),
  };
}
export type StoreRewards = ReturnType<typeof storeRewards>;
