import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { methodNotAllowed, readJsonBody } from '~/modules/http/api.server';
import { callResponse, PROFILE_CALLER, storesUpdateCall } from '~/modules/profile/customer-calls.server';
import { apiRoute } from '~/modules/http/api.server';

/**
 * Spec section 7: POST {profile path}/ucaservice/api/uca/customers/{customerId}/stores with the
 * classic payload (Stores[], Preferences[], postalCodes[]). The bearer token must be the customer's.
 */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to update stores.');
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  const body = await readJsonBody(request, z.unknown());
  return callResponse(await storesUpdateCall(customerId, body), headers);
}

function loaderHandler(_args: LoaderFunctionArgs) {
  return methodNotAllowed('POST', 'Use POST to update stores; GET /api/customers/{customerId}/stores reads them.');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
