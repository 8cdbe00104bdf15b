import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { rewardsSummary } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Points balance and redeemed rewards; pages refresh it every rewardSummaryTime (10,000 ms). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  return json(await rewardsSummary(customer.customerId, customer.bannerId), {
    headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }),
  });
}

export const loader = apiRoute(loaderHandler);
