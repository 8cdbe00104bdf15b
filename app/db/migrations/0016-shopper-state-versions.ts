import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * One counter per signed-in customer that every state-changing request of theirs bumps, in whichever
 * storefront process it lands (decision 0027): the private page cache keys a customer's pages by it, so a
 * change made through one process ends the pages every other process kept.
 */
export const shopperStateVersionsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('shopper_state_versions')
      .addColumn('subject', 'text', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('changed_at', 'text', (col) => col.notNull())
      .execute();
  },
};
