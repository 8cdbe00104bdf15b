import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Carts (guest and customer), delivery and pickup slots with capacity and 2-hour holds, saved tenders,
 * per-site order number series, and what an order needs beyond 0001 (address, tender, slot, edits).
 */
export function cartOrdersSchema(dialect: DialectName) {
  const serial = (name: string, db: AnyDb) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('carts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
        .addColumn('banner_id', 'text', (col) => col.notNull())
        .addColumn('site_type', 'text', (col) => col.notNull())
        .addColumn('store_id', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('carts_customer_idx')
        .on('carts')
        .columns(['customer_id', 'banner_id', 'site_type', 'status'])
        .execute();

      await db.schema
        .createTable('cart_items')
        .addColumn('cart_id', 'text', (col) => col.notNull().references('carts.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('substitution', 'text', (col) => col.notNull().defaultTo('allow'))
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('added_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'product_id'])
        .execute();

      await serial('slots', db)
        .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('starts_at', 'text', (col) => col.notNull())
        .addColumn('ends_at', 'text', (col) => col.notNull())
        .addColumn('fee_cents', 'integer', (col) => col.notNull())
        .addColumn('capacity', 'integer', (col) => col.notNull())
        .addColumn('reserved', 'integer', (col) => col.notNull().defaultTo(0))
        .addUniqueConstraint('slots_store_kind_start_uq', ['store_id', 'kind', 'starts_at'])
        .execute();

      await serial('slot_holds', db)
        .addColumn('slot_id', 'integer', (col) => col.notNull().references('slots.id'))
        .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
        .addColumn('cart_id', 'text')
        .addColumn('order_id', 'integer')
        .addColumn('expires_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('slot_holds_slot_idx').on('slot_holds').columns(['slot_id', 'expires_at']).execute();
      await db.schema.createIndex('slot_holds_cart_idx').on('slot_holds').column('cart_id').execute();

      await serial('customer_tenders', db)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('token', 'text', (col) => col.notNull().unique())
        .addColumn('brand', 'text', (col) => col.notNull())
        .addColumn('last_four', 'text', (col) => col.notNull())
        .addColumn('expiry', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('customer_tenders_customer_idx')
        .on('customer_tenders')
        .column('customer_id')
        .execute();

      await db.schema
        .createTable('order_sequences')
        .addColumn('site_type', 'text', (col) => col.primaryKey())
        .addColumn('next_value', 'integer', (col) => col.notNull())
        .execute();
      // Consumer and business orders have their own series (C…, B…), starting above any seeded number.
      await db
        .insertInto('order_sequences')
        .values([
          { site_type: 'C', next_value: 20_000_001 },
          { site_type: 'B', next_value: 60_000_001 },
        ])
        .execute();

      for (const [name, type] of [
        ['address_id', 'integer'],
        ['address_text', 'text'],
        ['tender_id', 'integer'],
        ['slot_id', 'integer'],
        ['slot_kind', 'text'],
        ['cancelled_at', 'text'],
        ['updated_at', 'text'],
      ] as const)
        await db.schema.alterTable('orders').addColumn(name, type).execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('substitution', 'text', (col) => col.notNull().defaultTo('allow'))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    },
  };
}
