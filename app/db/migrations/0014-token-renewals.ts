import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Refresh-token renewals shared by every storefront process (decision 0023): the first process to see a
 * lapsed cookie claims its refresh token's row and renews it; the others wait for the sealed answer instead
 * of spending the rotated token a second time (which makes the provider revoke the grant).
 */
export const tokenRenewalsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('token_renewals')
      // SHA-256 of the spent refresh token: the table never holds a usable token in clear.
      .addColumn('renewal_key', 'text', (col) => col.primaryKey())
      // AES-GCM sealed token set, keyed by the spent refresh token; '' while the renewal runs, '-' if refused.
      .addColumn('result', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('claimed_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('token_renewals_expires_idx').on('token_renewals').column('expires_at').execute();
  },
};
