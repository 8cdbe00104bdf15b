import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { subscriptionCodeSchema } from '~/modules/subscriptions/subscription-rules';
import { SUBSCRIPTIONS_CALLER, subscriptionRefusal } from '~/modules/subscriptions/subscriptions-api.server';
import { cancelSubscription, customerSubscriptions, subscribe } from '~/modules/subscriptions/subscriptions.server';
import { apiRoute } from '~/modules/http/api.server';

const SubscribeBody = z.object({
  subscriptionCode: subscriptionCodeSchema,
  tenderId: z.number().int().positive(),
});
const CancelBody = z.object({ subscriptionId: z.number().int().positive() });

const noStore = (headers: Headers) => withHeaders(headers, { 'Cache-Control': 'no-store' });

/** Spec section 7, customer service `customers/{customerId}/subscriptions`: the customer's subscriptions. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { headers, customerId } = await requireCustomerCaller(request, params.customerId, SUBSCRIPTIONS_CALLER);
  const subscriptions = await customerSubscriptions(customerId);
  return json({ customerId: String(customerId), subscriptions }, { headers: noStore(headers) });
}

/** POST subscribes (`{ subscriptionCode, tenderId }`); DELETE cancels (`{ subscriptionId }`). */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method === 'POST') {
    const { headers, customerId, bannerId } = await requireCustomerCaller(
      request,
      params.customerId,
      SUBSCRIPTIONS_CALLER,
    );
    const body = await readJsonBody(request, SubscribeBody);
    const result = await subscribe({
      customerId,
      bannerId,
      code: body.subscriptionCode,
      tenderId: body.tenderId,
    });
    if (!result.ok) return subscriptionRefusal(result.code);
    return json({ subscription: result.subscription }, { status: 201, headers: noStore(headers) });
  }
  if (request.method === 'DELETE') {
    const { headers, customerId } = await requireCustomerCaller(request, params.customerId, SUBSCRIPTIONS_CALLER);
    const body = await readJsonBody(request, CancelBody);
    const result = await cancelSubscription(customerId, body.subscriptionId);
    if (!result.ok) return subscriptionRefusal(result.code);
    return json({ subscription: result.subscription }, { headers: noStore(headers) });
  }
  return methodNotAllowed('GET, POST, DELETE', 'Use GET, POST or DELETE.');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
