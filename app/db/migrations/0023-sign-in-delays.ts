import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Exponential sign-in delays per account and client: how many failures in a row, and the earliest time
 * (epoch ms) that client may try that account again. A row is forgotten at expires_at (epoch seconds).
 */
export const signInDelaysSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sign_in_delays')
      .addColumn('bucket', 'varchar(400)', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('next_allowed_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sign_in_delays_expires_at').on('sign_in_delays').column('expires_at').execute();
  },
};
