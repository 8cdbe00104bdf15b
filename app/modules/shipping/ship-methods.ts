import { z } from 'zod';
import { sellerUnestimatedMessage } from './shipping-rules';

/** Page-safe: the seller shipping methods call's shapes (spec sections 3, 7, 8) and the 206 handling. */

export const SELLER_SHIP_METHODS_PATH = '/api/shipping/seller-methods';
export const WINE_SHIPPING_PATH = '/api/shipping/wine';

export interface ShipMethodItem {
  productId: number;
  quantity: number;
}

/** One seller's (or the wine cellar's) shipment to the ZIP; displayArriveByTS is absent when it cannot be estimated. */
export interface ShipMethod {
  sellerId: string;
  sellerName: string;
  items: ShipMethodItem[];
  carrier: string | null;
  shipDate: string | null;
  arriveByDate: string | null;
  displayArriveByTS?: number;
  /** Why there is no estimate (only when displayArriveByTS is absent). */
  message?: string;
}

export interface ShippingError {
  code: string;
  message: string;
  sellerId: string | null;
  productIds: number[];
}

export interface ShipMethodsBody {
  shipMethods: ShipMethod[];
  errors: ShippingError[];
  /** When the earliest cached estimate used expires (epoch ms). */
  expiry: number;
}

export const shipItemsSchema = z.object({
  zipcode: z.string().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, like 98101.'),
  items: z
    .array(
      z.object({
        productId: z.number().int().positive(),
        quantity: z.number().int().min(1).max(99).default(1),
      }),
    )
    .min(1, 'Send at least one item.')
    .max(100, 'Send at most 100 items.'),
});
export type ShipItemsRequest = z.infer<typeof shipItemsSchema>;

/** A failed shipping call: spec section 8, "shipping calls reject with status and status text". */
export class ShippingCallError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`${status} ${statusText}`);
    this.name = 'ShippingCallError';
  }
}

/** An entry without displayArriveByTS, as an error the page can show beside its items. */
function unestimated(method: ShipMethod): ShippingError {
  return {
    code: 'NO_ESTIMATE',
    message: method.message ?? sellerUnestimatedMessage(method.sellerName),
    sellerId: method.sellerId,
    productIds: method.items.map((item) => item.productId),
  };
}

/** Spec section 8: on 206 the entries without displayArriveByTS are kept apart and returned with the errors. */
export function splitPartial(body: Pick<ShipMethodsBody, 'shipMethods' | 'errors'>): {
  shipMethods: ShipMethod[];
  errors: ShippingError[];
} {
  const shipMethods = body.shipMethods.filter((method) => typeof method.displayArriveByTS === 'number');
  const apart = body.shipMethods.filter((method) => typeof method.displayArriveByTS !== 'number');
  return { shipMethods, errors: [...body.errors, ...apart.map(unestimated)] };
}

/**
 * Reads a shipping call's answer: 200 as is, 206 split, anything else rejects with status and status
 * text. Used by scripts calling the endpoint (and by the tests that call it over HTTP).
 */
export async function readShipMethods(response: Response): Promise<{
  shipMethods: ShipMethod[];
  errors: ShippingError[];
  expiry: number | null;
}> {
  if (response.status !== 200 && response.status !== 206) {
    throw new ShippingCallError(response.status, response.statusText);
  }
  const body = (await response.json()) as ShipMethodsBody;
  const expiry = typeof body.expiry === 'number' ? body.expiry : null;
  if (response.status === 206) return { ...splitPartial(body), expiry };
  return { shipMethods: body.shipMethods, errors: body.errors, expiry };
}
