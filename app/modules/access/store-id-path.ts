/**
 * Spec section 2: a page URL may carry a 2-4 digit store id after the first dot of its last
 * segment ("/shop/aisles.1234.html"). Returns the id, or null when there is none.
 */
export function storeIdFromPath(pathname: string): string | null {
  const last = pathname.split('/').pop() ?? '';
  const parts = last.split('.');
  if (parts.length < 3) return null;
  const candidate = parts[1] ?? '';
  return /^\d{2,4}$/.test(candidate) ? candidate : null;
}
