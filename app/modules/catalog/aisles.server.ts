import { db } from '~/db/db.server';
import type { Store } from '~/modules/stores/stores.server';

export interface AisleEntry {
  slug: string;
  name: string;
  productCount: number;
}
export interface DepartmentAisles {
  slug: string;
  name: string;
  imageKey: string;
  aisles: AisleEntry[];
}

let countsCache: { at: number; counts: Promise<Map<number, number>> } | undefined;
const COUNTS_TTL_MS = 10 * 60_000;

/** Grocery products per aisle; they change only with a re-seed, so each process counts every 10 minutes. */
function aisleProductCounts(): Promise<Map<number, number>> {
  if (!countsCache || Date.now() - countsCache.at > COUNTS_TTL_MS) {
    const counts = db()
      .selectFrom('products')
      .select(['aisle_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'grocery')
      .where('aisle_id', 'is not', null)
      .groupBy('aisle_id')
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.aisle_id as number, Number(row.n)])));
    countsCache = { at: Date.now(), counts };
    counts.catch(() => (countsCache = undefined));
  }
  return countsCache.counts;
}

/** Departments and aisles with the number of products the store can sell in each. */
export async function aislesForStore(store: Store): Promise<DepartmentAisles[]> {
  const [departments, aisles, counts, unavailable] = await Promise.all([
    db().selectFrom('departments').select(['id', 'slug', 'name', 'image_key']).orderBy('position').execute(),
    db()
      .selectFrom('aisles')
      .select(['id', 'department_id', 'slug', 'name'])
      .orderBy('department_id')
      .orderBy('position')
      .execute(),
    aisleProductCounts(),
    db()
      .selectFrom('store_product_overrides as o')
      .innerJoin('products as p', 'p.id', 'o.product_id')
      .select(['p.aisle_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('o.store_id', '=', store.id)
      .where('o.stock_status', '=', 'unavailable')
      .groupBy('p.aisle_id')
      .execute(),
  ]);
  const notSold = new Map(unavailable.map((row) => [row.aisle_id as number, Number(row.n)]));
  return departments.map((department) => ({
    slug: department.slug,
    name: department.name,
    imageKey: department.image_key,
    aisles: aisles
      .filter((aisle) => aisle.department_id === department.id)
      .map((aisle) => ({
        slug: aisle.slug,
        name: aisle.name,
        productCount: Math.max(0, (counts.get(aisle.id) ?? 0) - (notSold.get(aisle.id) ?? 0)),
      })),
  }));
}
