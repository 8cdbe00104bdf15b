import { loadShopper, tokenVerifier } from '~/modules/access/shopper.server';
import { checkAccessToken, type CustomerClaims } from '~/modules/access/token.server';
import { apiError } from '~/modules/http/api.server';
import { isRecentElevatedSignIn } from '~/modules/identity/elevation';
import type { FactorRefusal } from './factors.server';

export const ELEVATION_REQUIRED_MESSAGE = 'For your security, confirm your password, then try again.';

/** The caller's verified token: the spec's bearer header, else the signed-in customer's cookie. */
async function callerToken(request: Request): Promise<{ claims: CustomerClaims; elevated: boolean; headers: Headers }> {
  const authorization = request.headers.get('Authorization') ?? '';
  if (/^Bearer\s/i.test(authorization)) {
    const check = await checkAccessToken(authorization.replace(/^Bearer\s+/i, '').trim(), tokenVerifier());
    if (check.status !== 'active') throw apiError(401, 'INVALID_TOKEN', 'Sign in again to manage your passkeys.');
    return { claims: check.claims, elevated: check.elevated, headers: new Headers() };
  }
  const shopper = await loadShopper(request);
  if (shopper.userType !== 'C' || !shopper.customer) {
    throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to manage your passkeys.');
  }
  return { claims: shopper.customer, elevated: shopper.elevated, headers: shopper.headers };
}

/**
 * The caller of a factor call (spec section 6: a signed-in customer with a token and UUID). The
 * token's UUID must be the one in the path; any other UUID is answered like an unknown customer.
 * Changes need a recent elevated sign-in as well (docs/decisions/0014).
 */
export async function requireFactorOwner(
  request: Request,
  uuid: string | undefined,
  options: { elevated: boolean },
): Promise<{ headers: Headers; customerId: number }> {
  const { claims, elevated, headers } = await callerToken(request);
  if (!uuid || !claims.uuid || claims.uuid !== uuid) {
    throw apiError(404, 'CUSTOMER_NOT_FOUND', 'We could not find that customer.');
  }
  if (options.elevated && !isRecentElevatedSignIn({ elevated, authTime: claims.auth_time })) {
    throw apiError(403, 'ELEVATION_REQUIRED', ELEVATION_REQUIRED_MESSAGE);
  }
  return { headers, customerId: Number(claims.customerId) };
}

export function refusalResponse(refusal: FactorRefusal) {
  return apiError(refusal.status, refusal.code, refusal.message);
}
