import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { clearCookie, clearSession } from '~/modules/session/session-cookie.server';
import { apiRoute } from '~/modules/http/api.server';
import { isOwnNavigation } from '~/modules/http/same-site-navigation';
import { identityConfig } from '~/modules/config/env.server';
import { originOf } from '~/modules/http/request-origin';

/**
 * The authentication service page: entering it from our own pages (or the provider's) clears the session
 * cookie, then sign-in starts afresh. Another site's link only leads to sign-in: it cannot sign anyone out.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const goto = safeRedirect(new URL(request.url).searchParams.get('goto') ?? '/', redirectPolicy());
  const headers = new Headers(shopper.headers);
  if (isOwnNavigation(request.headers, [originOf(request), new URL(identityConfig().issuer).origin])) {
    for (const cleared of await clearSession(shopper.cookie)) headers.append('Set-Cookie', cleared);
    headers.append('Set-Cookie', await clearCookie('user', shopper.cookie));
  }
  return redirect(`/account/sign-in.html?goto=${encodeURIComponent(goto)}`, { headers });
}

export const loader = apiRoute(loaderHandler);
