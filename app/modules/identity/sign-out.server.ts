import type { Shopper } from '~/modules/access/shopper';
import {
  clearCookie,
  clearSession,
  freshSessionId,
  readSignedCookie,
  writeCookie,
} from '~/modules/session/session-cookie.server';
import { applySessionUpdate } from '~/modules/session/session-schema';
import { writeKeepMeSignedIn } from './keep-me-signed-in.server';
import { endGrant } from './grants.server';
import { endSessionUrl, revokeToken } from './oidc-client.server';
import { originOf } from '~/modules/http/request-origin';
import { sessionCookies } from '~/modules/session/syndicated-cookie.server';
import { parseUserCookie } from './user-cookie.server';

const PREVIOUS_STORE_SECONDS = 90 * 24 * 3600;

/**
 * Why the customer is signed out: they asked, their session could not be renewed, a system error, or a
 * silent sign-in brought back a different account than the one signed in here.
 */
export const SIGN_OUT_REASONS = ['user', 'expired', 'system-error', 'other-account'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

/**
 * Spec section 4, sign-out: revoke the tokens, clear the storefront's user and order cookies, keep the store as
 * "previous store data" for the next guest visit, then end the provider session (RP-initiated logout).
 * The keep-me-signed-in cookie is set to Error on a system-error logout, and removed otherwise.
 */
export async function signOut(
  request: Request,
  shopper: Shopper,
  reason: SignOutReason = 'user',
): Promise<{ redirectTo: string; setCookies: string[] }> {
  const user = await readSignedCookie(request, 'user', shopper.cookie.siteType, parseUserCookie);
  if (user.status === 'ok' && user.value.refreshToken) await revokeToken(user.value.refreshToken);
  // The grant ends in the shared database too, so every process refuses the old access token at once
  // (also when there was no refresh token to revoke, as after a silent single sign-on).
  if (shopper.customer?.gid) await endGrant(shopper.customer.gid);
  const setCookies = [
    await clearCookie('user', shopper.cookie),
    await freshSessionId(shopper.cookie),
    await clearCookie('signInCount', shopper.cookie),
    await clearCookie('reinit', shopper.cookie),
    await clearCookie('onboarding', shopper.cookie),
    // Spec section 4: the order cookies go too (the pending order's number, and edit-order mode).
    await clearCookie('orderNumber', shopper.cookie),
    await clearCookie('slotInfo', shopper.cookie),
    await clearCookie('orderStoreId', shopper.cookie),
    reason === 'system-error'
      ? await writeKeepMeSignedIn('Error', shopper.cookie)
      : await clearCookie('keepMeSignedIn', shopper.cookie),
  ];
  const common = shopper.session?.info.COMMON;
  if (common?.storeId && common.preference && common.zipcode) {
    setCookies.push(
      await writeCookie(
        'previousStore',
        {
          storeId: common.storeId,
          preference: common.preference,
          zipcode: common.zipcode,
          ...(shopper.customer?.hhid ? { hhid: shopper.customer.hhid } : {}),
        },
        shopper.cookie,
        { maxAgeSeconds: PREVIOUS_STORE_SECONDS },
      ),
    );
    const guest = applySessionUpdate(shopper.session, { info: { COMMON: { userType: 'G' } } });
    if (guest.ok) setCookies.push(...(await sessionCookies(guest.session, shopper.cookie, shopper.url.host)));
  } else {
    setCookies.push(...(await clearSession(shopper.cookie)));
  }
  return { redirectTo: endSessionUrl({ origin: originOf(request), reason, language: shopper.language }), setCookies };
}
