/**
 * Spec section 3: user info's deliveryAddress is a comma list of type, adr1, adr2, city, st, zip and
 * addressName. Commas inside a part would shift every later part, so they are replaced by spaces.
 */
export interface DeliveryAddressParts {
  type: string;
  adr1: string;
  adr2: string;
  city: string;
  st: string;
  zip: string;
  addressName: string;
}

const ORDER = ['type', 'adr1', 'adr2', 'city', 'st', 'zip', 'addressName'] as const;

export function formatDeliveryAddress(parts: DeliveryAddressParts): string {
  return ORDER.map((key) => parts[key].replace(/,/g, ' ').trim()).join(',');
}

export function parseDeliveryAddress(value: string): DeliveryAddressParts | null {
  const pieces = value.split(',');
  if (pieces.length !== ORDER.length) return null;
  const parts = Object.fromEntries(ORDER.map((key, index) => [key, pieces[index]!.trim()]));
  return parts as unknown as DeliveryAddressParts;
}
