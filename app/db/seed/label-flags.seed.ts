import { sql, type Kysely } from 'kysely';
import { labelFlags } from '~/modules/catalog/label-flags-of-product';

/* eslint-disable @typescript-eslint/no-explicit-any -- a migration calls this too, and must not depend on today's types */
type AnyDb = Kysely<any>;

const BATCH = 5_000;

/**
 * products.label_flags for every grocery product, from the rules that print its label
 * (docs/decisions/0108-allergen-and-nutrition-filters.md): migration 0046 fills an existing catalogue with it,
 * and it is what to run again after the label rules change. The seed computes the same flags as it inserts.
 */
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
