import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0105-promo-codes.md. Promo codes per banner and site (C consumer, B business): percent or amount
 * off the basket after clipped-offer savings, a minimum basket, first order only, once per customer, validity dates
 * and a total usage cap (used_count only ever raised by a conditional UPDATE … WHERE used_count < usage_cap).
 * A redemption ties a code to an order; once_key holds the customer id when the code is once per customer (null
 * otherwise), so the unique (code_id, once_key) index refuses a second use even between two racing checkouts.
 * The cart keeps the code the shopper applied; the order keeps the code and the discount it got.
 */
export function promoCodesSchema(dialect: DialectName) {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('promo_codes'))
        .addColumn('code', 'text', (col) => col.notNull())
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('site_type', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('value', 'integer', (col) => col.notNull())
        .addColumn('min_basket_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('first_order_only', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('once_per_customer', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('starts_at', 'text', (col) => col.notNull())
        .addColumn('ends_at', 'text', (col) => col.notNull())
        .addColumn('usage_cap', 'integer')
        .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('promo_codes_code_uq')
        .on('promo_codes')
        .columns(['banner_id', 'site_type', 'code'])
        .unique()
        .execute();
      await withId(db.schema.createTable('promo_redemptions'))
        .addColumn('code_id', 'integer', (col) => col.notNull().references('promo_codes.id'))
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id'))
        .addColumn('once_key', 'integer')
        .addColumn('discount_cents', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('promo_redemptions_once_uq')
        .on('promo_redemptions')
        .columns(['code_id', 'once_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('promo_redemptions_customer_idx')
        .on('promo_redemptions')
        .column('customer_id')
        .execute();
      await db.schema.alterTable('carts').addColumn('promo_code', 'text').execute();
      await db.schema.alterTable('orders').addColumn('promo_code', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('promo_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
