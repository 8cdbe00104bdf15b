import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller, type CallerRules } from '~/modules/access/customer-caller.server';
import { changePassword } from '~/modules/customers/sign-in-details.server';
import { apiError, apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { isRecentElevatedSignIn } from '~/modules/identity/elevation';

const PASSWORD_CALLER: CallerRules = {
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to change your password.' },
};

const Body = z
  .object({
    password: z.string({ required_error: 'Enter a new password.' }).max(200),
    confirm: z.string({ required_error: 'Enter the new password again.' }).max(200),
  })
  .strict();

/**
 * Spec section 7, customer service `pwd`: PUT /api/customers/{customerId}/pwd `{ password, confirm }` changes the
 * password, as the security page does: a recent elevated sign-in first (403 ELEVATION_REQUIRED), the password
 * rules, and every other session of the account ends (decision 0064). Owner only; another customer is 404.
 */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT', 'Use PUT to change the password.');
  const { customerId, claims, elevated, headers } = await requireCustomerCaller(
    request,
    params.customerId,
    PASSWORD_CALLER,
  );
  if (!isRecentElevatedSignIn({ elevated, authTime: claims.auth_time })) {
    throw apiError(403, 'ELEVATION_REQUIRED', 'For your security, confirm your password, then try again.');
  }
  const body = await readJsonBody(request, Body);
  const changed = await changePassword(customerId, body.password, body.confirm, claims.gid);
  if (!changed.ok) {
    return json(
      { error: { code: 'BAD_PASSWORD', field: changed.field, message: changed.message } },
      { status: 400, headers: withHeaders(headers, { 'Cache-Control': 'no-store' }) },
    );
  }
  return json(
    { customerId: String(customerId), message: changed.message },
    { headers: withHeaders(headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const action = apiRoute(actionHandler);
