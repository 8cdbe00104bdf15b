import { SIGN_IN_PATH } from '~/modules/access/page-access';
import {
  buildGeoPayload,
  buildStoresPayload,
  geoPreferencesPath,
  storesUpdatePath,
  type StoreChoiceForProfile,
} from './profile-payload';

/** Spec sections 5 and 8: what a profile update answers. */
export const PROFILE_UPDATE_MESSAGES = {
  success: 'We have Successfully updated your profile',
  noCustomerId: 'CustomerId is not Available to Update Profile',
} as const;

export type ProfileUpdateResult =
  | { success: true; message: typeof PROFILE_UPDATE_MESSAGES.success }
  | { success: false; action: 'message'; message: string }
  | { success: false; action: 'redirect'; redirectTo: string }
  | { success: false; action: 'reload' };

/** What the customer service answered; a transport failure counts as a response without a status. */
export interface ServiceResponse {
  status: number;
  statusText: string;
}

export type ProfileTransport = (call: { method: 'POST'; path: string; body: unknown }) => Promise<ServiceResponse>;

export interface ProfileUpdateContext {
  /** The keep-me-signed-in cookie's value ('true', 'false', 'Error') or null when absent. */
  keepMeSignedIn: string | null;
  /** The page to come back to: the sign-in goto, or the page to reload. */
  returnTo: string;
}

/** The sign-in page with the return address, as page enforcement builds it. */
export function signInWithGoto(returnTo: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ goto: returnTo }).toString()}`;
}

/**
 * Spec section 8: 2xx is success; 401 or 403 sends the customer to sign in (and back) when the
 * keep-me-signed-in cookie is 'true', otherwise reloads the page; anything else fails with the status text.
 */
export function interpretProfileUpdateResponse(
  response: ServiceResponse,
  context: ProfileUpdateContext,
): ProfileUpdateResult {
  if (response.status >= 200 && response.status < 300) {
    return { success: true, message: PROFILE_UPDATE_MESSAGES.success };
  }
  if (response.status === 401 || response.status === 403) {
    return context.keepMeSignedIn === 'true'
      ? { success: false, action: 'redirect', redirectTo: signInWithGoto(context.returnTo) }
      : { success: false, action: 'reload' };
  }
  return { success: false, action: 'message', message: response.statusText || `HTTP error ${response.status}` };
}

/**
 * Spec section 4, session update for a registered customer: builds the classic payload (or the
 * geo-flow one), posts it to the customer's profile, and reads the answer. Without a customer id
 * nothing is sent.
 */
export async function updateProfile(
  input: { customerId: string | null | undefined; choice: StoreChoiceForProfile; geoFlow: boolean },
  context: ProfileUpdateContext,
  transport: ProfileTransport,
): Promise<ProfileUpdateResult> {
  const customerId = input.customerId?.trim();
  if (!customerId) return { success: false, action: 'message', message: PROFILE_UPDATE_MESSAGES.noCustomerId };
  const call = input.geoFlow
    ? { method: 'POST' as const, path: geoPreferencesPath(customerId), body: buildGeoPayload(input.choice) }
    : { method: 'POST' as const, path: storesUpdatePath(customerId), body: buildStoresPayload(input.choice) };
  let response: ServiceResponse;
  try {
    response = await transport(call);
  } catch {
    response = { status: 0, statusText: 'The profile service could not be reached' };
  }
  return interpretProfileUpdateResponse(response, context);
}
