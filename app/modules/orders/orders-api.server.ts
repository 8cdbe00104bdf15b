import { loadShopper, type Shopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { FLASH_DELIVERY_CHECKOUT_VALUE, DELIVERY_TYPE_ATTENDED } from '~/modules/slots/slot-rules';
import { ORDER_REFUSALS, orderNumberSchema, type OrderRefusalCode } from './order-rules';
import { orderCustomer } from './order-session.server';
import type { OrderSummary } from './order-history.server';
import type { OrderCustomer } from './order-rules';

/** Order APIs need a signed-in customer; anyone else gets a 401 with a stable code. */
export async function apiCustomer(request: Request): Promise<{ shopper: Shopper; customer: OrderCustomer }> {
  const shopper = await loadShopper(request);
  const customer = orderCustomer(shopper);
  if (!customer) throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to see and change your orders.');
  // API answers keep the spec's English whatever the shopper's language.
  return { shopper, customer: { ...customer, language: 'en' } };
}

export function orderNumberParam(request: Request): string {
  const parsed = orderNumberSchema.safeParse(new URL(request.url).searchParams.get('orderNumber'));
  if (!parsed.success) throw apiError(400, 'BAD_ORDER_NUMBER', 'That is not an order number.');
  return parsed.data;
}

export function orderRefusal(code: OrderRefusalCode) {
  return apiError(code === 'NOT_FOUND' ? 404 : 409, code, ORDER_REFUSALS[code]);
}

/** reservationDetails: the order's reserved window, in the shape the orders service answers. */
export function reservationDetails(order: OrderSummary) {
  const rush = order.slotKind === 'rush';
  return {
    orderNumber: order.orderNumber,
    storeId: String(order.storeId),
    fulfillmentType: order.fulfillment,
    slot: {
      slotId: order.slotId,
      slotType: order.slotKind,
      startTime: order.slotStart,
      label: order.slotLabel,
      feeCents: order.feesCents,
    },
    // Spec section 9: deliveries are 'attended'; rush (flash) orders carry the flash checkout value 4.
    deliveryType: order.fulfillment === 'DELIVERY' && !rush ? DELIVERY_TYPE_ATTENDED : null,
    checkoutValue: rush ? FLASH_DELIVERY_CHECKOUT_VALUE : null,
    cutoffTime: order.cutoffAt,
    editable: order.editable,
    status: order.status,
  };
}
