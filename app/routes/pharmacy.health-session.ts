import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { assertSameOrigin, refuseLargeBody } from '~/modules/http/forms.server';
import { issueHandshake } from '~/modules/pharmacy/health-handshake.server';
import { HEALTH_HANDSHAKE_PATH, PHARMACY_CREATE_ACCOUNT_PATH, PHARMACY_PATH } from '~/modules/pharmacy/pharmacy-rules';
import { pharmacyProfile } from '~/modules/pharmacy/pharmacy.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7 "health session": a customer is handed to the health area with a one-time token. */
const access = pageAccess({
  allowedUserTypes: CUSTOMER_ONLY,
  redirections: { DEFAULT: `${SIGN_IN_PATH}?goto=${encodeURIComponent(PHARMACY_PATH)}` },
});

async function loaderHandler() {
  return redirect(PHARMACY_PATH);
}

async function actionHandler({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  refuseLargeBody(request);
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const profile = await pharmacyProfile(customerId);
  if (!profile)
    return redirect(`${PHARMACY_CREATE_ACCOUNT_PATH}?newPharmacyAccount=true`, { headers: shopper.headers });
  if (profile.missing.length > 0)
    return redirect(`${PHARMACY_CREATE_ACCOUNT_PATH}?progProfUser=true`, { headers: shopper.headers });
  const token = await issueHandshake(customerId);
  const headers = new Headers(shopper.headers);
  headers.set('Cache-Control', 'no-store');
  return redirect(`${HEALTH_HANDSHAKE_PATH}?token=${encodeURIComponent(token)}`, { status: 303, headers });
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
