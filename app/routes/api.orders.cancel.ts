import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { readJsonBody, withHeaders } from '~/modules/http/api.server';
import { orderNumberSchema } from '~/modules/orders/order-rules';
import { clearOrderNumberCookie } from '~/modules/orders/order-session.server';
import { apiCustomer, orderRefusal } from '~/modules/orders/orders-api.server';
import { cancelOrder } from '~/modules/orders/order-changes.server';
import { apiRoute } from '~/modules/http/api.server';

const Body = z.object({ orderNumber: orderNumberSchema });

/** Spec section 7: cancel — before the cut-off only (PAST_CUTOFF), owner only (NOT_FOUND). */
async function actionHandler({ request }: ActionFunctionArgs) {
  const { shopper, customer } = await apiCustomer(request);
  const body = await readJsonBody(request, Body);
  const result = await cancelOrder(customer, body.orderNumber);
  if (!result.ok) return orderRefusal(result.code);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', await clearOrderNumberCookie(shopper));
  return json({ orderNumber: body.orderNumber, status: 'CANCELLED' }, { headers });
}

export const action = apiRoute(actionHandler);
