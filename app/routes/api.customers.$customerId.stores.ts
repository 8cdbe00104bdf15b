import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { answer, authorizeRead, callResponse } from '~/modules/profile/customer-calls.server';
import { customerStores } from '~/modules/profile/profile-service.server';

/** Customer service stores: the customer's saved stores in the Stores[] shape (owner only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const auth = await authorizeRead(request, shopper, params.customerId);
  if (!auth.ok) return callResponse(auth.answer, shopper.headers);
  const Stores = await customerStores(auth.customerId);
  return callResponse(answer(200, { customerId: String(auth.customerId), Stores }), shopper.headers);
}
