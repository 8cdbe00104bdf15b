/** Pure geography rules shared by the resolver, the set-store form and tests. */

/** Spec section 5: a postal code longer than 5 characters is split at the hyphen into code and extension. */
export function splitPostalCode(value: string): { postalCode: string; postalCodeExtn: string } {
  const trimmed = value.trim();
  if (trimmed.length <= 5) return { postalCode: trimmed, postalCodeExtn: '' };
  const [code = '', extension = ''] = trimmed.split('-', 2);
  return { postalCode: code.slice(0, 5), postalCodeExtn: extension };
}

/** A ZIP code the shopper typed: 5 digits or ZIP+4; null when it is neither. */
export function normalizeZip(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return /^\d{5}(-\d{4})?$/.test(trimmed) ? trimmed : null;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles between two coordinates. */
export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
