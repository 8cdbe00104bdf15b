import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0098-refer-a-friend.md (flag referralProgramEnabled). Each customer's own refer-a-friend code (made
 * the first time their account shows it), and who referred whom: one referral per new customer (the key), credited
 * at most once (the order that earned it is unique, and only an uncredited referral takes one).
 */
export const referralsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('referral_codes')
      .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id'))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('referrals')
      .addColumn('referee_id', 'integer', (col) => col.primaryKey().references('customers.id'))
      .addColumn('referrer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('credited_order_id', 'integer', (col) => col.unique().references('orders.id'))
      .addColumn('credited_at', 'text')
      .execute();
    await db.schema.createIndex('referrals_referrer_idx').on('referrals').column('referrer_id').execute();
  },
};
