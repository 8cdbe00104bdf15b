import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { subscriptionCodeSchema } from '~/modules/subscriptions/subscription-rules';
import { apiCustomerFor, subscriptionRefusal } from '~/modules/subscriptions/subscriptions-api.server';
import { cancelSubscription, customerSubscriptions, subscribe } from '~/modules/subscriptions/subscriptions.server';

const SubscribeBody = z.object({
  subscriptionCode: subscriptionCodeSchema,
  tenderId: z.number().int().positive(),
});
const CancelBody = z.object({ subscriptionId: z.number().int().positive() });

const noStore = (headers: Headers) => withHeaders(headers, { 'Cache-Control': 'no-store' });

/** Spec section 7, customer service `customers/{customerId}/subscriptions`: the customer's subscriptions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shopper, customer } = await apiCustomerFor(request, params.customerId);
  const subscriptions = await customerSubscriptions(customer.customerId);
  return json({ customerId: String(customer.customerId), subscriptions }, { headers: noStore(shopper.headers) });
}

/** POST subscribes (`{ subscriptionCode, tenderId }`); DELETE cancels (`{ subscriptionId }`). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === 'POST') {
    const body = await readJsonBody(request, SubscribeBody);
    const { shopper, customer } = await apiCustomerFor(request, params.customerId);
    const result = await subscribe({
      customerId: customer.customerId,
      bannerId: customer.bannerId,
      code: body.subscriptionCode,
      tenderId: body.tenderId,
    });
    if (!result.ok) return subscriptionRefusal(result.code);
    return json({ subscription: result.subscription }, { status: 201, headers: noStore(shopper.headers) });
  }
  if (request.method === 'DELETE') {
    const body = await readJsonBody(request, CancelBody);
    const { shopper, customer } = await apiCustomerFor(request, params.customerId);
    const result = await cancelSubscription(customer.customerId, body.subscriptionId);
    if (!result.ok) return subscriptionRefusal(result.code);
    return json({ subscription: result.subscription }, { headers: noStore(shopper.headers) });
  }
  return apiError(405, 'METHOD_NOT_ALLOWED', 'Use GET, POST or DELETE.');
}
