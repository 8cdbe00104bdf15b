import { tokenVerifier, type Shopper } from '~/modules/access/shopper.server';
import { checkAccessToken } from '~/modules/access/token.server';
import { parseUserCookie } from '~/modules/identity/user-cookie.server';
import { readSignedCookie, sessionCookie } from '~/modules/session/session-cookie.server';
import type { SiteType } from '~/modules/banners/hosts';
import { log } from '~/modules/config/logger.server';
import { geoPreferencesSchema, storesUpdateSchema } from './profile-payload';
import type { ProfileTransport, ServiceResponse } from './profile-update-client';
import { asGeoPreferences, saveGeoPreferences, saveStoresUpdate } from './profile-service.server';

/** What a customer-service call answers: the HTTP status, its text, and a JSON body. */
export interface CallAnswer extends ServiceResponse {
  body: unknown;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

export function answer(status: number, body: unknown): CallAnswer {
  return { status, statusText: STATUS_TEXT[status] ?? 'Error', body };
}
export function refusal(status: number, code: string, message: string): CallAnswer {
  return answer(status, { error: { code, message } });
}

/**
 * The caller's bearer token: an `Authorization: Bearer …` header, else the signed-in customer's own
 * token from the HttpOnly user cookie (page scripts cannot read it; the cookie is sent for them). A
 * token renewed earlier in this request (its Set-Cookie is on the shopper's headers) wins.
 */
export async function bearerTokenOf(request: Request, siteType: SiteType, pending?: Headers): Promise<string | null> {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(\S{1,3000})$/i.exec(header.trim());
  if (match) return match[1]!;
  const cookie = sessionCookie('user', siteType);
  for (const setCookie of setCookiesOf(pending)) {
    if (!setCookie.startsWith(`${cookie.name}=`)) continue;
    const renewed = parseUserCookie(await cookie.parse(setCookie.split(';')[0]!).catch(() => null));
    if (renewed) return renewed.token;
  }
  const read = await readSignedCookie(request, 'user', siteType, parseUserCookie);
  return read.status === 'ok' ? read.value.token : null;
}

// remix-serve installs @remix-run/web-fetch's Headers (getAll) rather than undici's (getSetCookie).
function setCookiesOf(headers: Headers | undefined): string[] {
  if (!headers) return [];
  const h = headers as Headers & { getAll?: (name: string) => string[] };
  if (typeof h.getSetCookie === 'function') return h.getSetCookie();
  return h.getAll?.('Set-Cookie') ?? [];
}

/** The token of the shopper behind a page request (for the in-process profile calls). */
export function shopperToken(request: Request, shopper: Shopper) {
  return bearerTokenOf(request, shopper.cookie.siteType, shopper.headers);
}

export type CallAuthorization = { ok: true; customerId: number } | { ok: false; answer: CallAnswer };

/**
 * Spec section 6: authorization is by the bearer token. No token, a bad one or an expired one is
 * 401; a token without the shopping scope is 403; a token of another customer than the one in the
 * path is 404, exactly as if the record did not exist (ownership, without telling who exists).
 */
export async function authorizeCustomerCall(token: string | null, customerIdParam: string | undefined) {
  if (!token) return { ok: false, answer: refusal(401, 'UNAUTHORIZED', 'Sign in to change your profile.') } as const;
  const check = await checkAccessToken(token, tokenVerifier());
  if (check.status === 'invalid' || check.status === 'expired') {
    return {
      ok: false,
      answer: refusal(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.'),
    } as const;
  }
  if (check.status === 'low-scope') {
    return { ok: false, answer: refusal(403, 'FORBIDDEN', 'Please sign in again to change your profile.') } as const;
  }
  if (!customerIdParam || !/^\d{1,12}$/.test(customerIdParam) || check.claims.customerId !== customerIdParam) {
    return { ok: false, answer: refusal(404, 'NOT_FOUND', 'We could not find that customer.') } as const;
  }
  return { ok: true, customerId: Number(customerIdParam) } as const;
}

function badRequest(message: string | undefined) {
  return refusal(400, 'BAD_REQUEST', message ?? 'The request has a field we do not understand.');
}

/** Spec section 7: POST {profile path}/ucaservice/api/uca/customers/{customerId}/stores. */
export async function storesUpdateCall(input: { token: string | null; customerId: string | undefined; body: unknown }) {
  const auth = await authorizeCustomerCall(input.token, input.customerId);
  if (!auth.ok) return auth.answer;
  const parsed = storesUpdateSchema.safeParse(input.body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message);
  const saved = await saveStoresUpdate(auth.customerId, parsed.data);
  if (!saved.ok) return refusal(saved.status, saved.code, saved.message);
  return answer(200, { customerId: String(auth.customerId), preferences: saved.preferences });
}

/** Geo flow: POST /api/customers/{customerId}/preferences/fulfillment. */
export async function geoPreferencesCall(input: {
  token: string | null;
  customerId: string | undefined;
  body: unknown;
}) {
  const auth = await authorizeCustomerCall(input.token, input.customerId);
  if (!auth.ok) return auth.answer;
  const parsed = geoPreferencesSchema.safeParse(input.body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message);
  const saved = await saveGeoPreferences(auth.customerId, parsed.data);
  if (!saved.ok) return refusal(saved.status, saved.code, saved.message);
  return answer(200, { customerId: String(auth.customerId), preferences: asGeoPreferences(saved.preferences) });
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
    const customerId = decodeURIComponent((stores ?? geo)?.[1] ?? '');
    try {
      const result = stores
        ? await storesUpdateCall({ token, customerId, body: call.body })
        : geo
          ? await geoPreferencesCall({ token, customerId, body: call.body })
          : refusal(404, 'NOT_FOUND', 'No such customer-service call.');
      return { status: result.status, statusText: result.statusText };
    } catch (error) {
      log.error('profile update failed', { error: error instanceof Error ? error.message : String(error) });
      return { status: 500, statusText: STATUS_TEXT[500]! };
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

/** The token's customer, for the read calls (profile, stores, preferences). */
export async function authorizeRead(request: Request, shopper: Shopper, customerIdParam: string | undefined) {
  return authorizeCustomerCall(await shopperToken(request, shopper), customerIdParam);
}
