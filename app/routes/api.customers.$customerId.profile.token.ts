import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { PROFILE_CALLER } from '~/modules/profile/customer-calls.server';
import { issueProfileToken } from '~/modules/profile/profile-token.server';

const Body = z.object({}).strict();

/** Spec section 7, customer service profile token: POST, owner only, a five-minute read-only profile token. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to get a profile token.');
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  await readJsonBody(request, Body);
  return json(issueProfileToken(customerId), { headers: withHeaders(headers, { 'Cache-Control': 'no-store' }) });
});
