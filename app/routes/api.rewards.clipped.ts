import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { rewardsSummary } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7 (xapi): clipped rewards, each with the store it was redeemed at. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const { clippedRewards } = await rewardsSummary(customer.customerId, customer.bannerId);
  return json({ clippedRewards }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
