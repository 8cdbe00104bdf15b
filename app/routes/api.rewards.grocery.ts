import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { withHeaders } from '~/modules/http/api.server';
import { apiViewer } from '~/modules/offers/offers-api.server';
import { availableRewards } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: grocery rewards offers at the shopper's store, with the store's storeRewards. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const rewards = await availableRewards(viewer);
  return json(
    {
      storeRewards: rewards.storeRewards,
      balance: rewards.balance,
      rewards: rewards.rewards.filter((reward) => reward.kind === 'grocery'),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store', Vary: 'Cookie' }) },
  );
}

export const loader = apiRoute(loaderHandler);
