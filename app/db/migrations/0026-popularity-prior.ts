import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0076-popularity-from-orders.md. products.popularity becomes what orders make of a
 * prior: `popularity_prior` keeps the catalogue's own expectation, so refreshing from orders never
 * compounds on its last result. An already seeded catalogue's popularity is its prior.
 */
export const popularityPriorSchema = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('products')
      .addColumn('popularity_prior', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update products set popularity_prior = popularity`.execute(db);
  },
};
