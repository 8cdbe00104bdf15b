import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { apiError, readJsonBody } from '~/modules/http/api.server';
import { keepsSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { signInWithPasskey } from '~/modules/passkeys/passkey-sign-in-flow.server';
import { passkeySignInBody } from '~/modules/passkeys/passkey-sign-in-schema';
import { apiRoute } from '~/modules/http/api.server';

/** POST the browser's assertion; on success answer where the browser goes next (the provider's authorize). */
async function actionHandler({ request }: ActionFunctionArgs) {
  const body = await readJsonBody(request, passkeySignInBody);
  const shopper = await loadShopper(request);
  const outcome = await signInWithPasskey(request, shopper, {
    response: body.response,
    goto: safeRedirect(body.goto, redirectPolicy()),
    remember: keepsSignedIn(shopper.flags, body.remember),
  });
  if (!outcome.ok) return apiError(outcome.status, outcome.code, outcome.message);
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  return json({ redirectTo: outcome.redirectTo }, { headers });
}

export const action = apiRoute(actionHandler);
