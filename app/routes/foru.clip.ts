import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH } from '~/components/page-essentials';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { editTarget, safeRedirect } from '~/modules/access/safe-redirect';
import { apiRoute } from '~/modules/http/api.server';
import { wantsScriptAnswer } from '~/modules/http/script-answer';
import { parseForm } from '~/modules/http/forms.server';
import { clipOffer, unclipOffer } from '~/modules/offers/clips.server';
import { clipFormSchema, offerAnchor, type ClipAnswer } from '~/modules/offers/clip-form';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { rememberPendingClip } from '~/modules/offers/pending-clip.server';

/** The clip and unclip action behind every offer card; anyone may post, only C clips. */
const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });

function backTo(returnTo: string, offerId: number, extra: Record<string, string> = {}) {
  return editTarget(returnTo, (url) => {
    for (const key of ['clipError', 'clipOffer']) url.searchParams.delete(key);
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
    url.hash = offerAnchor(offerId);
  });
}

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, clipFormSchema);
  const script = wantsScriptAnswer(form.values);
  if (!form.ok) {
    const answer: ClipAnswer = { ok: false, offerId: null, code: 'BAD_FORM', message: form.message };
    return json(answer, { status: 400, headers: shopper.headers });
  }
  const { intent, offerId } = form.data;
  const returnTo = safeRedirect(form.data.returnTo ?? '/foru/coupons-deals.html', redirectPolicy());
  const viewer = await offerViewer(request, shopper);
  const headers = new Headers(shopper.headers);

  if (viewer.customerId === null) {
    // Only signed-in customers clip: sign in first, then the clip is completed on the way back.
    if (intent === 'clip') headers.append('Set-Cookie', await rememberPendingClip(offerId, shopper));
    const goto = backTo(returnTo, offerId);
    return redirect(`${SIGN_IN_PATH}?goto=${encodeURIComponent(goto)}`, { headers });
  }

  const customer = { ...viewer, customerId: viewer.customerId };
  const answer: ClipAnswer =
    intent === 'clip'
      ? await clipOffer(customer, offerId).then((result) =>
          result.ok
            ? { ok: true, offerId, clipped: true, message: `Clipped: ${result.title}` }
            : { ok: false, offerId, code: result.code, message: result.message },
        )
      : await unclipOffer(viewer.customerId, offerId).then(() => ({
          ok: true as const,
          offerId,
          clipped: false,
          message: 'Removed from your list.',
        }));
  if (script) return json(answer, { status: answer.ok ? 200 : 409, headers });
  return redirect(backTo(returnTo, offerId, answer.ok ? {} : { clipError: answer.code, clipOffer: String(offerId) }), {
    headers,
  });
});

async function loaderHandler() {
  return redirect('/foru/coupons-deals.html');
}

export const loader = apiRoute(loaderHandler);
