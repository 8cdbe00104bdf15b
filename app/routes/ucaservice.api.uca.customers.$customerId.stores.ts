import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { apiError, readJsonBody } from '~/modules/http/api.server';
import { callResponse, shopperToken, storesUpdateCall } from '~/modules/profile/customer-calls.server';

/**
 * Spec section 7: POST {profile path}/ucaservice/api/uca/customers/{customerId}/stores with the
 * classic payload (Stores[], Preferences[], postalCodes[]). The bearer token must be the customer's.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return apiError(405, 'METHOD_NOT_ALLOWED', 'Use POST to update stores.');
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, z.unknown());
  const result = await storesUpdateCall({
    token: await shopperToken(request, shopper),
    customerId: params.customerId,
    body,
  });
  return callResponse(result, shopper.headers);
}

export function loader(_args: LoaderFunctionArgs) {
  return apiError(
    405,
    'METHOD_NOT_ALLOWED',
    'Use POST to update stores; GET /api/customers/{customerId}/stores reads them.',
  );
}
