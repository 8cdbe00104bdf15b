import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
export const passwordResetsSchema = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
  },
};
