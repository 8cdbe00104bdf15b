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
