import { loadShopper, type Shopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { hasRecentSignIn } from '~/modules/identity/elevated-sign-in.server';
import type { FactorRefusal } from './factors.server';

export const ELEVATION_REQUIRED_MESSAGE = 'For your security, confirm your password, then try again.';

/**
 * The caller of a factor call (spec section 6: a signed-in customer with a token and UUID). The
 * token's UUID must be the one in the path; any other UUID is answered like an unknown customer.
 * Changes need a recent elevated sign-in as well.
 */
export async function requireFactorOwner(
  request: Request,
  uuid: string | undefined,
  options: { elevated: boolean },
): Promise<{ shopper: Shopper; customerId: number }> {
  const shopper = await loadShopper(request);
  if (shopper.userType !== 'C' || !shopper.customer) {
    throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to manage your passkeys.');
  }
  if (!uuid || !shopper.customer.uuid || shopper.customer.uuid !== uuid) {
    throw apiError(404, 'CUSTOMER_NOT_FOUND', 'We could not find that customer.');
  }
  if (options.elevated && !hasRecentSignIn(shopper)) {
    throw apiError(403, 'ELEVATION_REQUIRED', ELEVATION_REQUIRED_MESSAGE);
  }
  return { shopper, customerId: Number(shopper.customer.customerId) };
}

export function refusalResponse(refusal: FactorRefusal) {
  return apiError(refusal.status, refusal.code, refusal.message);
}
