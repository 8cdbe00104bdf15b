import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0079-staff-roles-in-the-account-store.md. Store staff are accounts of the customers
 * table; a row grants one role at one store. The identity provider puts the rows in the staff claim of
 * the access token, and every staff page reads them again, so a deleted row stops access at once.
 */
export const staffRolesSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('staff_roles')
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id'))
      .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('picker', 'driver', 'manager')`))
      .addPrimaryKeyConstraint('staff_roles_pk', ['customer_id', 'store_id', 'role'])
      .execute();
    // "Who works at this store" (the fulfilment queue's hand-over, a manager's list) reads by store.
    await db.schema.createIndex('staff_roles_store_idx').on('staff_roles').columns(['store_id', 'role']).execute();
  },
};
