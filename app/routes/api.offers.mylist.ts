import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { myList } from '~/modules/offers/offers.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: my list, the customer's clipped live offers with their products. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const offers = await myList(requireCustomer(viewer));
  return json(
    { count: offers.length, offers },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const loader = apiRoute(loaderHandler);
