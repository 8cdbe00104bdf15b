import type { StoreTable } from '~/db/schema';

/** Spec section 3: j4u storeData.storeRewards. */
export function storeRewards(store: StoreTable) {
  return {
    storeId: String(store.id),
    hasGroceryDelivery: store.has_grocery_delivery === 1,
    hasDUG: store.has_dug === 1,
    hasRushDelivery: store.has_rush_delivery === 1,
    hasGroceryRewards: store.has_grocery_rewards === 1,
    gasRewardsId: store.gas_rewards_id,
    rewardsProgramId: store.rewards_program_id,
    partnerFuelLogo: store.partner_fuel_logo,
    partnerMaxRedemption: store.partner_max_redemption,
    ownMaxRedemption: store.own_max_redemption,
  };
}
export type StoreRewards = ReturnType<typeof storeRewards>;
