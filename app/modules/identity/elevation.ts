/**
 * Page-safe rule for sensitive changes (passkeys, email, phone, password): the sign-in must be
 * elevated (the token's 'used_credentials' scope: credentials were presented, not a silent
 * single sign-on) and at most 10 minutes old (the token's auth_time, which a refresh keeps).
 */
export const ELEVATION_WINDOW_MS = 10 * 60_000;
/** Clocks of the identity provider and the storefront may differ a little. */
const CLOCK_SKEW_MS = 60_000;

export const CONFIRM_PASSWORD_PATH = '/account/confirm-password.html';

export function isRecentElevatedSignIn(
  input: { elevated: boolean; authTime?: number | null },
  now: Date = new Date(),
): boolean {
  if (!input.elevated || !input.authTime) return false;
  const age = now.getTime() - input.authTime * 1000;
  return age >= -CLOCK_SKEW_MS && age <= ELEVATION_WINDOW_MS;
}

/** Milliseconds the elevated sign-in still lasts (0 when it is not elevated or has lapsed). */
export function elevationRemainingMs(input: { elevated: boolean; authTime?: number | null }, now = new Date()): number {
  if (!isRecentElevatedSignIn(input, now)) return 0;
  return Math.max(0, input.authTime! * 1000 + ELEVATION_WINDOW_MS - now.getTime());
}

export function confirmPasswordUrl(goto: string): string {
  return `${CONFIRM_PASSWORD_PATH}?goto=${encodeURIComponent(goto)}`;
}
