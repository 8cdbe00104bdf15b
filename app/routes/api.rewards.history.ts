import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { rewardsHistory } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: rewards history (points earned and spent, newest first). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const history = await rewardsHistory(requireCustomer(viewer).customerId);
  return json({ history }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
