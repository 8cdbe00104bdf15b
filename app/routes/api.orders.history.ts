import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiCustomer } from '~/modules/orders/orders-api.server';
import { orderHistory } from '~/modules/orders/order-history.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: history list — the customer's orders, newest first. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, customer } = await apiCustomer(request);
  return json(
    { orders: await orderHistory(customer) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const loader = apiRoute(loaderHandler);
