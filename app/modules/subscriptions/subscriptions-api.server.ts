import type { CallerRules } from '~/modules/access/customer-caller.server';
import { apiError } from '~/modules/http/api.server';
import { SUBSCRIPTION_REFUSALS, type SubscriptionRefusalCode } from './subscription-rules';

/** The customer-service calls on `customers/{customerId}/subscriptions`. */
export const SUBSCRIPTIONS_CALLER: CallerRules = {
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to see and change your delivery subscription.' },
};

export function subscriptionRefusal(code: SubscriptionRefusalCode) {
  const status = code === 'NOT_FOUND' || code === 'UNKNOWN_PLAN' ? 404 : code === 'NO_TENDER' ? 400 : 409;
  return apiError(status, code, SUBSCRIPTION_REFUSALS[code]);
}
