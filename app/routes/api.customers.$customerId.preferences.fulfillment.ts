import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { apiError, readJsonBody } from '~/modules/http/api.server';
import {
  answer,
  authorizeRead,
  callResponse,
  geoPreferencesCall,
  shopperToken,
} from '~/modules/profile/customer-calls.server';
import { asGeoPreferences, fulfillmentPreferences } from '~/modules/profile/profile-service.server';

/** Customer service preferences/fulfillment: the customer's fulfilment preferences per banner (owner only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const auth = await authorizeRead(request, shopper, params.customerId);
  if (!auth.ok) return callResponse(auth.answer, shopper.headers);
  const byBanner = await fulfillmentPreferences(auth.customerId);
  return callResponse(
    answer(200, { customerId: String(auth.customerId), preferences: asGeoPreferences(byBanner), byBanner }),
    shopper.headers,
  );
}

/** Geo flow: the session update posts the preferences payload (preferenceDefId, value, banner) here. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return apiError(405, 'METHOD_NOT_ALLOWED', 'Use POST to update preferences.');
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, z.unknown());
  const result = await geoPreferencesCall({
    token: await shopperToken(request, shopper),
    customerId: params.customerId,
    body,
  });
  return callResponse(result, shopper.headers);
}
