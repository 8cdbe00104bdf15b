import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Coupons and rewards: each offer's estimated saving (so "biggest saving" can sort cents, percents and
 * points on one scale), the rewards catalogue, the points ledger (the balance is its sum) and the
 * rewards a customer has redeemed ("clipped") at a store.
 */
export function rewardsSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('offers')
        .addColumn('savings_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // Offers seeded before this migration: the same estimate the seed makes (offers/offer-value.ts).
      await sql`
        update offers set savings_cents = case
          when kind in ('amount-off', 'buy-n-save', 'points') then value
          when kind in ('percent-off', 'bogo') then (value * coalesce((
            select min(p.base_price_cents) from offer_products op
            join products p on p.id = op.product_id where op.offer_id = offers.id), 0)) / 100
          else 0 end
      `.execute(db);
      await db.schema
        .createIndex('offers_banner_savings_idx')
        .on('offers')
        .columns(['banner_id', 'savings_cents'])
        .execute();

      await db.schema
        .createTable('rewards')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('slug', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('points_cost', 'integer', (col) => col.notNull())
        .addColumn('value_cents', 'integer', (col) => col.notNull())
        .addColumn('image_key', 'text', (col) => col.notNull())
        .addColumn('ends_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('rewards_banner_slug_uq', ['banner_id', 'slug'])
        .execute();

      const ledger = db.schema.createTable('reward_ledger');
      await (
        dialect === 'postgres'
          ? ledger.addColumn('id', 'serial', (col) => col.primaryKey())
          : ledger.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('points', 'integer', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('reward_id', 'integer', (col) => col.references('rewards.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('reward_ledger_customer_idx')
        .on('reward_ledger')
        .columns(['customer_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('reward_clips')
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('reward_id', 'integer', (col) => col.notNull().references('rewards.id'))
        .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id'))
        .addColumn('clipped_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('reward_clips_pk', ['customer_id', 'reward_id'])
        .execute();
    },
  };
}
