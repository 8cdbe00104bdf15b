import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Marketplace and wine shipping estimates: each seller's shipping rules beyond its origin ZIP, handling
 * days and carrier (0001): the daily cut-off at the origin, the origin's timezone and the states it does
 * not ship to; and the estimate cache every storefront process shares (3 hours, expiry stored).
 */
export const shippingSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('seller_shipping')
      .addColumn('seller_id', 'integer', (col) => col.primaryKey().references('sellers.id'))
      .addColumn('cutoff_hour', 'integer', (col) => col.notNull())
      .addColumn('timezone', 'text', (col) => col.notNull())
      // Comma-wrapped state codes (",AK,HI,"), so one LIKE finds a state in both dialects.
      .addColumn('no_ship_states', 'text', (col) => col.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('shipping_cache')
      .addColumn('cache_key', 'text', (col) => col.primaryKey())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('shipping_cache_expires_idx').on('shipping_cache').column('expires_at').execute();
  },
};
