import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { completeAuthorization } from '~/modules/identity/sign-in.server';
import { apiRoute } from '~/modules/http/api.server';

/** The identity provider's redirect back: exchange the code, verify the tokens, sign the shopper in. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const outcome = await completeAuthorization(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  return redirect(outcome.redirectTo, { headers });
}

export const loader = apiRoute(loaderHandler);
