import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0086-user-info-fields.md. When an account was closed (user info's isClosed; a closed account is
 * kept for its orders), and the loyalty partners a customer linked (customers/{id}/loyaltypartners; a linked Box
 * Tops for Education account is user info's boxTopAuth).
 */
export const customerStandingSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('customers').addColumn('closed_at', 'text').execute();
    await db.schema
      .createTable('customer_loyalty_partners')
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('partner_code', 'text', (col) => col.notNull())
      .addColumn('member_id', 'text', (col) => col.notNull())
      .addColumn('linked_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('customer_loyalty_partners_pk', ['customer_id', 'partner_code'])
      .execute();
  },
};
