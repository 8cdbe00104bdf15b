import { z } from 'zod';
import type { Shopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { currentStore } from '~/modules/stores/current-store.server';
import { storeById, type Store } from '~/modules/stores/stores.server';
import { productHref } from './links';
import { productDetails } from './product-details.server';
import { taxonomy } from './taxonomy.server';

/** `?storeId=` of the catalogue calls: a store id of 1 to 4 digits, else the shopper's store. */
export const StoreQuery = z
  .object({
    storeId: z
      .string()
      .regex(/^\d{1,4}$/, 'storeId is 1 to 4 digits.')
      .optional(),
  })
  .strict();

export const productIdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id is a number.')
  .transform(Number);

/** Parses a catalogue call's query, or throws a 400 that names the field. */
export function catalogQuery(request: Request): z.infer<typeof StoreQuery> {
  const parsed = StoreQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw apiError(400, 'BAD_QUERY', parsed.error.issues[0]?.message ?? 'Unknown parameter.');
  return parsed.data;
}

export function productIdOf(param: string | undefined): number {
  const parsed = productIdParam.safeParse(param ?? '');
  if (!parsed.success) throw apiError(400, 'BAD_PRODUCT_ID', 'The product id is a number.');
  return parsed.data;
}

/**
 * The store a catalogue call prices for: the `storeId` asked for (one of this banner's stores, else 404), or the
 * shopper's own store (their chosen one, else the banner's default), with the shopper's price tier.
 */
export async function pricingStore(shopper: Shopper, storeId: string | undefined): Promise<Store> {
  if (storeId) {
    const store = await storeById(storeId);
    if (!store || store.banner_id !== shopper.host.bannerId) {
      throw apiError(404, 'STORE_NOT_FOUND', 'We could not find that store.');
    }
  }
  return currentStore(shopper, storeId ?? null);
}

async function groceryProduct(shopper: Shopper, productId: number, storeId: string | undefined) {
  const store = await pricingStore(shopper, storeId);
  const product = await productDetails(productId, 'grocery', priceContextFor(store, store.banner_id));
  if (!product) throw apiError(404, 'PRODUCT_NOT_FOUND', 'We could not find that product.');
  return { store, product };
}

/** Spec section 7, product price: the product's price and stock at the store, with its offers now. */
export async function productPrice(shopper: Shopper, productId: number, storeId: string | undefined) {
  const { store, product } = await groceryProduct(shopper, productId, storeId);
  return {
    productId: String(product.id),
    storeId: String(store.id),
    priceCents: product.priceCents,
    unitPrice: product.unitPrice,
    priceTier: store.priceTier ?? 'consumer',
    stock: product.stock,
    offers: product.offers.map((offer) => ({ id: String(offer.id), title: offer.title, endsAt: offer.endsAt })),
  };
}

/** Spec section 7, similar products: other brands and sizes of the shelf item, then the aisle's best sellers. */
export async function similarProducts(shopper: Shopper, productId: number, storeId: string | undefined) {
  const { store, product } = await groceryProduct(shopper, productId, storeId);
  return {
    productId: String(product.id),
    storeId: String(store.id),
    products: product.related.map((related) => ({
      productId: String(related.id),
      name: related.name,
      brand: related.brand,
      sizeLabel: related.sizeLabel,
      priceCents: related.priceCents,
      stock: related.stock,
      href: productHref(related.kind, related.id),
    })),
  };
}

/** Spec section 7, department: every department with its aisles, in shelf order. */
export async function departmentListing() {
  const tax = await taxonomy();
  return {
    departments: tax.departments.map((department) => ({
      id: String(department.id),
      slug: department.slug,
      name: department.name,
      aisles: department.aisleIds.flatMap((id) => {
        const aisle = tax.aisleById.get(id);
        return aisle ? [{ id: String(aisle.id), slug: aisle.slug, name: aisle.name }] : [];
      }),
    })),
  };
}
