import { z } from 'zod';
import type { Shopper } from '~/modules/access/shopper';
import type { FeatureFlags } from '~/modules/flags/feature-flags.server';
import { KEEP_ME_SIGNED_IN_LIFETIME_MS, lifetimeSeconds } from '~/modules/session/cookie-policy';
import {
  clearCookie,
  readSignedCookie,
  writeCookie,
  type CookieContext,
} from '~/modules/session/session-cookie.server';

/** Spec: the keep-me-signed-in cookie is 'true' (90 days), 'false', or 'Error' after a system-error logout. */
export const KMSI_VALUES = ['true', 'false', 'Error'] as const;
export type KeepMeSignedIn = (typeof KMSI_VALUES)[number];
const kmsiSchema = z.enum(KMSI_VALUES);

export async function readKeepMeSignedIn(request: Request, siteType: Shopper['host']['siteType']) {
  const read = await readSignedCookie(request, 'keepMeSignedIn', siteType, (value) => {
    const parsed = kmsiSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  return read.status === 'ok' ? read.value : null;
}

export function writeKeepMeSignedIn(value: KeepMeSignedIn, context: CookieContext): Promise<string> {
  return writeCookie(
    'keepMeSignedIn',
    value,
    context,
    value === 'true' ? { maxAgeSeconds: lifetimeSeconds(KEEP_ME_SIGNED_IN_LIFETIME_MS) } : {},
  );
}

/** Sign-in count 1 for the rest of the browser session: no silent sign-on straight back in. */
export function holdSignOn(context: CookieContext): Promise<string> {
  return writeCookie('signInCount', 1, context, {});
}

/**
 * Spec section 4: the sign-in error page, or a URL hash containing 'error', resets the
 * keep-me-signed-in user: the storefront forgets the customer and does not sign them in silently.
 */
export async function resetKeepMeSignedInUser(context: CookieContext): Promise<string[]> {
  return [await clearCookie('user', context), await clearCookie('keepMeSignedIn', context), await holdSignOn(context)];
}

/**
 * Whether a sign-in keeps the customer signed in (90 days here and at the provider): only when they asked and
 * the site offers it (flag enableACIKMSI). With the flag off every sign-in lasts the browser session.
 */
export function keepsSignedIn(flags: Pick<FeatureFlags, 'enableACIKMSI'>, asked: boolean): boolean {
  return asked && flags.enableACIKMSI;
}

export type KeepMeSignedInChange =
  | { ok: true; keepMeSignedIn: boolean; setCookie: string }
  | { ok: false; status: 401 | 403; code: 'SIGN_IN_REQUIRED' | 'KMSI_NOT_OFFERED'; message: string };

export const KMSI_REFUSALS = {
  SIGN_IN_REQUIRED: 'Sign in to choose whether this browser keeps you signed in.',
  KMSI_NOT_OFFERED: 'Keeping you signed in is not offered on this site.',
} as const;

/**
 * Spec section 7, the customer-session kmsi and nonkmsi calls: a signed-in customer turns keep-me-signed-in on or
 * off for this browser, as the sign-in form's box would have (decision 0100). On (90 days): when the token lapses,
 * even pages that escape single sign-on sign them in silently while the provider's session lives. Off: those pages
 * leave them registered (R) at once. Only a signed-in customer (C) may; "on" needs the site to offer it.
 */
export async function changeKeepMeSignedIn(
  shopper: Pick<Shopper, 'userType' | 'flags' | 'cookie'>,
  keep: boolean,
): Promise<KeepMeSignedInChange> {
  if (shopper.userType !== 'C')
    return { ok: false, status: 401, code: 'SIGN_IN_REQUIRED', message: KMSI_REFUSALS.SIGN_IN_REQUIRED };
  if (keep && !keepsSignedIn(shopper.flags, true))
    return { ok: false, status: 403, code: 'KMSI_NOT_OFFERED', message: KMSI_REFUSALS.KMSI_NOT_OFFERED };
  return {
    ok: true,
    keepMeSignedIn: keep,
    setCookie: await writeKeepMeSignedIn(keep ? 'true' : 'false', shopper.cookie),
  };
}
