import { loadShopper, type Shopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { assertSameOrigin } from '~/modules/http/forms.server';

export interface RecordOwner {
  shopper: Shopper;
  customerId: number;
  bannerId: string;
}

/**
 * The customer-service calls under /api/customers/{customerId}/…: the caller must be signed in (C,
 * with a verified token), and the path must name that same customer. Another customer's id answers
 * 404, as their records would: the call never says whether someone else exists.
 */
export async function requireRecordOwner(request: Request, customerIdParam: string | undefined): Promise<RecordOwner> {
  if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request);
  const shopper = await loadShopper(request);
  if (shopper.userType !== 'C' || !shopper.customer) {
    throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to see and change your account.');
  }
  if (!customerIdParam || !/^\d{1,10}$/.test(customerIdParam) || customerIdParam !== shopper.customer.customerId) {
    throw apiError(404, 'NOT_FOUND', 'We could not find that customer.');
  }
  return { shopper, customerId: Number(customerIdParam), bannerId: shopper.host.bannerId };
}

/** A record id from the path; anything that is not one is as missing as a record that is not there. */
export function recordIdParam(value: string | undefined, notFoundMessage: string): number {
  const id = value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id <= 0) throw apiError(404, 'NOT_FOUND', notFoundMessage);
  return id;
}

export function methodNotAllowed(allowed: string) {
  const response = apiError(405, 'METHOD_NOT_ALLOWED', `Use ${allowed} for this call.`);
  response.headers.set('Allow', allowed);
  return response;
}

/** HTTP status of a refused change: missing is 404, a conflict 409, anything else bad input (400). */
export function refusalStatus(code: string): number {
  if (code === 'NOT_FOUND') return 404;
  if (code.startsWith('DUPLICATE')) return 409;
  return 400;
}
