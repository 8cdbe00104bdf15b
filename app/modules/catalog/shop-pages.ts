/**
 * Which shop page a dotted path segment names: `aisles.html`, `aisles.1234.html`,
 * `product-details.960000001.html`, `product-details.1234.960000001.html` (a 2-4 digit store id
 * after the first dot, spec section 2; a product id, the bpn, has five digits or more).
 */
export type ShopPage =
  { kind: 'aisles'; storeId: string | null } | { kind: 'product'; storeId: string | null; bpn: number };

export function parseShopPage(segment: string): ShopPage | null {
  const aisles = /^aisles(?:\.(\d{2,4}))?\.html$/.exec(segment);
  if (aisles) return { kind: 'aisles', storeId: aisles[1] ?? null };
  const product = /^product-details(?:\.(\d{2,4}))?\.(\d{5,10})\.html$/.exec(segment);
  if (product) {
    const bpn = Number(product[2]);
    return Number.isSafeInteger(bpn) && bpn <= 2_147_483_647
      ? { kind: 'product', storeId: product[1] ?? null, bpn }
      : null;
  }
  return null;
}

/** Wine shop and marketplace pages take no location: only `product-details.{bpn}.html`. */
export function parseShippedProductPage(segment: string): number | null {
  const match = /^product-details\.(\d{5,10})\.html$/.exec(segment);
  if (!match) return null;
  const bpn = Number(match[1]);
  return bpn <= 2_147_483_647 ? bpn : null;
}
