import { wineStoreIdOf } from '~/modules/stores/store-resolver.server';
import { storeById } from '~/modules/stores/stores.server';
import { distanceMiles } from '~/modules/stores/geo';
import { lookupZip } from '~/modules/stores/zip-codes.server';
import type { ShippingRefusal } from './seller-shipping.server';
import { cachedShipping } from './shipping-cache.server';
import {
  arriveBy,
  displayTimestamp,
  transitDays,
  unknownZipMessage,
  wineAllowedIn,
  wineRefusalMessage,
} from './shipping-rules';
import type { ShipMethod } from './ship-methods';

/** The wine cellar ships by ground with an adult signature, handing parcels over the next business day. */
export const WINE_SHIPPING = { carrier: 'ground', handlingDays: 1, cutoffHour: 12 } as const;

export interface WineShippingRequest {
  zipcode: string;
  branchId: string;
  wfcStoreId: string;
  items?: { productId: number; quantity: number }[];
}

export type WineShippingResult =
  | {
      ok: true;
      zipcode: string;
      branchId: string;
      wfcStoreId: string;
      shipMethods: ShipMethod[];
      /** When the cached estimate expires (epoch ms). */
      expiry: number;
    }
  | (ShippingRefusal & { stateCode?: string });

type WineEstimate = { shipDate: string; arriveByDate: string; displayArriveByTS: number };

export function wineNotOfferedMessage(storeName: string): string {
  return `${storeName} does not ship wine. Choose a store with the wine shop to order wine.`;
}

/**
 * Spec section 7, the wine landing call: wine ships only where the store has wine D2C on with a wine
 * (WFC) store id, and only to states that allow direct-to-consumer wine shipping; otherwise the
 * refusal says why ("We can't ship wine to Utah."). Estimates are cached per wine store and ZIP.
 */
export async function wineShipMethods(input: WineShippingRequest, now: Date = new Date()): Promise<WineShippingResult> {
  const zip = input.zipcode.slice(0, 5);
  const store = await storeById(input.branchId);
  if (!store) return { ok: false, status: 404, code: 'UNKNOWN_STORE', message: 'We could not find that store.' };
  if (wineStoreIdOf(store) === null || wineStoreIdOf(store) !== input.wfcStoreId) {
    return { ok: false, status: 409, code: 'WINE_NOT_OFFERED', message: wineNotOfferedMessage(store.name) };
  }
  const to = lookupZip(zip);
  if (!to) return { ok: false, status: 422, code: 'UNKNOWN_ZIP', message: unknownZipMessage(zip) };
  if (!wineAllowedIn(to.state)) {
    return { ok: false, status: 422, code: 'WINE_STATE', message: wineRefusalMessage(to.state), stateCode: to.state };
  }
  const cached = await cachedShipping<WineEstimate>(
    `wine:${input.wfcStoreId}:${zip}`,
    () => {
      const dates = arriveBy({
        now,
        timezone: store.timezone,
        cutoffHour: WINE_SHIPPING.cutoffHour,
        handlingDays: WINE_SHIPPING.handlingDays,
        transitDays: transitDays(WINE_SHIPPING.carrier, distanceMiles(store, to), to.state),
      });
      return { ...dates, displayArriveByTS: displayTimestamp(dates.arriveByDate) };
    },
    now,
  );
  return {
    ok: true,
    zipcode: input.zipcode,
    branchId: String(store.id),
    wfcStoreId: input.wfcStoreId,
    shipMethods: [
      {
        sellerId: input.wfcStoreId,
        sellerName: 'our wine cellar',
        items: input.items ?? [],
        carrier: WINE_SHIPPING.carrier,
        shipDate: cached.value.shipDate,
        arriveByDate: cached.value.arriveByDate,
        displayArriveByTS: cached.value.displayArriveByTS,
      },
    ],
    expiry: cached.expiresAt.getTime(),
  };
}
