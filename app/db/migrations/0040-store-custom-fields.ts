import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0099-store-custom-field-ids.md. The store data's custom fields, by id: the one map from the names
 * the storefront reads (hasGroceryDeliveryCF, …) to the ids the store data carries, and the stores column each id is
 * kept in. The ids are the store data's own; they are rows, not code, so a new store-data export changes them here.
 */
export const storeCustomFieldsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('store_custom_fields')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('field_id', 'text', (col) => col.notNull().unique())
      .addColumn('source_column', 'text', (col) => col.notNull().unique())
      .addColumn('value_type', 'text', (col) => col.notNull())
      .execute();
    await db
      .insertInto('store_custom_fields')
      .values(
        [
          ['hasGroceryDeliveryCF', '10401', 'has_grocery_delivery', 'boolean'],
          ['hasDUGCF', '10402', 'has_dug', 'boolean'],
          ['hasRushDeliveryCF', '10403', 'has_rush_delivery', 'boolean'],
          ['hasGroceryRewardsCF', '10404', 'has_grocery_rewards', 'boolean'],
          ['isWineD2CEnabledCF', '10405', 'is_wine_d2c_enabled', 'boolean'],
          ['gasRewardsIdCF', '10406', 'gas_rewards_id', 'text'],
          ['rewardsProgramIdCF', '10407', 'rewards_program_id', 'text'],
          ['partnerFuelLogoCF', '10408', 'partner_fuel_logo', 'text'],
          ['partnerMaxRedemptionCF', '10409', 'partner_max_redemption', 'integer'],
          ['ownMaxRedemptionCF', '10410', 'own_max_redemption', 'integer'],
        ].map(([name, field_id, source_column, value_type]) => ({ name, field_id, source_column, value_type })),
      )
      .execute();
  },
};
