import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { rewardBodySchema as RewardBody } from '~/modules/offers/reward-form';
import { apiError, apiRoute, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { apiViewer, refusalStatus, requireCustomer } from '~/modules/offers/offers-api.server';
import { redeemReward } from '~/modules/offers/rewards.server';

/** Redeems ("clips") a reward at a store with points. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const { shopper, viewer } = await apiViewer(request);
  const customer = requireCustomer(viewer);
  const body = await readJsonBody(request, RewardBody);
  const result = await redeemReward({ ...customer, rewardId: body.rewardId, storeId: Number(body.storeId) });
  if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
  return json(
    { rewardId: result.rewardId, redeemed: true, alreadyRedeemed: result.alreadyRedeemed, balance: result.balance },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
});
