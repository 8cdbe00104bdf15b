import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { parseForm } from '~/modules/http/forms.server';
import { CONSENT_CATEGORIES } from '~/modules/session/consent';
import { consentCookie } from '~/modules/session/consent.server';
import { apiRoute } from '~/modules/http/api.server';

const ConsentForm = z.object({
  choice: z.enum(['all', 'necessary', 'custom']),
  categories: z.union([z.string(), z.array(z.string())]).optional(),
  returnTo: z.string().max(2048).optional(),
});

/** POST /consent — the cookie banner's buttons; works as a plain form post without JavaScript. */
async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await loadShopper(request);
  const form = await parseForm(request, ConsentForm);
  if (!form.ok) throw new Response(form.message, { status: 400 });
  const picked = form.data.categories === undefined ? [] : [form.data.categories].flat();
  const categories =
    form.data.choice === 'all' ? Object.keys(CONSENT_CATEGORIES) : form.data.choice === 'necessary' ? [] : picked;
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await consentCookie(shopper, categories));
  return redirect(safeRedirect(form.data.returnTo ?? '/', redirectPolicy()), { headers });
}

async function loaderHandler() {
  return redirect('/');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
