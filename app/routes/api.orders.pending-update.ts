import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { saveEdit } from '~/modules/orders/order-changes.server';
import { orderNumberSchema } from '~/modules/orders/order-rules';
import { clearEditModeCookies, orderNumberCookie } from '~/modules/orders/order-session.server';
import { apiCustomer, orderRefusal, reservationDetails } from '~/modules/orders/orders-api.server';

const Body = z.object({ orderNumber: orderNumberSchema }).strict();

/**
 * Spec section 7, pending order update: POST /api/orders/pending-update `{ orderNumber }` saves the order being
 * edited: it takes the edit cart's lines and its newly held window, before the cut-off only (PAST_CUTOFF), owner only
 * (NOT_FOUND), and an order not being edited is NOT_FOUND too. The edit-mode cookies are cleared, as on the page.
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to save the order being edited.');
  const { shopper, customer } = await apiCustomer(request);
  const body = await readJsonBody(request, Body);
  const saved = await saveEdit(customer, body.orderNumber);
  if (!saved.ok) return orderRefusal(saved.code);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  for (const cookie of await clearEditModeCookies(shopper)) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', await orderNumberCookie(body.orderNumber, saved.order.cutoffAt, shopper));
  const { slot } = reservationDetails(saved.order);
  return json(
    {
      orderNumber: saved.order.orderNumber,
      status: saved.order.status,
      totalCents: saved.order.totalCents,
      items: saved.order.items.map((item) => ({ productId: String(item.productId), quantity: item.quantity })),
      slot,
    },
    { headers },
  );
}

export const action = apiRoute(actionHandler);
