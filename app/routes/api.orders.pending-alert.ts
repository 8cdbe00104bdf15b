import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiCustomer } from '~/modules/orders/orders-api.server';
import { pendingOrder } from '~/modules/orders/orders.server';

/** Spec section 7: pending order alert — the order that can still be changed, or null. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shopper, customer } = await apiCustomer(request);
  const order = await pendingOrder(customer);
  return json(
    {
      pendingOrder: order
        ? {
            orderNumber: order.orderNumber,
            slotLabel: order.slotLabel,
            cutoffTime: order.cutoffAt,
            fulfillmentType: order.fulfillment,
            storeId: String(order.storeId),
          }
        : null,
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}
