import type { SiteType } from '~/modules/banners/hosts';
import type { UserType } from './session-schema';

/** Spec section 9 lifetimes, in milliseconds as the spec states them. */
export const GUEST_SESSION_LIFETIME_MS = 86_400_000; // 1 day
export const SESSION_COOKIE_LIFETIME_MS = 2_700_000; // 45 minutes
export const GEO_ADDRESS_COOKIE_LIFETIME_MS = 2_700_000; // 45 minutes
export const VISITOR_ID_LIFETIME_MS = 7_776_000_000; // 90 days
export const KEEP_ME_SIGNED_IN_LIFETIME_MS = 90 * 86_400_000; // 90 days

/**
 * The identity provider's session maxAge, in seconds. idp/provider.ts configures its session and its long
 * cookie with it, and spec section 9 gives the syndicated cookie and the signed-in session cookie (the active
 * session user's cookie, when kept) this lifetime too: one number, so the three cannot drift apart.
 */
export const IDENTITY_SESSION_MAX_AGE_S = 7_776_000; // 90 days
/** Spec section 9: the syndicated user cookie lives as long as the identity provider's session. */
export const SYNDICATED_COOKIE_LIFETIME_S = IDENTITY_SESSION_MAX_AGE_S;
/** Spec section 9: the signed-in session (the active session user's cookie) lives as long as the provider's. */
export const SIGNED_IN_SESSION_LIFETIME_S = IDENTITY_SESSION_MAX_AGE_S;

/**
 * The four session cookies (spec: "the session cookie name list has 4 entries").
 * Business-site cookies carry the B_ prefix.
 */
export const SESSION_COOKIE_NAMES = {
  session: 'PANTRY_SESSION',
  user: 'PANTRY_USER',
  visitorId: 'PANTRY_VISITOR_ID',
  sessionId: 'PANTRY_SESSION_ID',
} as const;
export type SessionCookieKind = keyof typeof SESSION_COOKIE_NAMES;

export function cookieName(kind: SessionCookieKind, siteType: SiteType): string {
  const base = SESSION_COOKIE_NAMES[kind];
  return siteType === 'B' ? `B_${base}` : base;
}

/** Guests keep their store choice for a day; a registered customer's session cookie lasts 45 minutes. */
export function sessionLifetimeMs(userType: UserType): number {
  return userType === 'A' || userType === 'G' ? GUEST_SESSION_LIFETIME_MS : SESSION_COOKIE_LIFETIME_MS;
}

export function lifetimeSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Cookies beyond the four session cookies; also B_-prefixed on the business site. */
export const AUXILIARY_COOKIE_NAMES = {
  previousStore: 'PANTRY_PREVIOUS_STORE',
  deliveryCheck: 'PANTRY_DELIVERY_CHECK',
  consent: 'PANTRY_CONSENT',
  geoAddress: 'PANTRY_GEO_ADDRESS',
  authTransaction: 'PANTRY_AUTH_TX',
  /** Spec section 4: 1 from the redirect to silent sign-on until its answer is handled, then 0 (cleared). */
  signInCount: 'PANTRY_SIGNIN_COUNT',
  /** The provider answered a silent sign-on with no session (login_required): not tried again this browser session. */
  ssoDeclined: 'PANTRY_SSO_DECLINED',
  setPassword: 'PANTRY_SETPASSWORD',
  /** Spec: the keep-me-signed-in cookie ('true', 'false', or 'Error' after a system-error logout). */
  keepMeSignedIn: 'PANTRY_KMSI',
  /** The first-time-login flag comes from this re-init cookie (set by registration). */
  reinit: 'PANTRY_REINIT',
  /** Drives the onboarding modal once, then is deleted. */
  onboarding: 'PANTRY_ONBOARDING_EVENT',
  /** Assistant sign-in parameters, kept until the sign-in completes. */
  assistant: 'PANTRY_ASSISTANT',
  /** A service provider's SAML sign-in request, kept until the shopper is signed in (decision 0096). */
  samlRequest: 'PANTRY_SAML_REQUEST',
  /** Spec section 3: the edit-order cookies, present while a pending order is being edited. */
  slotInfo: 'SlotInfo',
  orderStoreId: 'OrderStoreId',
  /** The guest cart's id (spec: cart id, guestCartId); retired once merged into a customer's cart. */
  guestCart: 'PANTRY_CART_ID',
  /** A guest's one shopping list (its random key); merged into the household's Favorites at sign-in. */
  guestList: 'PANTRY_LIST_ID',
  /** Spec section 3: the order number cookie, set while an order is pending (B_ prefixed on business). */
  orderNumber: 'PANTRY_ORDER_NUMBER',
  /** A clip asked for before signing in, completed once the customer is back. */
  pendingClip: 'PANTRY_PENDING_CLIP',
  /** The ZIP code shipping estimates use when the shopper typed one (else the session's zipcode). */
  shipZip: 'PANTRY_SHIP_ZIP',
  /** The health area's own session, set when it consumes a one-time handshake token. */
  healthSession: 'PANTRY_HEALTH_SESSION',
  /**
   * Spec section 3: the syndicated user cookie (storeId, storeZip, storeAddress, preference, xDTags). The only
   * cookie that is neither signed nor HttpOnly: the company's other sites read it (decision 0087).
   */
  syndicatedUser: 'PANTRY_SYND_USER',
  /** With enableCookieRestructure off (decision 0103), the session's parts in cookies of their own. */
  sessionJ4U: 'PANTRY_SESSION_J4U',
  sessionShop: 'PANTRY_SESSION_SHOP',
  sessionOffbanner: 'PANTRY_SESSION_OFFBANNER',
  /** Spec section 6: the content-management mode (preview or author) a signed editor's link set (decision 0093). */
  contentMode: 'PANTRY_CONTENT_MODE',
  /** The language the shopper chose, 'en' or 'es' (decision 0116); a year, and in the profile when signed in. */
  language: 'PANTRY_LANG',
} as const;
export type AuxiliaryCookieKind = keyof typeof AUXILIARY_COOKIE_NAMES;

export function auxiliaryCookieName(kind: AuxiliaryCookieKind, siteType: SiteType): string {
  const base = AUXILIARY_COOKIE_NAMES[kind];
  return siteType === 'B' ? `B_${base}` : base;
}

/** A guest cart outlives the one-day guest session so a returning guest finds it (30 days). */
export const GUEST_CART_LIFETIME_MS = 30 * 86_400_000;
/** Spec section 9: the slot is held (and kept in local storage) for 7,200,000 ms. */
export const SLOT_HOLD_LIFETIME_MS = 7_200_000;
