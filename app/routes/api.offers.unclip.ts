import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { offerBodySchema as UnclipBody } from '~/modules/offers/clip-form';
import { readJsonBody, withHeaders } from '~/modules/http/api.server';
import { unclipOffer } from '~/modules/offers/clips.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: unclip. Unclipping an offer that is not clipped is a no-op. */
async function actionHandler({ request }: ActionFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const body = await readJsonBody(request, UnclipBody);
  const result = await unclipOffer(customer.customerId, body.offerId);
  return json(
    { offerId: body.offerId, clipped: false, removed: result.removed },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const action = apiRoute(actionHandler);
