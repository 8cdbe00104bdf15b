import type { Kysely } from 'kysely';
import { backfillLabelFlags } from '../seed/label-flags.seed';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0108-allergen-and-nutrition-filters.md. products.label_flags: the label's major
 * allergens, whether it has a label, and the nutrient claims it meets, as bits (catalog/label-flags.ts),
 * so both databases filter and count by them in SQL. The backfill is the seed's code (label-flags.seed.ts):
 * the data layer knows no domain, and the flags come from the same rules that print the label.
 * household_allergy_profiles: a household's allergens as the same bits, shared by every customer of the
 * household (customers.house_id).
 */
export const allergenFiltersSchema = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('products')
      .addColumn('label_flags', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('household_allergy_profiles')
      .addColumn('house_id', 'text', (col) => col.primaryKey())
      .addColumn('allergen_bits', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await backfillLabelFlags(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('household_allergy_profiles').execute();
    await db.schema.alterTable('products').dropColumn('label_flags').execute();
  },
};
