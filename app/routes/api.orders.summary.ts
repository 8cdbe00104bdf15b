import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiCustomer, orderNumberParam, orderRefusal } from '~/modules/orders/orders-api.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: orders summary. Another customer's order is NOT_FOUND. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, customer } = await apiCustomer(request);
  const order = await orderSummary(customer, orderNumberParam(request));
  if (!order) return orderRefusal('NOT_FOUND');
  const { id: _id, ...visible } = order;
  return json({ order: visible }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
