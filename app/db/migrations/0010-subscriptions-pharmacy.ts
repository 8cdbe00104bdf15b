import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/** Each banner's delivery plans, as launched. Later price changes are new rows, never edits. */
const PLANS = [
  ['greenleaf', 1299, 9900, 3500],
  ['sunridge', 1499, 11900, 3000],
  ['bayside', 1299, 9900, 4000],
  ['mesa', 999, 7900, 3500],
] as const;

/**
 * Delivery subscriptions (plans per banner, one active subscription per customer), the pharmacy
 * profile and prescriptions, and the single-use health handshakes.
 */
export function subscriptionsPharmacySchema(dialect: DialectName) {
  const serial = (name: string, db: AnyDb) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  return {
    async up(db: AnyDb) {
      // No foreign key to banners: migrations run before the first seed writes the banners.
      await db.schema
        .createTable('delivery_plans')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('banner_id', 'text', (col) => col.notNull())
        .addColumn('code', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('period_months', 'integer', (col) => col.notNull())
        .addColumn('threshold_cents', 'integer', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addUniqueConstraint('delivery_plans_banner_code_uq', ['banner_id', 'code'])
        .execute();
      await db
        .insertInto('delivery_plans')
        .values(
          PLANS.flatMap(([banner, monthly, annual, threshold], index) => [
            {
              id: index * 10 + 1,
              banner_id: banner,
              code: 'MONTHLY',
              name: 'Delivery Pass Monthly',
              price_cents: monthly,
              period_months: 1,
              threshold_cents: threshold,
              position: 0,
            },
            {
              id: index * 10 + 2,
              banner_id: banner,
              code: 'ANNUAL',
              name: 'Delivery Pass Annual',
              price_cents: annual,
              period_months: 12,
              threshold_cents: threshold,
              position: 1,
            },
          ]),
        )
        .execute();

      await serial('delivery_subscriptions', db)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('plan_id', 'integer', (col) => col.notNull().references('delivery_plans.id'))
        .addColumn('banner_id', 'text', (col) => col.notNull())
        .addColumn('plan_code', 'text', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('threshold_cents', 'integer', (col) => col.notNull())
        .addColumn('tender_id', 'integer', (col) => col.notNull().references('customer_tenders.id'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('period_end', 'text', (col) => col.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      // One active subscription per customer, enforced by the database so two racing submits give one row.
      await sql`create unique index delivery_subscriptions_one_active on delivery_subscriptions (customer_id) where status = 'active'`.execute(
        db,
      );

      await db.schema
        .createTable('pharmacy_profiles')
        .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id'))
        .addColumn('date_of_birth', 'text')
        .addColumn('allergies', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await serial('prescriptions', db)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('rx_number', 'text', (col) => col.notNull())
        .addColumn('medication', 'text', (col) => col.notNull())
        .addColumn('directions', 'text', (col) => col.notNull())
        .addColumn('refills_left', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('last_filled_at', 'text')
        .execute();
      await db.schema.createIndex('prescriptions_customer_idx').on('prescriptions').column('customer_id').execute();

      await db.schema
        .createTable('health_handshakes')
        .addColumn('jti', 'text', (col) => col.primaryKey())
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('issued_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('consumed_at', 'text')
        .execute();
    },
  };
}
