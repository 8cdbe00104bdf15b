import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { answer, authorizeRead, callResponse, refusal } from '~/modules/profile/customer-calls.server';
import { customerProfile } from '~/modules/profile/profile.server';

/** Customer service profile (optionally full with ?full=true): owner only; another customer is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const auth = await authorizeRead(request, shopper, params.customerId);
  if (!auth.ok) return callResponse(auth.answer, shopper.headers);
  const full = new URL(request.url).searchParams.get('full') === 'true';
  const profile = await customerProfile(auth.customerId, { full });
  if (!profile) return callResponse(refusal(404, 'NOT_FOUND', 'We could not find that customer.'), shopper.headers);
  return callResponse(answer(200, { profile }), shopper.headers);
}
