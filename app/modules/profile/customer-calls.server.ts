import { checkCustomerToken, CUSTOMER_NOT_FOUND, type CallerRules } from '~/modules/access/customer-caller.server';
import { log } from '~/modules/config/logger.server';
import { statusTextOf } from '~/modules/http/api.server';
import { geoPreferencesSchema, storesUpdateSchema } from './profile-payload';
import type { ProfileTransport, ServiceResponse } from './profile-update-client';
import { asGeoPreferences, saveGeoPreferences, saveStoresUpdate } from './profile-service.server';

/** What a customer-service call answers: the HTTP status, its text, and a JSON body. */
export interface CallAnswer extends ServiceResponse {
  body: unknown;
}

export function answer(status: number, body: unknown): CallAnswer {
  return { status, statusText: statusTextOf(status), body };
}
export function refusal(status: number, code: string, message: string): CallAnswer {
  return answer(status, { error: { code, message } });
}

/** Spec section 6: the profile service tells a lapsed token (401) from a low-scope one (403). */
export const PROFILE_CALLER: CallerRules = {
  signIn: { code: 'UNAUTHORIZED', message: 'Sign in to change your profile.' },
  expired: { code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' },
  lowScope: { code: 'FORBIDDEN', message: 'Please sign in again to change your profile.' },
  notFound: CUSTOMER_NOT_FOUND,
};

function badRequest(message: string | undefined) {
  return refusal(400, 'BAD_REQUEST', message ?? 'The request has a field we do not understand.');
}

/** Spec section 7: POST {profile path}/ucaservice/api/uca/customers/{customerId}/stores, for its customer. */
export async function storesUpdateCall(customerId: number, body: unknown): Promise<CallAnswer> {
  const parsed = storesUpdateSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message);
  const saved = await saveStoresUpdate(customerId, parsed.data);
  if (!saved.ok) return refusal(saved.status, saved.code, saved.message);
  return answer(200, { customerId: String(customerId), preferences: saved.preferences });
}

/** Geo flow: POST /api/customers/{customerId}/preferences/fulfillment, for its customer. */
export async function geoPreferencesCall(customerId: number, body: unknown): Promise<CallAnswer> {
  const parsed = geoPreferencesSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message);
  const saved = await saveGeoPreferences(customerId, parsed.data);
  if (!saved.ok) return refusal(saved.status, saved.code, saved.message);
  return answer(200, { customerId: String(customerId), preferences: asGeoPreferences(saved.preferences) });
}

const STORES_PATH = /^\/ucaservice\/api\/uca\/customers\/([^/]+)\/stores$/;
const GEO_PATH = /^\/api\/customers\/([^/]+)\/preferences\/fulfillment$/;

/**
 * The pages call the customer service in-process (same module as the resource routes, no HTTP
 * hop), through the same paths and with the shopper's own bearer token.
 */
export function inProcessTransport(token: string | null): ProfileTransport {
  return async (call) => {
    const stores = STORES_PATH.exec(call.path);
    const geo = stores ? null : GEO_PATH.exec(call.path);
    try {
      if (!stores && !geo) return refusal(404, 'NOT_FOUND', 'No such customer-service call.');
      const check = await checkCustomerToken(token, decodeURIComponent((stores ?? geo)![1]!), PROFILE_CALLER);
      const result = !check.ok
        ? refusal(check.status, check.code, check.message)
        : stores
          ? await storesUpdateCall(check.customerId, call.body)
          : await geoPreferencesCall(check.customerId, call.body);
      return { status: result.status, statusText: result.statusText };
    } catch (error) {
      log.error('profile update failed', { error });
      return { status: 500, statusText: statusTextOf(500) };
    }
  };
}

/** A call's answer as the resource route's JSON response, with the status text a client reads. */
export function callResponse(result: CallAnswer, base?: Headers): Response {
  const headers = new Headers(base);
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(result.body), { status: result.status, statusText: result.statusText, headers });
}
