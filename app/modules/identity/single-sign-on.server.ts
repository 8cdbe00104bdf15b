import { isbot } from 'isbot';
import type { PageAccess } from '~/modules/access/page-access';
import type { Shopper } from '~/modules/access/shopper.server';
import { readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { startAuthorization } from './sign-in.server';

/**
 * Spec section 4, single sign-on: attempted once per browser session (sign-in count below 1), on
 * pages that do not escape it, for anyone not already signed in. The count becomes 1 before the
 * redirect to the provider (prompt=none); a provider session signs the shopper in silently, and
 * without one the shopper comes straight back as they were.
 */
export async function silentSignOn(
  request: Request,
  shopper: Shopper,
  access: PageAccess,
): Promise<{ redirectTo: string; setCookies: string[] } | null> {
  if (request.method !== 'GET' || access.escapeSSO || shopper.userType === 'C') return null;
  const url = new URL(request.url);
  if (url.searchParams.has('_data') || isbot(request.headers.get('user-agent') ?? '')) return null;
  const count = await readSignedCookie(request, 'signInCount', shopper.cookie.siteType, (value) =>
    typeof value === 'number' ? value : null,
  );
  if (count.status === 'ok' && count.value >= 1) return null;
  const start = await startAuthorization(request, shopper, {
    silent: true,
    goto: `${url.pathname}${url.search}`,
    remember: false,
  });
  // No Max-Age: the count lives as long as the browser session.
  const countCookie = await writeCookie('signInCount', 1, shopper.cookie, {});
  return { redirectTo: start.redirectTo, setCookies: [start.setCookie, countCookie] };
}
