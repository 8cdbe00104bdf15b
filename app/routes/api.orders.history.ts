import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiCustomer } from '~/modules/orders/orders-api.server';
import { orderHistory } from '~/modules/orders/orders.server';

/** Spec section 7: history list — the customer's orders, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shopper, customer } = await apiCustomer(request);
  return json(
    { orders: await orderHistory(customer) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}
