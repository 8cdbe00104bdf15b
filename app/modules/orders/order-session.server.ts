import type { Shopper } from '~/modules/access/shopper.server';
import { clearCookie, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { orderNumberSchema } from './order-rules';
import type { OrderCustomer } from './order-rules';

/** The signed-in customer (C) as an order owner; null for everyone else. */
export function orderCustomer(shopper: Shopper): OrderCustomer | null {
  if (shopper.userType !== 'C' || !shopper.customer) return null;
  return {
    customerId: Number(shopper.customer.customerId),
    bannerId: shopper.host.bannerId,
    siteType: shopper.host.siteType,
    language: shopper.language,
  };
}

const until = (iso: string) => ({ expires: new Date(iso) });

/** Spec section 3: the order number cookie (B_ prefixed on business), kept while the order is pending. */
export function orderNumberCookie(orderNumber: string, cutoffAt: string, shopper: Shopper) {
  return writeCookie('orderNumber', orderNumber, shopper.cookie, until(cutoffAt));
}

export function clearOrderNumberCookie(shopper: Shopper) {
  return clearCookie('orderNumber', shopper.cookie);
}

export interface SlotInfo {
  orderNumber: string;
  slotId: number | null;
  fulfillment: string;
}

function parseSlotInfo(value: unknown): SlotInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  if (!orderNumberSchema.safeParse(candidate.orderNumber).success) return null;
  if (candidate.fulfillment !== 'DUG' && candidate.fulfillment !== 'DELIVERY') return null;
  const slotId = typeof candidate.slotId === 'number' ? candidate.slotId : null;
  return { orderNumber: candidate.orderNumber as string, slotId, fulfillment: candidate.fulfillment };
}

/** Edit-order mode (spec: SlotInfo and OrderStoreId present), until the order's cut-off. */
export async function editModeCookies(
  order: { orderNumber: string; slotId: number | null; fulfillment: string; storeId: number; cutoffAt: string },
  shopper: Shopper,
) {
  const slotInfo: SlotInfo = { orderNumber: order.orderNumber, slotId: order.slotId, fulfillment: order.fulfillment };
  return [
    await writeCookie('slotInfo', slotInfo, shopper.cookie, until(order.cutoffAt)),
    await writeCookie('orderStoreId', String(order.storeId), shopper.cookie, until(order.cutoffAt)),
  ];
}

export async function clearEditModeCookies(shopper: Shopper) {
  return [await clearCookie('slotInfo', shopper.cookie), await clearCookie('orderStoreId', shopper.cookie)];
}

/** The order being edited, when both edit-order cookies are present and valid. */
export async function readEditMode(request: Request, shopper: Shopper): Promise<SlotInfo | null> {
  const [slotInfo, storeId] = await Promise.all([
    readSignedCookie(request, 'slotInfo', shopper.cookie.siteType, parseSlotInfo),
    readSignedCookie(request, 'orderStoreId', shopper.cookie.siteType, (value) =>
      typeof value === 'string' && /^\d{1,4}$/.test(value) ? value : null,
    ),
  ]);
  return slotInfo.status === 'ok' && storeId.status === 'ok' ? slotInfo.value : null;
}

/** Spec section 6: in edit-order mode R and C shoppers get the order's fulfilment preference. */
export function forcedPreference(editMode: SlotInfo | null, shopper: Shopper): 'Dug' | 'Delivery' | null {
  if (!editMode || (shopper.userType !== 'R' && shopper.userType !== 'C')) return null;
  return editMode.fulfillment === 'DUG' ? 'Dug' : 'Delivery';
}
