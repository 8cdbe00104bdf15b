/** Which shop page a dotted path segment names: `aisles.html`, `aisles.1234.html`. */
export type ShopPage = { kind: 'aisles'; storeId: string | null };

export function parseShopPage(segment: string): ShopPage | null {
  const match = /^aisles(?:\.(\d{2,4}))?\.html$/.exec(segment);
  if (match) return { kind: 'aisles', storeId: match[1] ?? null };
  return null;
}
