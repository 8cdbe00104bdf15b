import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0097-special-occasions.md (flag enableSpecialOccasion). A customer's birthday and anniversary (month
 * and day, no year), the personal offers given for them (an offer row that only its customer sees: customer_id), and
 * one row per occasion and year that keeps each occasion's offer to once a year.
 */
export const specialOccasionsSchema = {
  async up(db: AnyDb) {
    for (const column of ['birthday_month', 'birthday_day', 'anniversary_month', 'anniversary_day'])
      await db.schema.alterTable('customers').addColumn(column, 'integer').execute();
    await db.schema
      .alterTable('offers')
      .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
      .execute();
    await db.schema.createIndex('offers_customer_idx').on('offers').column('customer_id').execute();
    await db.schema
      .createTable('occasion_offers')
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('occasion', 'text', (col) => col.notNull())
      .addColumn('occasion_year', 'integer', (col) => col.notNull())
      .addColumn('offer_id', 'integer', (col) => col.notNull().unique().references('offers.id'))
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('occasion_offers_pk', ['customer_id', 'occasion', 'occasion_year'])
      .execute();
  },
};
