import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH } from '~/components/page-essentials';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { editTarget, safeRedirect } from '~/modules/access/safe-redirect';
import { parseForm } from '~/modules/http/forms.server';
import { wantsScriptAnswer } from '~/modules/http/script-answer';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { rewardAnchor, rewardFormSchema, type RewardAnswer } from '~/modules/offers/reward-form';
import { redeemReward, unclipReward } from '~/modules/offers/rewards.server';
import { apiRoute } from '~/modules/http/api.server';

/** Redeem or remove a reward; anyone may post, only a signed-in customer redeems. */
const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });

function backTo(returnTo: string, rewardId: number, extra: Record<string, string> = {}) {
  return editTarget(returnTo, (url) => {
    for (const key of ['rewardError', 'rewardFor']) url.searchParams.delete(key);
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
    url.hash = rewardAnchor(rewardId);
  });
}

async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, rewardFormSchema);
  const script = wantsScriptAnswer(form.values);
  if (!form.ok) {
    const answer: RewardAnswer = { ok: false, rewardId: null, code: 'BAD_FORM', message: form.message };
    return json(answer, { status: 400, headers: shopper.headers });
  }
  const { intent, rewardId, storeId } = form.data;
  const returnTo = safeRedirect(form.data.returnTo ?? '/foru/rewards.html', redirectPolicy());
  const viewer = await offerViewer(request, shopper);
  if (viewer.customerId === null) {
    const goto = backTo(returnTo, rewardId);
    return redirect(`${SIGN_IN_PATH}?goto=${encodeURIComponent(goto)}`, { headers: shopper.headers });
  }
  const answer: RewardAnswer =
    intent === 'redeem'
      ? await redeemReward({ customerId: viewer.customerId, bannerId: viewer.bannerId, rewardId, storeId }).then(
          (result) =>
            result.ok
              ? {
                  ok: true,
                  rewardId,
                  redeemed: true,
                  balance: result.balance,
                  message: `Redeemed: ${result.title}`,
                }
              : { ok: false, rewardId, code: result.code, message: result.message },
        )
      : await unclipReward({ customerId: viewer.customerId, rewardId, storeId }).then((result) => ({
          ok: true as const,
          rewardId,
          redeemed: false,
          balance: result.balance,
          message: result.removed ? 'Reward removed; your points are back.' : 'That reward was not redeemed.',
        }));
  if (script) return json(answer, { status: answer.ok ? 200 : 409, headers: shopper.headers });
  return redirect(
    backTo(returnTo, rewardId, answer.ok ? {} : { rewardError: answer.code, rewardFor: String(rewardId) }),
    { headers: shopper.headers },
  );
}

async function loaderHandler() {
  return redirect('/foru/rewards.html');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
