import type { CallerRules } from '~/modules/access/customer-caller.server';
import { apiError } from '~/modules/http/api.server';

/**
 * The customer-service calls under /api/customers/{customerId}/… for addresses and pets: the
 * caller must be signed in (C, with a verified token), and the path must name that same customer.
 */
export const ACCOUNT_CALLER: CallerRules = {
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to see and change your account.' },
};

/** A record id from the path; anything that is not one is as missing as a record that is not there. */
export function recordIdParam(value: string | undefined, notFoundMessage: string): number {
  const id = value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id <= 0) throw apiError(404, 'NOT_FOUND', notFoundMessage);
  return id;
}

export { methodNotAllowed } from '~/modules/http/api.server';

/** HTTP status of a refused change: missing is 404, a conflict 409, anything else bad input (400). */
export function refusalStatus(code: string): number {
  if (code === 'NOT_FOUND') return 404;
  if (code.startsWith('DUPLICATE')) return 409;
  return 400;
}
