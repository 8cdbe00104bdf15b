import { db } from '~/db/db.server';
import { distanceMiles } from '~/modules/stores/geo';
import { lookupZip } from '~/modules/stores/zip-codes.server';
import { cachedShipping } from './shipping-cache.server';
import {
  arriveBy,
  cacheExpiry,
  listsState,
  sellerRefusalMessage,
  sellerUnestimatedMessage,
  transitDays,
  displayTimestamp,
  unknownZipMessage,
  type Carrier,
} from './shipping-rules';
import type { ShipItemsRequest, ShipMethod, ShipMethodsBody, ShippingError } from './ship-methods';

/** What is cached per seller and ZIP: an estimate, or the reason there is none. */
type SellerEstimate =
  | { ok: true; carrier: Carrier; shipDate: string; arriveByDate: string; displayArriveByTS: number }
  | { ok: false; message: string };

export type SellerShipMethodsResult =
  | (ShipMethodsBody & {
      ok: true;
      /** 200 when every item has an estimate, 206 when some have none (spec section 8). */
      status: 200 | 206;
    })
  | ShippingRefusal;

/** The whole call fails (the caller rejects with the status and its text). */
export interface ShippingRefusal {
  ok: false;
  status: 404 | 409 | 422;
  code: string;
  message: string;
}

interface SellerRow {
  id: number;
  name: string;
  origin_zip: string;
  handling_days: number;
  carrier: string;
  cutoff_hour: number | null;
  timezone: string | null;
  no_ship_states: string | null;
}

function estimateFor(seller: SellerRow, destination: { zip: string }, now: Date): SellerEstimate {
  const to = lookupZip(destination.zip);
  const from = lookupZip(seller.origin_zip);
  if (!to) return { ok: false, message: unknownZipMessage(destination.zip) };
  if (!from || seller.cutoff_hour === null || seller.timezone === null) {
    return { ok: false, message: sellerUnestimatedMessage(seller.name) };
  }
  if (listsState(seller.no_ship_states ?? '', to.state)) {
    return { ok: false, message: sellerRefusalMessage(seller.name, to.state) };
  }
  const carrier = (['ground', 'express', 'freight'] as const).find((c) => c === seller.carrier) ?? 'ground';
  const dates = arriveBy({
    now,
    timezone: seller.timezone,
    cutoffHour: seller.cutoff_hour,
    handlingDays: seller.handling_days,
    transitDays: transitDays(carrier, distanceMiles(from, to), to.state),
  });
  return { ok: true, carrier, ...dates, displayArriveByTS: displayTimestamp(dates.arriveByDate) };
}

/**
 * Spec section 7, seller shipping methods: one entry per seller of the marketplace items, estimated from
 * the seller's origin, cut-off, handling days and carrier speed to the ZIP, cached per seller and ZIP for
 * 3 hours. Items that are not marketplace items become errors; sellers without an estimate stay in
 * shipMethods without displayArriveByTS (with the reason), and the status is then 206.
 */
export async function sellerShipMethods(
  request: ShipItemsRequest,
  now: Date = new Date(),
): Promise<SellerShipMethodsResult> {
  const zip = request.zipcode.slice(0, 5);
  if (!lookupZip(zip)) return { ok: false, status: 422, code: 'UNKNOWN_ZIP', message: unknownZipMessage(zip) };
  const quantities = new Map<number, number>();
  for (const item of request.items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  const productIds = [...quantities.keys()];
  const products = await db()
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .leftJoin('seller_shipping as r', 'r.seller_id', 's.id')
    .select([
      'p.id as product_id',
      's.id',
      's.name',
      's.origin_zip',
      's.handling_days',
      's.carrier',
      'r.cutoff_hour',
      'r.timezone',
      'r.no_ship_states',
    ])
    .where('p.id', 'in', productIds)
    .where('p.kind', '=', 'marketplace')
    .execute();

  const errors: ShippingError[] = [];
  const found = new Set(products.map((row) => row.product_id));
  const strangers = productIds.filter((id) => !found.has(id));
  if (strangers.length) {
    errors.push({
      code: 'NOT_MARKETPLACE',
      message: 'Some items are not sold by a marketplace seller, so they have no seller shipping.',
      sellerId: null,
      productIds: strangers,
    });
  }

  const bySeller = new Map<number, { seller: SellerRow; productIds: number[] }>();
  for (const row of products) {
    const group = bySeller.get(row.id) ?? { seller: row, productIds: [] };
    group.productIds.push(row.product_id);
    bySeller.set(row.id, group);
  }

  let expiry = cacheExpiry(now).getTime();
  const shipMethods: ShipMethod[] = [];
  for (const [sellerId, group] of [...bySeller.entries()].sort(([a], [b]) => a - b)) {
    const cached = await cachedShipping(
      `seller:${sellerId}:${zip}`,
      () => estimateFor(group.seller, { zip }, now),
      now,
    );
    expiry = Math.min(expiry, cached.expiresAt.getTime());
    const estimate = cached.value;
    const items = group.productIds.map((productId) => ({ productId, quantity: quantities.get(productId) ?? 1 }));
    shipMethods.push(
      estimate.ok
        ? {
            sellerId: String(sellerId),
            sellerName: group.seller.name,
            items,
            carrier: estimate.carrier,
            shipDate: estimate.shipDate,
            arriveByDate: estimate.arriveByDate,
            displayArriveByTS: estimate.displayArriveByTS,
          }
        : {
            sellerId: String(sellerId),
            sellerName: group.seller.name,
            items,
            carrier: null,
            shipDate: null,
            arriveByDate: null,
            message: estimate.message,
          },
    );
  }
  const partial = errors.length > 0 || shipMethods.some((method) => method.displayArriveByTS === undefined);
  return { ok: true, status: partial ? 206 : 200, shipMethods, errors, expiry };
}
