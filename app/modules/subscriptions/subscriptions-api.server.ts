import { loadShopper, type Shopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import type { OrderCustomer } from '~/modules/orders/orders.server';
import { SUBSCRIPTION_REFUSALS, type SubscriptionRefusalCode } from './subscription-rules';

/**
 * The signed-in customer behind a customer-service call on `customers/{customerId}/…`: 401 without a
 * verified token, and another customer's id is "not found" (404), never "forbidden".
 */
export async function apiCustomerFor(
  request: Request,
  customerIdParam: string | undefined,
): Promise<{ shopper: Shopper; customer: OrderCustomer }> {
  const shopper = await loadShopper(request);
  const customer = orderCustomer(shopper);
  if (!customer) throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to see and change your delivery subscription.');
  if (!customerIdParam || String(customer.customerId) !== customerIdParam)
    throw apiError(404, 'NOT_FOUND', 'We could not find that customer.');
  return { shopper, customer };
}

export function subscriptionRefusal(code: SubscriptionRefusalCode) {
  const status = code === 'NOT_FOUND' || code === 'UNKNOWN_PLAN' ? 404 : code === 'NO_TENDER' ? 400 : 409;
  return apiError(status, code, SUBSCRIPTION_REFUSALS[code]);
}
