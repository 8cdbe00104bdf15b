import type { Shopper } from '~/modules/access/shopper.server';
import type { ShippedLine } from '~/modules/cart/cart-view.server';
import { lifetimeSeconds } from '~/modules/session/cookie-policy';
import { readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { wineStoreIdOf } from '~/modules/stores/store-resolver.server';
import type { Store } from '~/modules/stores/stores.server';
import { sellerShipMethods } from './seller-shipping.server';
import { NO_ZIP_MESSAGE } from './shipping-zip';
import { splitPartial } from './ship-methods';
import { wineShipMethods } from './wine-shipping.server';
import {
  arriveByLabelIn,
  sellerShipmentTitleIn,
  shippingMessageIn,
  wineShipmentTitleIn,
} from './shipping-sentences.server';
import type { Language } from '~/modules/i18n/languages';

const SHIP_ZIP_LIFETIME_MS = 30 * 86_400_000;
const parseZip = (value: unknown) => (typeof value === 'string' && /^\d{5}$/.test(value) ? value : null);

/** The ZIP estimates are for: one the shopper typed for shipping, else the session's (spec section 3, COMMON.zipcode). */
export async function shippingZip(request: Request, shopper: Shopper): Promise<string | null> {
  const typed = await readSignedCookie(request, 'shipZip', shopper.cookie.siteType, parseZip);
  if (typed.status === 'ok') return typed.value;
  const fromSession = shopper.session?.info.COMMON.zipcode;
  return fromSession ? fromSession.slice(0, 5) : null;
}

export function shipZipCookie(zipcode: string, shopper: Shopper): Promise<string> {
  return writeCookie('shipZip', zipcode.slice(0, 5), shopper.cookie, {
    maxAgeSeconds: lifetimeSeconds(SHIP_ZIP_LIFETIME_MS),
  });
}

export interface ArriveBy {
  zipcode: string | null;
  /** "Arrives by Friday, Dec 4", when there is an estimate (in the page's language). */
  label: string | null;
  arriveByDate: string | null;
  /** Why there is none ("We can't ship wine to Utah."), in the page's language. */
  message: string | null;
}

/** Where and for whom estimates are made: the ZIP, the shopper's store, and the page's language. */
export interface EstimateContext {
  zipcode: string | null;
  store: Store;
  language: Language;
  now?: Date;
}

function noEstimate(ctx: EstimateContext, message: string, values: { seller?: string } = {}): ArriveBy {
  const text = shippingMessageIn(ctx.language, message, { zipcode: ctx.zipcode, store: ctx.store.name, ...values });
  return { zipcode: ctx.zipcode, label: null, arriveByDate: null, message: text };
}

function estimate(ctx: EstimateContext, method: { displayArriveByTS?: number; arriveByDate: string | null }): ArriveBy {
  return {
    zipcode: ctx.zipcode,
    label: arriveByLabelIn(ctx.language, method.displayArriveByTS!),
    arriveByDate: method.arriveByDate,
    message: null,
  };
}

async function wineArriveBy(
  zipcode: string,
  ctx: EstimateContext,
  items: { productId: number; quantity: number }[],
  now: Date,
): Promise<ArriveBy> {
  const { store } = ctx;
  const result = await wineShipMethods(
    { zipcode, branchId: String(store.id), wfcStoreId: wineStoreIdOf(store) ?? '', items },
    now,
  );
  if (!result.ok) return noEstimate(ctx, result.message);
  return estimate(ctx, result.shipMethods[0]!);
}

/** The arrive-by date of one wine or marketplace product for the shopper's ZIP. */
export async function productArriveBy(product: { id: number; kind: string }, ctx: EstimateContext): Promise<ArriveBy> {
  const now = ctx.now ?? new Date();
  const { zipcode } = ctx;
  if (!zipcode) return noEstimate(ctx, NO_ZIP_MESSAGE);
  if (product.kind === 'wine') return wineArriveBy(zipcode, ctx, [{ productId: product.id, quantity: 1 }], now);
  const result = await sellerShipMethods({ zipcode, items: [{ productId: product.id, quantity: 1 }] }, now);
  if (!result.ok) return noEstimate(ctx, result.message);
  const { shipMethods, errors } = splitPartial(result);
  const method = shipMethods[0];
  if (method) return estimate(ctx, method);
  const error = errors[0];
  if (!error) return { zipcode, label: null, arriveByDate: null, message: null };
  const seller = result.shipMethods.find((m) => m.sellerId === error.sellerId)?.sellerName;
  return noEstimate(ctx, error.message, seller ? { seller } : {});
}

export interface Shipment extends ArriveBy {
  key: string;
  kind: 'wine' | 'marketplace';
  /** "Ships from Copper Pot Kitchen Supply", "Ships from our wine cellar". */
  title: string;
  lines: ShippedLine[];
}

/** The cart's shipped lines grouped by seller (wine: the wine cellar), each with its arrive-by date or the reason there is none. */
export async function cartShipments(lines: ShippedLine[], ctx: EstimateContext): Promise<Shipment[]> {
  const now = ctx.now ?? new Date();
  const { zipcode } = ctx;
  const shipments: Shipment[] = [];
  const wine = lines.filter((line) => line.kind === 'wine');
  const market = lines.filter((line) => line.kind === 'marketplace' && line.sellerId !== null);
  const bySeller = new Map<number, ShippedLine[]>();
  for (const line of market) bySeller.set(line.sellerId!, [...(bySeller.get(line.sellerId!) ?? []), line]);

  const none = noEstimate(ctx, NO_ZIP_MESSAGE);
  if (bySeller.size > 0) {
    const result = zipcode
      ? await sellerShipMethods(
          { zipcode, items: market.map((line) => ({ productId: line.productId, quantity: line.quantity })) },
          now,
        )
      : null;
    const split = result?.ok ? splitPartial(result) : null;
    for (const [sellerId, sellerLines] of bySeller) {
      const seller = sellerLines[0]!.sellerName ?? '';
      const base = {
        key: `seller-${sellerId}`,
        kind: 'marketplace' as const,
        title: sellerShipmentTitleIn(ctx.language, seller),
        lines: sellerLines,
      };
      if (!result) {
        shipments.push({ ...base, ...none });
        continue;
      }
      if (!result.ok) {
        shipments.push({ ...base, ...noEstimate(ctx, result.message) });
        continue;
      }
      const method = split!.shipMethods.find((m) => m.sellerId === String(sellerId));
      const error = split!.errors.find((e) => e.sellerId === String(sellerId));
      shipments.push({
        ...base,
        ...(method
          ? estimate(ctx, method)
          : noEstimate(ctx, error?.message ?? "We can't estimate this delivery right now.", { seller })),
      });
    }
  }
  if (wine.length > 0) {
    const base = { key: 'wine', kind: 'wine' as const, title: wineShipmentTitleIn(ctx.language), lines: wine };
    const arrive = zipcode
      ? await wineArriveBy(
          zipcode,
          ctx,
          wine.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          now,
        )
      : none;
    shipments.push({ ...base, ...arrive });
  }
  return shipments;
}
