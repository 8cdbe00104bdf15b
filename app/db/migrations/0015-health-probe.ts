import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * One row per storefront process that /healthz rewrites (at most once a second) to prove the database
 * still takes writes: a read-only or immutable database file must fail the health check (docs/decisions/0024).
 */
export const healthProbeSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('health_probe')
      .addColumn('probe_key', 'text', (col) => col.primaryKey())
      .addColumn('checked_at', 'text', (col) => col.notNull())
      .execute();
  },
};
