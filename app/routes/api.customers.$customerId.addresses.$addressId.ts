import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { ADDRESS_MESSAGES, addressUpdateSchema } from '~/modules/customers/address-rules';
import { deleteAddress, getAddress, updateAddress } from '~/modules/customers/addresses.server';
import {
  methodNotAllowed,
  recordIdParam,
  refusalStatus,
  ACCOUNT_CALLER,
} from '~/modules/customers/record-owner.server';
import { apiRoute } from '~/modules/http/api.server';

/** One saved address: read (GET), change (PUT), remove (DELETE); owner only. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const address = await getAddress(customerId, recordIdParam(params.addressId, ADDRESS_MESSAGES.notFound), bannerId);
  if (!address) return apiError(404, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
  return json({ address }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed('GET, PUT, DELETE');
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const addressId = recordIdParam(params.addressId, ADDRESS_MESSAGES.notFound);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  if (request.method === 'DELETE') {
    const result = await deleteAddress(customerId, addressId);
    if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
    return json({ addressId, deleted: true, message: ADDRESS_MESSAGES.deleted }, { headers });
  }
  const body = await readJsonBody(request, addressUpdateSchema);
  const result = await updateAddress(customerId, addressId, bannerId, body);
  if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
  return json({ address: result.address, message: ADDRESS_MESSAGES.updated }, { headers });
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
