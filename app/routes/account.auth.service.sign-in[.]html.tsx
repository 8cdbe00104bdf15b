import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { clearCookie } from '~/modules/session/session-cookie.server';

/** The authentication service page: entering it clears the session cookie, then sign-in starts afresh. */
export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const goto = safeRedirect(new URL(request.url).searchParams.get('goto') ?? '/', redirectPolicy());
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await clearCookie('session', shopper.cookie));
  headers.append('Set-Cookie', await clearCookie('user', shopper.cookie));
  return redirect(`/account/sign-in.html?goto=${encodeURIComponent(goto)}`, { headers });
}
