import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { clippedOfferCount } from '~/modules/offers/clips.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: my list count. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const count = await clippedOfferCount(requireCustomer(viewer));
  return json({ count }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
