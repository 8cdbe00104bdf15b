import { sql } from 'kysely';
import type { ProductKind, StockStatus } from '~/db/schema';
import type { PriceContext } from '~/modules/search/price-context.server';
import type { Store } from '~/modules/stores/stores.server';
import { storePriceCents, unitPriceLabel, type PriceTier } from './pricing';

/**
 * What a product card reads and shows, written once for every list of products (home, search,
 * product pages, recipes, buy it again) and the cart's prices. Queries name the product `p`, its
 * brand `b` and its store override `o`, left-joined on the shopper's store (-1 when none).
 */

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

/** The columns that price and stock a product at a store. */
export const productPriceColumns = [
  'p.size_quantity',
  'p.size_unit',
  'p.base_price_cents',
  'p.attended_delivery_only',
  'o.price_cents as override_price',
  'o.stock_status',
] as const;

/** The columns of a product card. */
export const productCardColumns = [
  'p.id',
  'p.kind',
  'p.name',
  'b.name as brand',
  'p.size_label',
  'p.image_key',
  ...productPriceColumns,
] as const;

/** The same columns without their aliases, for a GROUP BY. */
export const productCardGroupBy = [
  'p.id',
  'p.kind',
  'p.name',
  'b.name',
  'p.size_label',
  'p.image_key',
  'p.size_quantity',
  'p.size_unit',
  'p.base_price_cents',
  'p.attended_delivery_only',
  'o.price_cents',
  'o.stock_status',
] as const;

/** The card columns in raw SQL, for statements Kysely's builder cannot express. */
export const productCardSql = sql.raw(productCardColumns.join(', '));

export interface ProductPriceRow {
  size_quantity: number;
  size_unit: string;
  base_price_cents: number;
  override_price: number | null;
}

export interface ProductCardRow extends ProductPriceRow {
  id: number;
  name: string;
  brand: string;
  size_label: string;
  image_key: string;
  attended_delivery_only: number;
  stock_status: StockStatus | null;
}

/** Prices at a store: its price zone and the shopper's tier. None: one price for everyone (shipped goods). */
export interface StorePricing {
  priceFactorBp: number;
  priceTier: PriceTier;
}

export function storePricing(store: Store, tier: PriceTier = store.priceTier ?? 'consumer'): StorePricing {
  return { priceFactorBp: store.price_factor_bp, priceTier: tier };
}

/** A product's price (in cents) and price per unit at a store, or its own price without one. */
export function productPrice(row: ProductPriceRow, pricing: StorePricing | null) {
  const priceCents = pricing
    ? storePriceCents(row.base_price_cents, pricing.priceFactorBp, row.override_price, pricing.priceTier)
    : row.base_price_cents;
  return { priceCents, unitPrice: unitPriceLabel(priceCents, Number(row.size_quantity), row.size_unit) };
}

/** A product row priced and stocked for a store: what a product card shows. */
export function toProductCard(row: ProductCardRow, pricing: StorePricing | null): ProductCard {
  const { priceCents, unitPrice } = productPrice(row, pricing);
  return {
    ...(pricing?.priceTier === 'business' ? { businessPrice: true as const } : {}),
    id: row.id,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    priceCents,
    unitPrice,
    stock: row.stock_status ?? 'in_stock',
    attendedDeliveryOnly: Number(row.attended_delivery_only) === 1,
  };
}

/** A product of any kind as a search or listing shows it: grocery at the context's store, the rest at its own price. */
export function toProductHit(
  row: ProductCardRow & { kind: ProductKind },
  ctx: PriceContext,
): ProductCard & { kind: ProductKind } {
  const pricing = row.kind === 'grocery' && ctx.storeId !== null ? ctx : null;
  const { priceCents, unitPrice } = productPrice(row, pricing);
  // toProductCard's fields written out, the kind after the id as listings send it: copying a card
  // into a new object for every hit cost about 2 % of the catalogue and search calls' CPU time.
  return {
    ...(pricing?.priceTier === 'business' ? { businessPrice: true as const } : {}),
    id: row.id,
    kind: row.kind,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    priceCents,
    unitPrice,
    stock: row.stock_status ?? 'in_stock',
    attendedDeliveryOnly: Number(row.attended_delivery_only) === 1,
  };
}
