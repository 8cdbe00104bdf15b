import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { methodNotAllowed, readJsonBody } from '~/modules/http/api.server';
import { answer, callResponse, geoPreferencesCall, PROFILE_CALLER } from '~/modules/profile/customer-calls.server';
import { asGeoPreferences, fulfillmentPreferences } from '~/modules/profile/profile-service.server';
import { apiRoute } from '~/modules/http/api.server';

/** Customer service preferences/fulfillment: the customer's fulfilment preferences per banner (owner only). */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  const byBanner = await fulfillmentPreferences(customerId);
  return callResponse(
    answer(200, { customerId: String(customerId), preferences: asGeoPreferences(byBanner), byBanner }),
    headers,
  );
}

/** Geo flow: the session update posts the preferences payload (preferenceDefId, value, banner) here. */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST', 'Use POST to update preferences.');
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PROFILE_CALLER);
  const body = await readJsonBody(request, z.unknown());
  return callResponse(await geoPreferencesCall(customerId, body), headers);
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
