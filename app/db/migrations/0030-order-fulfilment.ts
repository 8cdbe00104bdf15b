import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0080-order-fulfilment.md. What happens to an order after it is placed: who picks
 * and drives it, when each step happened (order_events, the shopper's timeline), what was picked of
 * each line (order_line_picks: picked, short or substituted, the weight, the shopper's answer), the
 * DriveUp & Go check-in, and a version the staff screens bump on every change.
 */
export function orderFulfilmentSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      const columns: [string, string][] = [
        ['picker_id', 'integer'],
        ['driver_id', 'integer'],
        ['arrival_start', 'text'],
        ['arrival_end', 'text'],
        ['checked_in_at', 'text'],
        ['parking_spot', 'text'],
        ['handed_over_at', 'text'],
        ['final_total_cents', 'integer'],
      ];
      for (const [name, type] of columns) {
        await db.schema
          .alterTable('orders')
          .addColumn(name, type as 'text')
          .execute();
      }
      await db.schema
        .alterTable('orders')
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // A line's clipped-offer savings, so a receipt takes them off only the lines picked as ordered.
      await db.schema
        .alterTable('order_items')
        .addColumn('savings_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('orders_store_queue_idx')
        .on('orders')
        .columns(['store_id', 'slot_start', 'status'])
        .execute();

      await db.schema
        .createTable('order_line_picks')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull())
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('picked_quantity', 'integer', (col) => col.notNull())
        .addColumn('weighed_milli_lb', 'integer')
        .addColumn('substitute_product_id', 'integer')
        .addColumn('substitute_unit_price_cents', 'integer')
        .addColumn('approval', 'text')
        .addColumn('answer_due_at', 'text')
        .addColumn('answered_at', 'text')
        .addColumn('charged_cents', 'integer', (col) => col.notNull())
        .addColumn('picked_by', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('order_line_picks_pk', ['order_id', 'product_id'])
        .execute();

      const events = db.schema.createTable('order_events');
      await (
        dialect === 'postgres'
          ? events.addColumn('id', 'serial', (col) => col.primaryKey())
          : events.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();
    },
  };
}
