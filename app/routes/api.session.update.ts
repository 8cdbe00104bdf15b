import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { methodNotAllowed, readJsonBody } from '~/modules/http/api.server';
import { applyStoreChoiceFields } from '~/modules/stores/store-choice-flow.server';
import { storeChoiceSchema } from '~/modules/stores/store-choice-schema';
import { apiRoute } from '~/modules/http/api.server';

const Body = storeChoiceSchema.extend({
  /** The page the script runs on: where a reload goes and where sign-in brings the customer back. */
  returnTo: z.string().max(2048).optional(),
});

/**
 * Spec section 4, session update, for page scripts: guests get cookies only; registered customers
 * get the profile update first and the spec's answers — success with 'We have Successfully updated
 * your profile', 'CustomerId is not Available to Update Profile', a redirect to sign-in (keep me signed
 * in) or a reload on 401/403, and success false with the status text otherwise.
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to update the session.');
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, Body);
  const returnTo = safeRedirect(body.returnTo ?? '/', { ...redirectPolicy(), defaultUrl: '/' });
  const outcome = await applyStoreChoiceFields(request, shopper, body, returnTo);
  const headers = new Headers(shopper.headers);
  headers.set('Cache-Control', 'no-store');
  const profile = outcome.profile;
  if (profile && !profile.success && profile.action === 'redirect') {
    return json({ success: false, redirectTo: profile.redirectTo }, { headers });
  }
  if (profile && !profile.success && profile.action === 'reload') {
    return json({ success: false, reload: true }, { headers });
  }
  if (!outcome.ok) {
    return json({ success: false, code: 'SESSION_UPDATE_FAILED', message: outcome.message }, { status: 400, headers });
  }
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return json(
    { success: true, message: profile?.success ? profile.message : null, redirectTo: outcome.redirectTo },
    { headers },
  );
}

function loaderHandler(_args: LoaderFunctionArgs) {
  return methodNotAllowed('POST', 'Use POST to update the session.');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
