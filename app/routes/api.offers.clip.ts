import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { offerBodySchema as ClipBody } from '~/modules/offers/clip-form';
import { apiError, apiRoute, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { subjectOf } from '~/modules/http/state-versions.server';
import { markStateVersionsHandled } from '~/modules/http/handled-state-versions';
import { clipOffer } from '~/modules/offers/clips.server';
import { apiViewer, refusalStatus, requireCustomer } from '~/modules/offers/offers-api.server';

/** Spec section 7: clip. Idempotent; refusals carry a stable code and change nothing. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const body = await readJsonBody(request, ClipBody);
  // The clip and the customer's state version commit together, or nothing changed.
  const stateSubject = subjectOf(customer.customerId);
  const result = await clipOffer(customer, body.offerId, new Date(), { stateSubject });
  if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
  return json(
    { offerId: result.offerId, clipped: true, alreadyClipped: result.alreadyClipped },
    {
      headers: markStateVersionsHandled(withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }), [stateSubject]),
    },
  );
});
