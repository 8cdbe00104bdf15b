import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { parseForm } from '~/modules/http/forms.server';
import { signOut, SIGN_OUT_REASONS } from '~/modules/identity/sign-out.server';
import { apiRoute } from '~/modules/http/api.server';

const SignOutForm = z.object({ reason: z.enum(SIGN_OUT_REASONS).default('user') });

/** POST /account/sign-out — never a GET, so no link or image can sign a shopper out. */
async function actionHandler({ request }: ActionFunctionArgs) {
  const form = await parseForm(request, SignOutForm);
  const shopper = await loadShopper(request);
  const outcome = await signOut(request, shopper, form.ok ? form.data.reason : 'user');
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(outcome.redirectTo, { headers });
}

async function loaderHandler() {
  return redirect('/');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
