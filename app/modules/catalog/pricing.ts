/**
 * Who a price is for. Business customers signed in on the business site pay the business tier
 * (docs/decisions/0017-business-site.md); everyone else pays the shelf price.
 */
export type PriceTier = 'consumer' | 'business';

/** The business tier: 10% off the store's shelf price (override prices included), in basis points. */
export const BUSINESS_TIER_DISCOUNT_BP = 1_000;

/**
 * The shelf price after the tier, rounded half up to the cent in integer arithmetic so that the SQL
 * copy in product search (sorting and price filters) gives the very same number.
 */
export function tierPriceCents(shelfPriceCents: number, tier: PriceTier): number {
  if (tier !== 'business') return shelfPriceCents;
  return Math.floor((shelfPriceCents * (10_000 - BUSINESS_TIER_DISCOUNT_BP) + 5_000) / 10_000);
}

/**
 * Price of a product at a store: the store's override, else the base price scaled by the store's
 * price zone; then the shopper's price tier.
 */
export function storePriceCents(
  basePriceCents: number,
  priceFactorBp: number,
  overrideCents?: number | null,
  tier: PriceTier = 'consumer',
): number {
  return tierPriceCents(shelfPriceCents(basePriceCents, priceFactorBp, overrideCents), tier);
}

function shelfPriceCents(basePriceCents: number, priceFactorBp: number, overrideCents?: number | null): number {
  if (overrideCents !== null && overrideCents !== undefined) return overrideCents;
  const scaled = (basePriceCents * priceFactorBp) / 10_000;
  // Shelf prices end in 9 ($4.39, not $4.37), like the base prices they come from.
  return scaled < 100 ? Math.max(1, Math.round(scaled)) : Math.round(scaled / 10) * 10 - 1;
}

const UNIT_LABELS: Record<string, string> = {
  lb: 'lb',
  oz: 'oz',
  'fl oz': 'fl oz',
  ct: 'ea',
  gal: 'gal',
  qt: 'qt',
  l: 'L',
  ml: 'ml',
};

/** "$3.49/lb" — the price per unit of the size, rounded to the cent. */
export function unitPriceLabel(priceCents: number, quantity: number, unit: string): string | null {
  if (!(quantity > 0)) return null;
  const perUnit = priceCents / quantity;
  const label = UNIT_LABELS[unit] ?? unit;
  // Per-ounce prices of cheap goods are fractions of a cent; shelves show them as "1.2¢/fl oz".
  if (perUnit < 10) return `${perUnit.toFixed(1)}¢/${label}`;
  return `${formatCents(Math.round(perUnit))}/${label}`;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
