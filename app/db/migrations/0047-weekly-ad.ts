import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0109-weekly-ad.md. A weekly ad deal: one product at a sale price (or buy-n-get-one) for a banner's
 * stores, or one store when store_id is set. Its dates are calendar days (YYYY-MM-DD, both included) read in each
 * store's own time zone, so a Wednesday-to-Tuesday ad starts at midnight in Seattle and in Phoenix alike.
 */
export function weeklyAdSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('weekly_ad_deals')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('store_id', 'integer', (col) => col.references('stores.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('value', 'integer', (col) => col.notNull())
        .addColumn('min_quantity', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('starts_on', 'text', (col) => col.notNull())
        .addColumn('ends_on', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('weekly_ad_deals_banner_idx')
        .on('weekly_ad_deals')
        .columns(['banner_id', 'ends_on', 'starts_on'])
        .execute();
      await db.schema.createIndex('weekly_ad_deals_product_idx').on('weekly_ad_deals').column('product_id').execute();
    },
  };
}
