import { requireCustomerCaller, type CallerRules } from '~/modules/access/customer-caller.server';
import { apiError } from '~/modules/http/api.server';
import { checkCallerHeaders, requireSubscriptionKey } from '~/modules/http/service-call.server';
import { isRecentElevatedSignIn } from '~/modules/identity/elevation';
import type { FactorRefusal } from './factors.server';

export const ELEVATION_REQUIRED_MESSAGE = 'For your security, confirm your password, then try again.';

/** Spec section 6: a factor call names the customer by the token's UUID, not the customer id. */
const FACTOR_CALLER: CallerRules = {
  pathHolds: 'uuid',
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to manage your passkeys.' },
  expired: { code: 'INVALID_TOKEN', message: 'Sign in again to manage your passkeys.' },
  notFound: { code: 'CUSTOMER_NOT_FOUND', message: 'We could not find that customer.' },
};

/**
 * The caller of a factor call (spec section 6: a signed-in customer with a token and UUID). The
 * token's UUID must be the one in the path; any other UUID is answered like an unknown customer.
 * Changes need a recent elevated sign-in as well (docs/decisions/0014). The caller is checked first, so a
 * signed-out call is 401 whatever it sends; then the service call's subscription key and banner (decision 0085).
 */
export async function requireFactorOwner(
  request: Request,
  uuid: string | undefined,
  options: { elevated: boolean },
): Promise<{ headers: Headers; customerId: number }> {
  const { claims, elevated, headers, customerId, bannerId } = await requireCustomerCaller(request, uuid, FACTOR_CALLER);
  requireSubscriptionKey(request);
  checkCallerHeaders(request, bannerId);
  if (options.elevated && !isRecentElevatedSignIn({ elevated, authTime: claims.auth_time })) {
    throw apiError(403, 'ELEVATION_REQUIRED', ELEVATION_REQUIRED_MESSAGE);
  }
  return { headers, customerId };
}

export function refusalResponse(refusal: FactorRefusal) {
  return apiError(refusal.status, refusal.code, refusal.message);
}
