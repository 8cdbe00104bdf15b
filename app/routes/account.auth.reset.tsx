import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { assertSameOrigin, refuseLargeBody } from '~/modules/http/forms.server';
import { resetKeepMeSignedInUser } from '~/modules/identity/keep-me-signed-in.server';
import { apiRoute } from '~/modules/http/api.server';

/**
 * Spec section 4: a URL hash containing 'error' resets the keep-me-signed-in user. The hash never
 * reaches the server, so the page's script posts here when it sees one.
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  refuseLargeBody(request);
  const shopper = await loadShopper(request);
  const headers = new Headers(shopper.headers);
  for (const cookie of await resetKeepMeSignedInUser(shopper.cookie)) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  return json({ reset: true }, { headers });
}

async function loaderHandler() {
  return redirect('/');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
