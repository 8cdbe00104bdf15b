import { redirect } from '@remix-run/node';
import type { Shopper } from '~/modules/access/shopper.server';
import { redirectPolicy } from '~/modules/access/redirect-policy.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { clientKey } from '~/modules/http/client-key.server';
import { readSignedCookie } from '~/modules/session/session-cookie.server';
import { authenticateWithPassword, authnRefusalIn } from './authn.server';
import { customerById } from './customers.server';
import { confirmPasswordUrl, elevationRemainingMs, isRecentElevatedSignIn } from './elevation';
import { startAuthorization } from './sign-in.server';
import { parseUserCookie } from './user-cookie.server';

/** Whether this signed-in customer may make a sensitive change now. */
export function hasRecentSignIn(shopper: Shopper, now = new Date()): boolean {
  return (
    shopper.userType === 'C' &&
    isRecentElevatedSignIn({ elevated: shopper.elevated, authTime: shopper.customer?.auth_time }, now)
  );
}

export function recentSignInRemainingMs(shopper: Shopper, now = new Date()): number {
  if (shopper.userType !== 'C') return 0;
  return elevationRemainingMs({ elevated: shopper.elevated, authTime: shopper.customer?.auth_time }, now);
}

/** For a page action: throws the redirect to the confirm-password step, which comes back to `goto`. */
export function requireRecentSignIn(shopper: Shopper, goto: string) {
  if (hasRecentSignIn(shopper)) return;
  throw redirect(confirmPasswordUrl(safeRedirect(goto, redirectPolicy())), { headers: shopper.headers });
}

export type ConfirmPasswordOutcome =
  { ok: true; redirectTo: string; setCookies: string[] } | { ok: false; status: 401 | 429; message: string };

/**
 * The confirm-password step: the password is checked exactly like a sign-in (same rate limits per
 * account and per client), then the customer signs in again through the identity provider with the
 * resulting sessionToken, so the new token carries 'used_credentials' and a fresh auth_time.
 * Keep-me-signed-in stays what it was.
 */
export async function confirmPassword(
  request: Request,
  shopper: Shopper,
  input: { password: string; goto: string },
): Promise<ConfirmPasswordOutcome> {
  const customer = await customerById(Number(shopper.customer?.customerId));
  if (!customer) return { ok: false, status: 401, message: 'Please sign in again.' };
  const user = await readSignedCookie(request, 'user', shopper.cookie.siteType, parseUserCookie);
  const remember = user.status === 'ok' && user.value.remember === true;
  const result = await authenticateWithPassword({
    email: customer.email,
    password: input.password,
    remember,
    clientKey: clientKey(request, shopper.session?.info.COMMON.deviceId),
  });
  if (result.status === 'INVALID') {
    return { ok: false, status: 401, message: "That password isn't right. Please try again." };
  }
  if (result.status === 'LOCKED_OUT')
    return { ok: false, status: 429, message: authnRefusalIn(shopper.language, result) };
  const { redirectTo, setCookie } = await startAuthorization(request, shopper, {
    sessionToken: result.sessionToken,
    goto: input.goto,
    remember,
  });
  return { ok: true, redirectTo, setCookies: [setCookie] };
}
