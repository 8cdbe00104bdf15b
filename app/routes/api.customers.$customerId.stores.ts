import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { answer, callResponse, PROFILE_CALLER } from '~/modules/profile/customer-calls.server';
import { customerStores } from '~/modules/profile/profile-service.server';
import { apiRoute } from '~/modules/http/api.server';

/** Customer service stores: the customer's saved stores in the Stores[] shape (owner only). */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  const Stores = await customerStores(customerId);
  return callResponse(answer(200, { customerId: String(customerId), Stores }), headers);
}

export const loader = apiRoute(loaderHandler);
