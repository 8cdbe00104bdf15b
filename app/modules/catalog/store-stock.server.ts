import { sql } from 'kysely';
import { db } from '~/db/db.server';
import type { StockStatus } from '~/db/schema';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import { isStoreManager, STOCK_SEARCH_LIMIT } from '~/modules/staff/store-manager-rules';

/** A grocery product as its store manager finds it: what it is and its stock at the store. */
export interface StockedProduct {
  id: number;
  name: string;
  brand: string;
  sizeLabel: string;
  stock: 'in_stock' | StockStatus;
}

/** LIKE's wildcards taken literally: a manager typing "100%" means the characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Grocery products whose name holds `term` (any case), with their stock at the store, by name. A plain LIKE,
 * not the shoppers' search: the manager looks for the product they hold in their hand, by its label.
 */
export async function findStoreProducts(storeId: number, term: string): Promise<StockedProduct[]> {
  const words = term.trim().toLowerCase();
  if (words.length < 2) return [];
  const pattern = `%${likeLiteral(words)}%`;
  const rows = await db()
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', storeId),
    )
    .select(['p.id', 'p.name', 'b.name as brand', 'p.size_label', 'o.stock_status'])
    .where('p.kind', '=', 'grocery')
    .where(sql<boolean>`lower(p.name) like ${pattern} escape '\\'`)
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(STOCK_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    stock: row.stock_status ?? 'in_stock',
  }));
}

export type StockChange = { ok: true } | { ok: false; code: 'ROLE' | 'PRODUCT_NOT_FOUND' | 'NOT_SOLD' };

/**
 * Marks a grocery product out of stock at the manager's store, or back in stock. The store's override row carries
 * it (every product card, search and product page reads it; its trigger moves the search cache on). A product the
 * store does not sell at all ('unavailable') is not a stock matter and is left alone, in the statement itself.
 */
export async function setStoreStock(manager: StaffAtStore, productId: number, inStock: boolean): Promise<StockChange> {
  if (!isStoreManager(manager)) return { ok: false, code: 'ROLE' };
  const product = await db()
    .selectFrom('products as p')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', manager.storeId),
    )
    .select(['p.id', 'o.stock_status'])
    .where('p.id', '=', productId)
    .where('p.kind', '=', 'grocery')
    .executeTakeFirst();
  if (!product) return { ok: false, code: 'PRODUCT_NOT_FOUND' };
  if (product.stock_status === 'unavailable') return { ok: false, code: 'NOT_SOLD' };
  const notUnavailable = sql<boolean>`(store_product_overrides.stock_status is null
    or store_product_overrides.stock_status <> 'unavailable')`;
  if (inStock) {
    await db()
      .updateTable('store_product_overrides')
      .set({ stock_status: null })
      .where('store_id', '=', manager.storeId)
      .where('product_id', '=', productId)
      .where('stock_status', '=', 'out_of_stock')
      .execute();
    await noteStoreChange(manager.storeId);
    return { ok: true };
  }
  await db()
    .insertInto('store_product_overrides')
    .values({ store_id: manager.storeId, product_id: productId, price_cents: null, stock_status: 'out_of_stock' })
    .onConflict((conflict) =>
      conflict.columns(['store_id', 'product_id']).doUpdateSet({ stock_status: 'out_of_stock' }).where(notUnavailable),
    )
    .execute();
  // The pick lists' substitutes follow the store's stock.
  await noteStoreChange(manager.storeId);
  return { ok: true };
}
