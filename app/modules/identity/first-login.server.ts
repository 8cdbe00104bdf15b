import type { SiteType } from '~/modules/banners/hosts';
import {
  clearCookie,
  readSignedCookie,
  writeCookie,
  type CookieContext,
} from '~/modules/session/session-cookie.server';

/**
 * Spec section 4, "other": the first-time-login flag comes from the re-init cookie, and the
 * onboarding event cookie drives an onboarding modal and is then deleted. Registration sets both.
 */
export const ONBOARDING_EVENTS = ['account-created'] as const;
export type OnboardingEvent = (typeof ONBOARDING_EVENTS)[number];

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

/** Cookies for a brand-new account: re-init (first login) and, when the flag allows, the onboarding event. */
export async function firstLoginCookies(context: CookieContext, onboardingEnabled: boolean): Promise<string[]> {
  const cookies = [await writeCookie('reinit', 1, context, { maxAgeSeconds: FIRST_LOGIN_SECONDS })];
  if (onboardingEnabled) {
    cookies.push(await writeCookie('onboarding', 'account-created', context, { maxAgeSeconds: FIRST_LOGIN_SECONDS }));
  }
  return cookies;
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
