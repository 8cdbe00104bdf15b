import type { LoaderFunctionArgs } from '@remix-run/node';
import { answer, callResponse, refusal } from '~/modules/profile/customer-calls.server';
import { requireProfileReader } from '~/modules/profile/profile-token.server';
import { customerProfile } from '~/modules/profile/profile.server';
import { apiRoute } from '~/modules/http/api.server';

/**
 * Customer service profile (optionally full with ?full=true): the owner, or a profile token for this customer
 * (decision 0100); another customer is 404.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireProfileReader(request, params.customerId);
  const full = new URL(request.url).searchParams.get('full') === 'true';
  const profile = await customerProfile(customerId, { full });
  if (!profile) return callResponse(refusal(404, 'NOT_FOUND', 'We could not find that customer.'), headers);
  return callResponse(answer(200, { profile }), headers);
}

export const loader = apiRoute(loaderHandler);
