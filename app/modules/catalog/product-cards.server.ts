import { db } from '~/db/db.server';
import type { Store } from '~/modules/stores/stores.server';
import { productCardColumns, storePricing, toProductCard, type ProductCard } from './product-card-select.server';

/** The most popular grocery products, priced and stocked for one store. */
export async function featuredProducts(store: Store, limit: number): Promise<ProductCard[]> {
  const rows = await db()
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .select(productCardColumns)
    .where('p.kind', '=', 'grocery')
    .orderBy('p.popularity', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  const pricing = storePricing(store);
  return rows.map((row) => toProductCard(row, pricing));
}

export interface DepartmentTile {
  slug: string;
  name: string;
  imageKey: string;
}

export async function departmentTiles(): Promise<DepartmentTile[]> {
  const rows = await db().selectFrom('departments').select(['slug', 'name', 'image_key']).orderBy('position').execute();
  return rows.map((row) => ({ slug: row.slug, name: row.name, imageKey: row.image_key }));
}
