import type { UserType } from '~/modules/session/session-schema';

export interface SignOnFacts {
  method: string;
  userType: UserType;
  /** The spec's sign-in count: 1 while a silent sign-on is under way (redirected, answer not yet handled). */
  signInCount: number;
  /** The provider already answered a silent sign-on in this browser session with no session of its own. */
  declined: boolean;
  escapeSSO: boolean;
  /** The keep-me-signed-in cookie's value. */
  keepMeSignedIn: 'true' | 'false' | 'Error' | null;
  /** The re-init (first-time login) flag. */
  reinit: boolean;
  /** A household id remembered for this browser (from the last sign-out). */
  householdId: boolean;
  /** A data request or a crawler: never bounced to the identity provider. */
  background: boolean;
  /** The banner-switch toggle (flag enableBannerSwitch): a guest may be signed in from another banner's session. */
  bannerSwitch: boolean;
}

/**
 * Spec section 4, single sign-on: attempted only while the sign-in count is below 1 and the provider has not
 * already said it holds no session for this browser (login_required, remembered for the browser session), and only when
 * SSO is not escaped by the page, or the keep-me-signed-in user has expired, or a re-init is
 * flagged, or an anonymous user has a household id, or (banner switch) the shopper is a guest: a customer
 * signed in on another banner's site arrives as a guest and is signed in here on any page, once.
 * A signed-in customer never needs it.
 */
export function shouldAttemptSignOn(facts: SignOnFacts): boolean {
  if (facts.method !== 'GET' || facts.background || facts.userType === 'C') return false;
  if (facts.signInCount >= 1 || facts.declined) return false;
  const keptUserExpired = facts.keepMeSignedIn === 'true' && facts.userType === 'R';
  const anonymousHousehold = facts.userType === 'A' && facts.householdId;
  const switchingGuest = facts.bannerSwitch && facts.userType === 'G';
  return !facts.escapeSSO || keptUserExpired || facts.reinit || anonymousHousehold || switchingGuest;
}
