import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { markStateVersionsHandled } from '~/modules/http/handled-state-versions';
import { subjectOf } from '~/modules/http/state-versions.server';
import { clipOffer } from '~/modules/offers/clips.server';
import { companionOffers } from '~/modules/offers/offers.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';

const Body = z
  .object({
    productIds: z
      .array(z.number({ invalid_type_error: 'productIds holds product ids.' }).int().positive(), {
        required_error: 'productIds lists the products to allocate offers for.',
      })
      .min(1, 'productIds lists the products to allocate offers for.')
      .max(50, 'At most 50 products at a time.'),
  })
  .strict();

/**
 * Spec section 7 (xapi), instant allocation: POST /api/offers/instant-allocation `{ productIds }` clips, at once,
 * every live offer of the banner on those products (the companion gallery's offers) for the signed-in customer.
 * Idempotent: an offer already clipped is answered as allocated before. Signed-in customers only.
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to allocate offers.');
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const body = await readJsonBody(request, Body);
  const stateSubject = subjectOf(customer.customerId);
  const now = new Date();
  const allocated: { offerId: number; title: string; alreadyClipped: boolean }[] = [];
  for (const offer of await companionOffers(customer, [...new Set(body.productIds)], now)) {
    const result = await clipOffer(customer, offer.id, now, { stateSubject });
    // An offer that ended between the two reads is simply not allocated.
    if (result.ok)
      allocated.push({ offerId: result.offerId, title: result.title, alreadyClipped: result.alreadyClipped });
  }
  return json(
    { allocated },
    {
      headers: markStateVersionsHandled(withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }), [stateSubject]),
    },
  );
}

export const action = apiRoute(actionHandler);
