import { editTarget } from '~/modules/access/safe-redirect';

/** After a password change or reset, which ends the account's sessions on every other device (decision 0064). */
export const OTHER_DEVICES_SIGNED_OUT = 'You were signed out on your other devices.';

/** Spec section 4: the notices after an automatic sign-in, shown once the page reloads. */
export const SIGN_IN_NOTICES = {
  'account-created': 'Account successfully created! You are now signed in.',
  'password-updated': `Password successfully updated! ${OTHER_DEVICES_SIGNED_OUT}`,
  // Spec section 8: a registered customer's session update (store or fulfilment) saved to the profile.
  'profile-updated': 'We have Successfully updated your profile',
} as const;
export type SignInNotice = keyof typeof SIGN_IN_NOTICES;

/**
 * Where a sign-up whose automatic sign-in did not happen lands (decision 0030). Not in a .server module: the
 * page renders it in the browser too (a .server import is empty there, and hydration would blank the notice).
 */
export const SIGN_UP_CHECK_EMAIL_MESSAGE =
  'We could not sign you in automatically. We sent a message to the email address you entered: it says what to do next.';

export function noticeFor(value: string | null): string | null {
  return value && value in SIGN_IN_NOTICES ? SIGN_IN_NOTICES[value as SignInNotice] : null;
}

/** Adds ?notice=… to a safe target (a path, or a trusted absolute URL), keeping its other parameters. */
export function withNotice(target: string, notice: SignInNotice): string {
  return editTarget(target, (url) => url.searchParams.set('notice', notice));
}
