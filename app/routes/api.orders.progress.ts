import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';
import { watchOrder } from '~/modules/fulfilment/order-watch.server';
import { apiCustomer, orderNumberParam, orderRefusal } from '~/modules/orders/orders-api.server';

/** A live stream of one order's version (Server-Sent Events): the order page refreshes when it moves. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { customer } = await apiCustomer(request);
  const orderNumber = orderNumberParam(request);
  return (await watchOrder(request, customer, orderNumber)) ?? orderRefusal('NOT_FOUND');
}

export const loader = apiRoute(loaderHandler);
