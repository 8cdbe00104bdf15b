import { distanceMiles } from './geo';
import type { Store } from './stores.server';
import { lookupZip } from './zip-codes.server';

export type DeliveryReachReason = 'IN_RANGE' | 'NO_DELIVERY' | 'ZIP_UNKNOWN' | 'OUT_OF_RANGE';

export const DELIVERY_REACH_MESSAGES: Record<DeliveryReachReason, string> = {
  IN_RANGE: 'This store delivers to that ZIP code.',
  NO_DELIVERY: 'This store does not deliver.',
  ZIP_UNKNOWN: 'We do not know that ZIP code.',
  OUT_OF_RANGE: 'That ZIP code is outside this store’s delivery area.',
};

export interface DeliveryReach {
  delivers: boolean;
  reason: DeliveryReachReason;
  /** From the store to the ZIP code's centre, one decimal; null when the ZIP code is unknown. */
  distanceMiles: number | null;
  radiusMiles: number;
}

/** Whether the store's delivery reaches a ZIP code: it delivers at all, and the ZIP code is within its radius. */
export function deliveryReach(store: Store, zipcode: string): DeliveryReach {
  const place = lookupZip(zipcode);
  const radiusMiles = store.delivery_radius_miles;
  const distance = place ? distanceMiles(store, place) : null;
  const reason: DeliveryReachReason =
    store.has_grocery_delivery !== 1
      ? 'NO_DELIVERY'
      : distance === null
        ? 'ZIP_UNKNOWN'
        : distance <= radiusMiles
          ? 'IN_RANGE'
          : 'OUT_OF_RANGE';
  return {
    delivers: reason === 'IN_RANGE',
    reason,
    distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
    radiusMiles,
  };
}
