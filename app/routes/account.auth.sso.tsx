import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { readKeepMeSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { startedByAnotherSite, startSilentSignOn } from '~/modules/identity/single-sign-on.server';
import { apiRoute } from '~/modules/http/api.server';

/**
 * Not from another site's page (login CSRF): such a request goes straight on to `goto`.
 * After "Stay signed in" renewed the provider session (lifecycle refresh ACTIVE or MFA_ENROLL), the
 * sign-in count starts again and the shopper is signed in silently (prompt=none), back to `goto`.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const goto = safeRedirect(new URL(request.url).searchParams.get('goto') ?? '/', redirectPolicy());
  if (shopper.userType === 'C' || startedByAnotherSite(request)) return redirect(goto, { headers: shopper.headers });
  const kept = (await readKeepMeSignedIn(request, shopper.cookie.siteType)) === 'true';
  const start = await startSilentSignOn(request, shopper, goto, kept);
  const headers = new Headers(shopper.headers);
  for (const cookie of start.setCookies) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  return redirect(start.redirectTo, { headers });
}

export const loader = apiRoute(loaderHandler);
