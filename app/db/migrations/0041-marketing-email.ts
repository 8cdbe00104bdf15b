import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0100-customer-service-calls.md. Marketing email: when a customer unsubscribed (null: they get the
 * weekly offers), and each marketing message's own unsubscribe link, sent as its List-Unsubscribe header.
 */
export const marketingEmailSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('customers').addColumn('marketing_opt_out_at', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('unsubscribe_url', 'text').execute();
  },
};
