import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { resetTokenIsUsable } from '~/modules/identity/password-reset.server';
import { writeCookie } from '~/modules/session/session-cookie.server';
import { apiRoute } from '~/modules/http/api.server';

const SET_PASSWORD_SECONDS = 15 * 60;

/**
 * The emailed reset link: a usable token becomes the one-time set-password cookie, so the token
 * leaves the address bar and /account/setpassword.html can check for the cookie.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!(await resetTokenIsUsable(token))) return redirect('/account/forgot-password.html?expired=1');
  const headers = new Headers(shopper.headers);
  headers.append(
    'Set-Cookie',
    await writeCookie('setPassword', { token }, shopper.cookie, { maxAgeSeconds: SET_PASSWORD_SECONDS }),
  );
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
  return redirect('/account/setpassword.html', { headers });
}

export const loader = apiRoute(loaderHandler);
