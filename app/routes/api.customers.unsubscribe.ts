import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { UNSUBSCRIBE_INVALID, unsubscribe } from '~/modules/customers/marketing-email.server';
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from '~/modules/http/api.server';

const Body = z
  .object({ token: z.string({ required_error: 'Send the token of the unsubscribe link.' }).max(80) })
  .strict();

/**
 * Spec section 7, customer service `unsubscribe`: POST `{ token }` (the `t` of a marketing email's link) stops
 * marketing email to that customer. The signed token is the credential; idempotent; a bad token is 400.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to unsubscribe.');
  const body = await readJsonBody(request, Body);
  const done = await unsubscribe(body.token);
  if (!done) throw apiError(400, 'INVALID_LINK', UNSUBSCRIBE_INVALID);
  return json(
    { unsubscribed: true, alreadyUnsubscribed: done.alreadyUnsubscribed },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
