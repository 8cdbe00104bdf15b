import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE, CART_PAGE, type CartAnswer } from '~/components/page-essentials';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { editTarget, safeRedirect } from '~/modules/access/safe-redirect';
import { runCartIntent } from '~/modules/cart/cart-actions.server';
import { cartFormSchema } from '~/modules/cart/cart-form-schema';
import { apiRoute } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { wantsScriptAnswer } from '~/modules/http/script-answer';
import { markStateVersionsHandled } from '~/modules/http/handled-state-versions';

/** POST /shop/cart: the one cart action (intent add, update, remove, substitution, note). Anyone may post. */
const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });

function backTo(returnTo: string | undefined, extra: Record<string, string>) {
  return editTarget(safeRedirect(returnTo ?? CART_PAGE, redirectPolicy()), (url) => {
    for (const key of ['cartError', 'cartMessage']) url.searchParams.delete(key);
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  });
}

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const shopper = await requireUserType(request, access);
  const headers = new Headers(shopper.headers);
  const form = await parseForm(request, cartFormSchema);
  const script = wantsScriptAnswer(form.values);
  if (!form.ok) {
    const answer: CartAnswer = { ok: false, code: 'BAD_FORM', message: form.message, productId: null };
    if (script) return json(answer, { status: 400, headers });
    return redirect(backTo(CART_PAGE, { cartError: 'BAD_FORM' }), { headers });
  }
  const { answer, setCookies, stateNoted } = await runCartIntent(request, shopper, form.data);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  markStateVersionsHandled(headers, stateNoted);
  if (script) return json(answer, { status: answer.ok ? 200 : 409, headers });
  const extra: Record<string, string> = answer.ok ? { cartMessage: answer.intent } : { cartError: answer.code };
  return redirect(backTo(form.data.returnTo, extra), { headers });
});

async function loaderHandler() {
  return redirect(CART_PAGE);
}

export const loader = apiRoute(loaderHandler);
