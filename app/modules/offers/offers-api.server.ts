import { loadShopper } from '~/modules/access/shopper.server';
import { apiError } from '~/modules/http/api.server';
import { offerViewer, type OfferViewer } from './offer-viewer.server';

/** Who calls an offers API, with the Set-Cookie headers a renewed token needs. */
export async function apiViewer(request: Request) {
  const shopper = await loadShopper(request);
  return { shopper, viewer: await offerViewer(request, shopper) };
}

/** Clipping, lists and points need a signed-in customer; anyone else gets a 401 with a stable code. */
export function requireCustomer(viewer: OfferViewer): OfferViewer & { customerId: number } {
  if (viewer.customerId === null) {
    throw apiError(401, 'SIGN_IN_REQUIRED', 'Sign in to clip offers and use your rewards.');
  }
  return { ...viewer, customerId: viewer.customerId };
}

/** HTTP status of a refused clip or redemption: a missing thing is 404, a rule that says no is 409. */
export const refusalStatus = (code: string) => (code.endsWith('NOT_FOUND') ? 404 : 409);
