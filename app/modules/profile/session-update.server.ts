import type { Shopper } from '~/modules/access/shopper.server';
import { readKeepMeSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { callerToken } from '~/modules/access/customer-caller.server';
import { inProcessTransport } from './customer-calls.server';
import type { StoreChoiceForProfile } from './profile-payload';
import { updateProfile, type ProfileUpdateResult } from './profile-update-client';

/** Spec section 6: only registered customers (R and C) update a profile; guests change cookies only. */
export function updatesProfile(shopper: Shopper): boolean {
  return shopper.userType === 'R' || shopper.userType === 'C';
}

/**
 * Spec section 4, session update for a registered customer: post the store and fulfilment choice
 * to the customer's profile (the geo-flow payload when enableGeoFlow is on) with their own bearer
 * token, and read the answer the spec's way. The caller refreshes the cookies only on success.
 */
export async function postProfileUpdate(
  request: Request,
  shopper: Shopper,
  choice: StoreChoiceForProfile,
  returnTo: string,
): Promise<ProfileUpdateResult> {
  const [keepMeSignedIn, token] = await Promise.all([
    readKeepMeSignedIn(request, shopper.cookie.siteType),
    callerToken(request, shopper),
  ]);
  return updateProfile(
    { customerId: shopper.customer?.customerId ?? null, choice, geoFlow: shopper.flags.enableGeoFlow },
    { keepMeSignedIn, returnTo },
    inProcessTransport(token),
  );
}
