import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { clippedOfferCount } from '~/modules/offers/clips.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';

/** Spec section 7: my list count. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const count = await clippedOfferCount(requireCustomer(viewer));
  return json({ count }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}
