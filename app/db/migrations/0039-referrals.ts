import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/** The code's alphabet and length as of this migration (customers/referral-rules.ts). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

function newCode(): string {
  let code = '';
  while (code.length < LENGTH)
    for (const byte of randomBytes(16)) if (byte < 240 && code.length < LENGTH) code += ALPHABET[byte % 30];
  return code;
}

/**
 * docs/decisions/0098-refer-a-friend.md (flag referralProgramEnabled). Each customer's own refer-a-friend code (given
 * with the account; every account older than this migration gets one here), and who referred whom: one referral per
 * new customer (the key), credited at most once (the order that earned it is unique; only an uncredited referral
 * takes one).
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

    const now = new Date().toISOString();
    for (;;) {
      const missing = await db
        .selectFrom('customers')
        .select('id')
        .where('id', 'not in', (eb: any) => eb.selectFrom('referral_codes').select('customer_id'))
        .limit(500)
        .execute();
      if (missing.length === 0) break;
      // A code drawn twice is skipped (do nothing) and that customer gets another on the next round.
      await db
        .insertInto('referral_codes')
        .values(missing.map((row: { id: number }) => ({ customer_id: row.id, code: newCode(), created_at: now })))
        .onConflict((conflict: any) => conflict.doNothing())
        .execute();
    }
  },
};
