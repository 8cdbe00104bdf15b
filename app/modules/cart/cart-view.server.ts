import type { Kysely, Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database, Substitution } from '~/db/schema';
import { cartPriceTier } from '~/modules/catalog/price-tier.server';
import { productPrice, productPriceColumns, storePricing } from '~/modules/catalog/product-card-select.server';
import { isSnapEligible } from '~/modules/catalog/snap-eligibility';
import type { PriceTier } from '~/modules/catalog/pricing';
import { basketSavings } from '~/modules/offers/savings.server';
import type { Store } from '~/modules/stores/stores.server';
import { createCart, type CartOwner } from './active-cart.server';
import { ITEM_MESSAGES } from './cart-forms';

type Db = Kysely<Database> | Transaction<Database>;

export interface CartLine {
  productId: number;
  name: string;
  sizeLabel: string;
  imageKey: string;
  quantity: number;
  unitPriceCents: number;
  unitPrice: string | null;
  lineCents: number;
  savingsCents: number;
  offerTitle: string | null;
  substitution: Substitution;
  note: string;
  attendedDeliveryOnly: boolean;
  /** SNAP may buy it (catalog/snap-eligibility.ts): the EBT part of checkout and the cart's badge. */
  snapEligible: boolean;
  /** One of the spec's item messages when the line cannot be bought as the cart stands. */
  message: string | null;
  available: boolean;
}

/** A wine or marketplace line: shipped by the seller (or the wine cellar) at the product's own price. */
export interface ShippedLine {
  productId: number;
  kind: 'wine' | 'marketplace';
  name: string;
  sizeLabel: string;
  imageKey: string;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
  sellerId: number | null;
  sellerName: string | null;
}

export interface CartView {
  cartId: string | null;
  /** Wine and marketplace lines: not part of the grocery delivery, its totals or its orders. */
  shippedLines: ShippedLine[];
  shippedSubtotalCents: number;
  storeId: number;
  storeName: string;
  lines: CartLine[];
  /** Units of every line (the header count). */
  itemCount: number;
  subtotalCents: number;
  savingsCents: number;
  totalCents: number;
  unavailableCount: number;
  needsAttendedDelivery: boolean;
  /** Business customers on the business site pay the business tier. */
  priceTier: PriceTier;
}

/** The cart's lines, priced and stocked at `store` (so a store change re-prices), with offer and weekly ad savings. */
export async function cartView(input: {
  cartId: string | null;
  customerId: number | null;
  bannerId: string;
  store: Store;
  /** The shopper's fulfilment preference: attended-delivery-only items need Delivery. */
  preference: string | null;
}): Promise<CartView> {
  const { store } = input;
  const empty: CartView = {
    cartId: input.cartId,
    shippedLines: [],
    shippedSubtotalCents: 0,
    storeId: store.id,
    storeName: store.name,
    lines: [],
    itemCount: 0,
    subtotalCents: 0,
    savingsCents: 0,
    totalCents: 0,
    unavailableCount: 0,
    needsAttendedDelivery: false,
    priceTier: 'consumer',
  };
  if (!input.cartId) return empty;
  // The tier comes from the cart itself (its owner and site), so the cart page, checkout, order
  // and order edit all price the same way without each caller having to say so.
  const [shippedLines, tier] = await Promise.all([shippedCartLines(input.cartId), cartPriceTier(input.cartId)]);
  const rows = await db()
    .selectFrom('cart_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .leftJoin('aisles as a', 'a.id', 'p.aisle_id')
    .select([
      'a.slug as aisle_slug',
      'i.product_id',
      'i.quantity',
      'i.substitution',
      'i.note',
      'p.name',
      'p.size_label',
      'p.image_key',
      ...productPriceColumns,
    ])
    .where('i.cart_id', '=', input.cartId)
    .where('p.kind', '=', 'grocery')
    .orderBy('i.added_at')
    .orderBy('i.product_id')
    .execute();
  const deliveryPreferred = input.preference === null || input.preference === 'Delivery';
  const pricing = storePricing(store, tier);
  const lines: CartLine[] = rows.map((row) => {
    const { priceCents: unitPriceCents, unitPrice } = productPrice(row, pricing);
    const attended = row.attended_delivery_only === 1;
    const message =
      row.stock_status === 'out_of_stock'
        ? ITEM_MESSAGES.outOfStock
        : row.stock_status === 'unavailable'
          ? ITEM_MESSAGES.unavailable
          : attended
            ? ITEM_MESSAGES.attendedOnly
            : null;
    // An attended-delivery item stays buyable for delivery (it shows the message as a notice).
    const available = row.stock_status === null && (!attended || deliveryPreferred);
    return {
      productId: row.product_id,
      name: row.name,
      sizeLabel: row.size_label,
      imageKey: row.image_key,
      quantity: row.quantity,
      unitPriceCents,
      unitPrice,
      lineCents: unitPriceCents * row.quantity,
      savingsCents: 0,
      offerTitle: null,
      substitution: row.substitution,
      note: row.note,
      attendedDeliveryOnly: attended,
      snapEligible: isSnapEligible({ kind: 'grocery', aisleSlug: row.aisle_slug, name: row.name }),
      message,
      available,
    };
  });
  const buyable = lines.filter((line) => line.available);
  const savings = await basketSavings({
    customerId: input.customerId,
    bannerId: input.bannerId,
    store,
    lines: buyable.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
  });
  for (const saving of savings.lines) {
    const line = lines.find((candidate) => candidate.productId === saving.productId);
    if (line) {
      line.savingsCents = saving.savingsCents;
      line.offerTitle = saving.title;
    }
  }
  const subtotalCents = buyable.reduce((sum, line) => sum + line.lineCents, 0);
  return {
    ...empty,
    lines,
    shippedLines,
    shippedSubtotalCents: shippedLines.reduce((sum, line) => sum + line.lineCents, 0),
    itemCount: [...lines, ...shippedLines].reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    savingsCents: savings.totalCents,
    totalCents: subtotalCents - savings.totalCents,
    unavailableCount: lines.length - buyable.length,
    needsAttendedDelivery: buyable.some((line) => line.attendedDeliveryOnly),
    priceTier: tier,
  };
}

/** The cart's wine and marketplace lines, with their sellers (wine has none: it ships from the wine cellar). */
async function shippedCartLines(cartId: string, conn: Db = db()): Promise<ShippedLine[]> {
  const rows = await conn
    .selectFrom('cart_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('sellers as s', 's.id', 'p.seller_id')
    .select([
      'i.product_id',
      'i.quantity',
      'p.kind',
      'p.name',
      'p.size_label',
      'p.image_key',
      'p.base_price_cents',
      's.id as seller_id',
      's.name as seller_name',
    ])
    .where('i.cart_id', '=', cartId)
    .where('p.kind', '!=', 'grocery')
    .orderBy('i.added_at')
    .orderBy('i.product_id')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    kind: row.kind === 'wine' ? 'wine' : 'marketplace',
    name: row.name,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    quantity: row.quantity,
    unitPriceCents: row.base_price_cents,
    lineCents: row.base_price_cents * row.quantity,
    sellerId: row.seller_id,
    sellerName: row.seller_name,
  }));
}

/**
 * Placing a grocery order claims its cart; the shipped lines are not part of that order, so they move
 * to a new active cart of the customer (called inside the placing transaction, after the claim).
 */
export async function keepShippedLines(
  tx: Transaction<Database>,
  orderedCartId: string,
  owner: CartOwner,
  storeId: number,
) {
  const shipped = await shippedCartLines(orderedCartId, tx);
  if (shipped.length === 0) return null;
  const cartId = await createCart(owner, storeId, tx);
  await tx
    .updateTable('cart_items')
    .set({ cart_id: cartId })
    .where('cart_id', '=', orderedCartId)
    .where(
      'product_id',
      'in',
      shipped.map((line) => line.productId),
    )
    .execute();
  return cartId;
}
