import { db } from '~/db/db.server';
import type { StockStatus } from '~/db/schema';
import type { Store } from '~/modules/stores/stores.server';
import { storePriceCents, unitPriceLabel } from './pricing';

export interface ProductCard {
  id: number;
  name: string;
  brand: string;
  sizeLabel: string;
  imageKey: string;
  priceCents: number;
  unitPrice: string | null;
  stock: 'in_stock' | StockStatus;
  attendedDeliveryOnly: boolean;
  /** Present (true) when the price is the business tier's, so the card can say so. */
  businessPrice?: true;
}

/** A product row priced and stocked for a store: what a product card shows. */
export function toProductCard(
  row: {
    id: number;
    name: string;
    brand: string;
    size_label: string;
    size_quantity: number;
    size_unit: string;
    image_key: string;
    base_price_cents: number;
    attended_delivery_only: number;
    override_price: number | null;
    stock_status: StockStatus | null;
  },
  store: Store,
): ProductCard {
  const tier = store.priceTier ?? 'consumer';
  const priceCents = storePriceCents(row.base_price_cents, store.price_factor_bp, row.override_price, tier);
  return {
    ...(tier === 'business' ? { businessPrice: true as const } : {}),
    id: row.id,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    priceCents,
    unitPrice: unitPriceLabel(priceCents, row.size_quantity, row.size_unit),
    stock: row.stock_status ?? 'in_stock',
    attendedDeliveryOnly: row.attended_delivery_only === 1,
  };
}

/** The most popular grocery products, priced and stocked for one store. */
export async function featuredProducts(store: Store, limit: number): Promise<ProductCard[]> {
  const rows = await db()
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .select([
      'p.id',
      'p.name',
      'b.name as brand',
      'p.size_label',
      'p.size_quantity',
      'p.size_unit',
      'p.image_key',
      'p.base_price_cents',
      'p.attended_delivery_only',
      'o.price_cents as override_price',
      'o.stock_status',
    ])
    .where('p.kind', '=', 'grocery')
    .orderBy('p.popularity', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => toProductCard(row, store));
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
