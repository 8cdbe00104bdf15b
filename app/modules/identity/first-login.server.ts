import type { SiteType } from '~/modules/banners/hosts';
import {
  clearCookie,
  readSignedCookie,
  writeCookie,
  type CookieContext,
} from '~/modules/session/session-cookie.server';
import { ONBOARDING_EVENTS, type OnboardingEvent } from './first-login-events';

/**
 * Spec section 4, "other": the first-time-login flag comes from the re-init cookie, and the
 * onboarding event cookie drives an onboarding modal and is then deleted. Registration sets both;
 * the first order sets the receipts event where the flag isReceiptsOnboardEventEnabled is on.
 */

const FIRST_LOGIN_SECONDS = 24 * 3600;

export async function readReinit(request: Request, siteType: SiteType): Promise<boolean> {
  const read = await readSignedCookie(request, 'reinit', siteType, (value) => (value === 1 ? 1 : null));
  return read.status === 'ok';
}

async function readOnboardingEvent(request: Request, siteType: SiteType): Promise<OnboardingEvent | null> {
  const read = await readSignedCookie(request, 'onboarding', siteType, (value) =>
    (ONBOARDING_EVENTS as readonly unknown[]).includes(value) ? (value as OnboardingEvent) : null,
  );
  return read.status === 'ok' ? read.value : null;
}

/** Cookies for a brand-new account: re-init (first login) and the account-created onboarding event. */
export async function firstLoginCookies(context: CookieContext): Promise<string[]> {
  return [
    await writeCookie('reinit', 1, context, { maxAgeSeconds: FIRST_LOGIN_SECONDS }),
    await writeCookie('onboarding', 'account-created', context, { maxAgeSeconds: FIRST_LOGIN_SECONDS }),
  ];
}

/**
 * The receipts onboarding event (flag isReceiptsOnboardEventEnabled): after a customer's first order, the next
 * page tells them where its receipt will be. Null when the flag is off or the order was not their first.
 */
export async function receiptsOnboardingCookie(
  context: CookieContext,
  input: { enabled: boolean; firstOrder: boolean },
): Promise<string | null> {
  if (!input.enabled || !input.firstOrder) return null;
  return writeCookie('onboarding', 'first-receipt', context, { maxAgeSeconds: FIRST_LOGIN_SECONDS });
}

/** A sign-up whose automatic sign-in did not happen leaves no first-login cookies behind (decision 0030). */
export async function clearFirstLoginCookies(context: CookieContext): Promise<string[]> {
  return [await clearCookie('reinit', context), await clearCookie('onboarding', context)];
}

/**
 * What the page shows a signed-in customer after their first sign-in: the first-time-login flag and
 * the onboarding event. Both cookies are consumed here, so the modal appears once.
 */
export async function takeFirstLogin(
  request: Request,
  context: CookieContext,
): Promise<{ firstTimeLogin: boolean; onboarding: OnboardingEvent | null; setCookies: string[] }> {
  const [firstTimeLogin, onboarding] = await Promise.all([
    readReinit(request, context.siteType),
    readOnboardingEvent(request, context.siteType),
  ]);
  const setCookies: string[] = [];
  if (firstTimeLogin) setCookies.push(await clearCookie('reinit', context));
  if (onboarding) setCookies.push(await clearCookie('onboarding', context));
  return { firstTimeLogin, onboarding, setCookies };
}
