/**
 * What an offer is worth on one scale (cents), so the gallery can sort "biggest saving first" across
 * kinds: amount-off and buy-n-save save their value in cents; percent-off and bogo save that percent of
 * the cheapest product they apply to; points are worth POINT_VALUE_CENTS each.
 */
export const POINT_VALUE_CENTS = 1;

export type OfferKind = 'amount-off' | 'percent-off' | 'bogo' | 'buy-n-save' | 'points';

export function estimatedSavingsCents(kind: string, value: number, cheapestPriceCents: number): number {
  switch (kind) {
    case 'amount-off':
    case 'buy-n-save':
      return value;
    case 'points':
      return value * POINT_VALUE_CENTS;
    case 'percent-off':
    case 'bogo':
      return Math.floor((value * cheapestPriceCents) / 100);
    default:
      return 0;
  }
}

const expiryFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/**
 * "Expires Dec 3", made on the server: the first Intl formatter a page builds costs the browser tens of
 * milliseconds of main thread (ICU starting up), which the coupons page paid while it hydrated.
 */
export const offerExpiryLabel = (endsAt: string) => `Expires ${expiryFormat.format(new Date(endsAt))}`;

/** The shopper-facing headline of an offer's value: "$1.00 off", "20% off", "Buy 1 get 1 free", "200 points". */
export function offerValueLabel(kind: string, value: number, minQuantity: number): string {
  const dollars = `$${(value / 100).toFixed(2)}`;
  switch (kind) {
    case 'amount-off':
      return `${dollars} off`;
    case 'buy-n-save':
      return `${dollars} off ${minQuantity}`;
    case 'percent-off':
      return `${value}% off`;
    case 'bogo':
      return value >= 100 ? `Buy ${minQuantity} get 1 free` : `Buy ${minQuantity} get 1 ${value}% off`;
    case 'points':
      return `${value} points`;
    default:
      return 'Special offer';
  }
}
