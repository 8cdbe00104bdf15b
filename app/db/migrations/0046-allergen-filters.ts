import { sql, type Kysely } from 'kysely';
import { labelFlags } from '../../modules/catalog/label-flags-of-product';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

const BATCH = 5_000;

/**
 * docs/decisions/0108-allergen-and-nutrition-filters.md. products.label_flags: the label's major
 * allergens, whether it has a label, and the nutrient claims it meets, as bits (catalog/label-flags.ts),
 * so both databases filter and count by them in SQL. The backfill computes them with the same rules
 * that print the label (label-flags-of-product.ts). household_allergy_profiles: a household's
 * allergens as the same bits, shared by every customer of the household (customers.house_id).
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

/** Every grocery product's flags, a batch of ids at a time; one UPDATE per distinct value in a batch. */
export async function backfillLabelFlags(db: AnyDb) {
  let after = 0;
  for (;;) {
    const rows: { id: number; name: string; brand: string; aisle_slug: string | null }[] = await db
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .leftJoin('aisles as a', 'a.id', 'p.aisle_id')
      .select(['p.id', 'p.name', 'b.name as brand', 'a.slug as aisle_slug'])
      .where('p.kind', '=', 'grocery')
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const byFlags = new Map<number, number[]>();
    for (const row of rows) {
      const flags = labelFlags({ id: Number(row.id), name: row.name, brand: row.brand, aisleSlug: row.aisle_slug });
      if (flags === 0) continue;
      byFlags.set(flags, [...(byFlags.get(flags) ?? []), Number(row.id)]);
    }
    for (const [flags, ids] of byFlags) {
      await sql`update products set label_flags = ${flags} where id in (${sql.join(ids)})`.execute(db);
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}
