import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { ADDRESS_MESSAGES, newAddressSchema } from '~/modules/customers/address-rules';
import { addAddress, listAddresses } from '~/modules/customers/addresses.server';
import { methodNotAllowed, refusalStatus, ACCOUNT_CALLER } from '~/modules/customers/record-owner.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7, customer service customers/{customerId}/addresses: list (GET) and add (POST). */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  return json(
    { customerId: String(customerId), banner: bannerId, addresses: await listAddresses(customerId, bannerId) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const body = await readJsonBody(request, newAddressSchema);
  const result = await addAddress(customerId, bannerId, body);
  if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
  return json(
    {
      address: result.address,
      created: result.created,
      message: result.created ? ADDRESS_MESSAGES.added : ADDRESS_MESSAGES.duplicate,
    },
    { status: result.created ? 201 : 200, headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
