import { sql, type Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { ORDER_STATUS } from '~/modules/orders/order-rules';
import { blendPopularity, decayedUnits, ORDER_HORIZON_DAYS } from './popularity';

/**
 * Writes products.popularity from the orders placed (docs/decisions/0076-popularity-from-orders.md):
 * every order but a cancelled one counts, its units decayed by age and added to the product's prior
 * (popularity.ts). Only rows whose popularity moves are written; a product whose orders have all aged
 * out or been cancelled goes back to its prior. The search index orders by popularity but is not
 * touched here: popularity-refresh.server.ts re-indexes when something moved.
 */

/** Rows per statement: well under both engines' bound-parameter limits. */
const CHUNK = 1_000;

export interface PopularityChanges {
  /** Products with a counted order line inside the horizon. */
  ordered: number;
  /** Products whose popularity was written. */
  changed: number;
}

export async function applyOrderPopularity(db: Kysely<Database>, now: Date): Promise<PopularityChanges> {
  const horizon = new Date(now.getTime() - ORDER_HORIZON_DAYS * 86_400_000).toISOString();
  const lines = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.product_id', 'oi.quantity', 'o.placed_at'])
    .where('o.status', '!=', ORDER_STATUS.cancelled)
    .where('o.placed_at', '>=', horizon)
    .execute();
  const linesOf = new Map<number, { quantity: number; placedAt: string }[]>();
  for (const line of lines) {
    const id = Number(line.product_id);
    const list = linesOf.get(id) ?? [];
    list.push({ quantity: Number(line.quantity), placedAt: line.placed_at });
    linesOf.set(id, list);
  }

  const wanted = new Map<number, number>();
  const ordered = [...linesOf.keys()];
  for (let i = 0; i < ordered.length; i += CHUNK) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'popularity', 'popularity_prior'])
      .where('id', 'in', ordered.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const popularity = blendPopularity(row.popularity_prior, decayedUnits(linesOf.get(row.id)!, now));
      if (popularity !== row.popularity) wanted.set(row.id, popularity);
    }
  }

  // Lifted before, counted no more: back to the prior.
  const lifted = await db
    .selectFrom('products')
    .select('id')
    .where(sql<boolean>`popularity <> popularity_prior`)
    .execute();
  const backToPrior = lifted.map((row) => row.id).filter((id) => !linesOf.has(id));

  const changes = [...wanted];
  for (let i = 0; i < changes.length; i += CHUNK) {
    const values = changes
      .slice(i, i + CHUNK)
      .map(([id, popularity]) => sql`(cast(${id} as integer), cast(${popularity} as integer))`);
    await sql`with v(id, popularity) as (values ${sql.join(values)})
      update products set popularity = v.popularity from v where products.id = v.id`.execute(db);
  }
  for (let i = 0; i < backToPrior.length; i += CHUNK) {
    await db
      .updateTable('products')
      .set({ popularity: sql`popularity_prior` })
      .where('id', 'in', backToPrior.slice(i, i + CHUNK))
      .execute();
  }
  return { ordered: linesOf.size, changed: changes.length + backToPrior.length };
}
