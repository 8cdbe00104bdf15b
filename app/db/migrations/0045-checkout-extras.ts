import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0107-snap-ebt-tips-delivery-instructions.md. A saved tender is a card or an EBT card (kind);
 * a delivery address keeps its delivery instructions (gate code, leave at door, a note); an order keeps the
 * instructions it was placed with, its tip and the part paid with EBT SNAP (the rest goes on its card).
 */
export const checkoutExtrasSchema = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('customer_tenders')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('card'))
      .execute();
    for (const table of ['customer_addresses', 'orders']) {
      await db.schema
        .alterTable(table)
        .addColumn('gate_code', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('leave_at_door', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('delivery_note', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    }
    await db.schema
      .alterTable('orders')
      .addColumn('tip_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('ebt_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('ebt_tender_id', 'integer').execute();
  },
};
