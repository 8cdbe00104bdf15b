/** Spec section 4: the notices after an automatic sign-in, shown once the page reloads. */
export const SIGN_IN_NOTICES = {
  'account-created': 'Account successfully created! You are now signed in.',
  'password-updated': 'Password successfully updated!',
  // Spec section 8: a registered customer's session update (store or fulfilment) saved to the profile.
  'profile-updated': 'We have Successfully updated your profile',
} as const;
export type SignInNotice = keyof typeof SIGN_IN_NOTICES;

export function noticeFor(value: string | null): string | null {
  return value && value in SIGN_IN_NOTICES ? SIGN_IN_NOTICES[value as SignInNotice] : null;
}

/** Adds ?notice=… to a same-site path, keeping its other parameters. */
export function withNotice(path: string, notice: SignInNotice): string {
  const url = new URL(path, 'http://relative.invalid');
  url.searchParams.set('notice', notice);
  return url.pathname + url.search + url.hash;
}
