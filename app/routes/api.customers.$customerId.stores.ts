import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { answer, callResponse, PROFILE_CALLER } from '~/modules/profile/customer-calls.server';
import { customerStores } from '~/modules/profile/profile-service.server';

/** Customer service stores: the customer's saved stores in the Stores[] shape (owner only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  const Stores = await customerStores(customerId);
  return callResponse(answer(200, { customerId: String(customerId), Stores }), headers);
}
