import type { ProductKind } from '~/db/schema';

/** Where a product's page is: the grocery shop, the wine shop (vineandcellar) or the marketplace. */
export function productHref(kind: ProductKind, id: number): string {
  if (kind === 'wine') return `/shop/vineandcellar/product-details.${id}.html`;
  if (kind === 'marketplace') return `/shop/marketplace/product-details.${id}.html`;
  return `/shop/product-details.${id}.html`;
}

export const recipeHref = (slug: string) => `/shop/recipes/${slug}.html`;
export const brandHref = (slug: string) => `/shop/brands/${slug}`;
export const sellerHref = (slug: string) => `/shop/marketplace/sellers/${slug}.html`;
