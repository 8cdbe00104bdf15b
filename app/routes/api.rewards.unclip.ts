import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { rewardBodySchema as RewardBody } from '~/modules/offers/reward-form';
import { readJsonBody, withHeaders } from '~/modules/http/api.server';
import { apiViewer, requireCustomer } from '~/modules/offers/offers-api.server';
import { unclipReward } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: reward unclip (storeId). The points come back; nothing happens if not redeemed there. */
async function actionHandler({ request }: ActionFunctionArgs) {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const body = await readJsonBody(request, RewardBody);
  const result = await unclipReward({
    customerId: customer.customerId,
    rewardId: body.rewardId,
    storeId: Number(body.storeId),
  });
  return json(
    { rewardId: body.rewardId, redeemed: false, removed: result.removed, balance: result.balance },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const action = apiRoute(actionHandler);
