import { isbot } from 'isbot';
import type { PageAccess } from '~/modules/access/page-access';
import type { Shopper } from '~/modules/access/shopper';
import { originOf } from '~/modules/http/request-origin';
import { isCrossSiteNavigation } from '~/modules/http/same-site-navigation';
import { storefrontTrustedOrigins } from '~/modules/http/security-headers.server';
import { readSignedCookie } from '~/modules/session/session-cookie.server';
import { readPreviousStore } from '~/modules/stores/guest-session.server';
import { holdSignOn, readKeepMeSignedIn } from './keep-me-signed-in.server';
import { readReinit } from './first-login.server';
import { shouldAttemptSignOn } from './sign-on-rules';
import { startAuthorization } from './sign-in.server';

/**
 * Silent sign-on never starts from a request another site started (login CSRF, decision 0062): that page
 * shows as a guest, and the next click inside the store, same-site, signs the shopper in.
 */
export function startedByAnotherSite(request: Request): boolean {
  return isCrossSiteNavigation(request.headers, [originOf(request), ...storefrontTrustedOrigins(request)]);
}

async function signInCount(request: Request, shopper: Shopper): Promise<number> {
  const count = await readSignedCookie(request, 'signInCount', shopper.cookie.siteType, (value) =>
    typeof value === 'number' ? value : null,
  );
  return count.status === 'ok' ? count.value : 0;
}

async function declinedSignOn(request: Request, shopper: Shopper): Promise<boolean> {
  const read = await readSignedCookie(request, 'ssoDeclined', shopper.cookie.siteType, (value) =>
    typeof value === 'string' ? value : null,
  );
  return read.status === 'ok';
}

/**
 * Spec section 4, single sign-on (rules in sign-on-rules.ts). The count becomes 1 before the
 * redirect to the provider (prompt=none) and goes back to 0 once its answer is handled
 * (completeAuthorization): a provider session signs the shopper in silently; without one the shopper
 * comes straight back as they were, and that answer is remembered for the browser session instead.
 */
export async function silentSignOn(
  request: Request,
  shopper: Shopper,
  access: PageAccess,
): Promise<{ redirectTo: string; setCookies: string[] } | null> {
  if (request.method !== 'GET' || shopper.userType === 'C') return null;
  const url = new URL(request.url);
  // Remix renders the page after a form POST by calling its loaders with a GET request that keeps the
  // POST's headers: a Content-Type marks that render, which must show the action's answer, not redirect.
  const background =
    url.searchParams.has('_data') ||
    request.headers.has('Content-Type') ||
    isbot(request.headers.get('user-agent') ?? '');
  if (background) return null;
  const [count, declined, keepMeSignedIn, reinit, previous] = await Promise.all([
    signInCount(request, shopper),
    declinedSignOn(request, shopper),
    readKeepMeSignedIn(request, shopper.cookie.siteType),
    readReinit(request, shopper.cookie.siteType),
    shopper.userType === 'A' ? readPreviousStore(request, shopper) : Promise.resolve(null),
  ]);
  const attempt = shouldAttemptSignOn({
    method: request.method,
    userType: shopper.userType,
    signInCount: count,
    declined,
    escapeSSO: access.escapeSSO,
    keepMeSignedIn,
    reinit,
    householdId: Boolean(previous?.hhid),
    background,
    bannerSwitch: shopper.flags.enableBannerSwitch,
  });
  // Only asked when an attempt is due: most page views never get this far.
  if (!attempt || startedByAnotherSite(request)) return null;
  return startSilentSignOn(request, shopper, `${url.pathname}${url.search}`, keepMeSignedIn === 'true');
}

/**
 * Starts a prompt=none authorization back to `goto`, holding the sign-in count at 1. A customer who
 * chose "keep me signed in" stays kept after the silent sign-in.
 */
export async function startSilentSignOn(request: Request, shopper: Shopper, goto: string, remember: boolean) {
  const start = await startAuthorization(request, shopper, { silent: true, goto, remember });
  return { redirectTo: start.redirectTo, setCookies: [start.setCookie, await holdSignOn(shopper.cookie)] };
}
