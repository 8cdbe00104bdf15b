/**
 * Demo sellers' shipping rules beyond origin, handling days and carrier (seeded into seller_shipping):
 * the daily cut-off at the origin and the states a seller does not ship to. Freight and heat- or
 * time-sensitive goods stay within reach of ground trucks, which makes some baskets partly estimable
 * (status 206) on purpose.
 */
export interface SellerShippingRule {
  cutoffHour: number;
  noShipStates: string[];
}

export const DEFAULT_SELLER_SHIPPING: SellerShippingRule = { cutoffHour: 14, noShipStates: [] };

export const SELLER_SHIPPING: Record<string, SellerShippingRule> = {
  'copper-pot-kitchen-supply': { cutoffHour: 16, noShipStates: [] },
  'basket-bay-gifts': { cutoffHour: 13, noShipStates: [] },
  'lone-star-pantry': { cutoffHour: 15, noShipStates: ['AK', 'HI'] },
  'bayou-spice-traders': { cutoffHour: 14, noShipStates: ['AK', 'HI'] },
  'smoky-mountain-provisions': { cutoffHour: 13, noShipStates: ['AK', 'HI', 'PR'] },
  'empire-party-supply': { cutoffHour: 17, noShipStates: [] },
  'aloha-pantry-co': { cutoffHour: 11, noShipStates: [] },
  'heartland-home-and-hearth': { cutoffHour: 12, noShipStates: ['AK', 'HI', 'PR'] },
  'high-desert-nursery': { cutoffHour: 12, noShipStates: ['AK', 'HI', 'PR'] },
};

export function sellerShippingRule(slug: string): SellerShippingRule {
  return SELLER_SHIPPING[slug] ?? DEFAULT_SELLER_SHIPPING;
}

/** The stored form: comma-wrapped (",AK,HI,"), '' for none. */
export function commaWrapped(states: string[]): string {
  return states.length ? `,${states.join(',')},` : '';
}
