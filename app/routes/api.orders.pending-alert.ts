import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiCustomer } from '~/modules/orders/orders-api.server';
import { pendingOrder } from '~/modules/orders/order-history.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: pending order alert — the order that can still be changed, or null. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
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

export const loader = apiRoute(loaderHandler);
