import { json } from '@remix-run/node';
import { statusTextOf } from '~/modules/http/api.server';
import { authenticatedByBearer } from '~/modules/http/same-origin.server';
import { parseUserCookie } from '~/modules/identity/user-cookie.server';
import { readSignedCookie, sessionCookie } from '~/modules/session/session-cookie.server';
import { loadShopper, tokenVerifier, type Shopper } from './shopper.server';
import { checkAccessToken, type CustomerClaims } from './token.server';

/** A refusal a domain words its own way (tests and pages read the code and the message). */
export interface CallerMessage {
  code: string;
  message: string;
}

/**
 * How one customer service answers a caller it refuses. The path segment names the customer by id,
 * or (factors, spec section 7) by UUID. Without `expired` a bad or lapsed token is refused like no
 * token; without `lowScope` a token lacking the shopping scope is refused like a lapsed one.
 */
export interface CallerRules {
  pathHolds?: 'customerId' | 'uuid';
  signIn: CallerMessage;
  expired?: CallerMessage;
  lowScope?: CallerMessage;
  notFound?: CallerMessage;
}

export const CUSTOMER_NOT_FOUND: CallerMessage = { code: 'NOT_FOUND', message: 'We could not find that customer.' };

export interface CustomerCaller {
  customerId: number;
  claims: CustomerClaims;
  /** The token carries the elevated-sign-in scope (the recency rule is the domain's: identity/elevation). */
  elevated: boolean;
  bannerId: string;
  shopper: Shopper;
  /** Set-Cookie headers the response must carry (a renewed or dropped cookie). */
  headers: Headers;
}

export type CallerCheck =
  | { ok: true; customerId: number; claims: CustomerClaims; elevated: boolean }
  | { ok: false; status: 401 | 403 | 404; code: string; message: string };

/**
 * Spec section 6: authorization is by the bearer token. No token is 401; a bad or expired one 401;
 * one without the shopping scope 403 (or 401, as the service says); a token of another customer
 * than the one in the path is 404, exactly as if the record did not exist (ownership, without
 * telling who exists).
 */
export async function checkCustomerToken(
  token: string | null,
  pathSegment: string | undefined,
  rules: CallerRules,
): Promise<CallerCheck> {
  const refuse = (status: 401 | 403 | 404, refusal: CallerMessage) => ({ ok: false, status, ...refusal }) as const;
  if (!token) return refuse(401, rules.signIn);
  const check = await checkAccessToken(token, tokenVerifier());
  const expired = rules.expired ?? rules.signIn;
  if (check.status === 'low-scope' && rules.lowScope) return refuse(403, rules.lowScope);
  if (check.status !== 'active') return refuse(401, expired);
  const { claims } = check;
  const named = rules.pathHolds === 'uuid' ? claims.uuid : claims.customerId;
  if (!pathSegment || !named || named !== pathSegment || !/^\d{1,12}$/.test(claims.customerId)) {
    return refuse(404, rules.notFound ?? CUSTOMER_NOT_FOUND);
  }
  return { ok: true, customerId: Number(claims.customerId), claims, elevated: check.elevated };
}

function bearerHeaderToken(request: Request): string | null {
  const match = /^Bearer\s+(\S{1,3000})$/i.exec((request.headers.get('Authorization') ?? '').trim());
  return match ? match[1]! : null;
}

/**
 * The signed-in customer's own token from the HttpOnly user cookie (page scripts cannot read it;
 * the cookie is sent for them). A token renewed earlier in this request (its Set-Cookie is on the
 * shopper's headers) wins over the lapsed one the browser sent.
 */
async function cookieToken(request: Request, shopper: Shopper): Promise<string | null> {
  const cookie = sessionCookie('user', shopper.cookie.siteType);
  for (const setCookie of setCookiesOf(shopper.headers)) {
    if (!setCookie.startsWith(`${cookie.name}=`)) continue;
    const renewed = parseUserCookie(await cookie.parse(setCookie.split(';')[0]!).catch(() => null));
    if (renewed) return renewed.token;
  }
  const read = await readSignedCookie(request, 'user', shopper.cookie.siteType, parseUserCookie);
  return read.status === 'ok' ? read.value.token : null;
}

// remix-serve installs @remix-run/web-fetch's Headers (getAll) rather than undici's (getSetCookie).
function setCookiesOf(headers: Headers): string[] {
  const h = headers as Headers & { getAll?: (name: string) => string[] };
  if (typeof h.getSetCookie === 'function') return h.getSetCookie();
  return h.getAll?.('Set-Cookie') ?? [];
}

/** The caller's token: the spec's `Authorization: Bearer …` header, else the signed-in customer's cookie. */
export async function callerToken(request: Request, shopper: Shopper): Promise<string | null> {
  return bearerHeaderToken(request) ?? cookieToken(request, shopper);
}

/**
 * The caller of a customer-service route (`/api/customers/{id}/…`, `/ucaservice/…`), or its refusal
 * as a JSON error (`{ error: { code, message } }`, like apiError) with the shopper's cookies.
 * A bearer token that passes its check is what authenticates the call, and only then is the CSRF rule
 * lifted (a browser never adds one to a cross-site request). Any other call, one with a token that
 * fails its check included, rides on the cookie and must come from our own pages when it changes
 * something: loadShopper refuses it with a 403 before any token is answered.
 */
export async function requireCustomerCaller(
  request: Request,
  pathSegment: string | undefined,
  rules: CallerRules,
): Promise<CustomerCaller> {
  const bearer = bearerHeaderToken(request);
  const bearerCheck = bearer ? await checkCustomerToken(bearer, pathSegment, rules) : null;
  if (bearerCheck?.ok) authenticatedByBearer(request);
  const shopper = await loadShopper(request);
  const check = bearerCheck ?? (await checkCustomerToken(await cookieToken(request, shopper), pathSegment, rules));
  if (!check.ok) {
    const headers = new Headers(shopper.headers);
    headers.set('Cache-Control', 'no-store');
    throw json(
      { error: { code: check.code, message: check.message } },
      { status: check.status, statusText: statusTextOf(check.status), headers },
    );
  }
  return {
    customerId: check.customerId,
    claims: check.claims,
    elevated: check.elevated,
    bannerId: shopper.host.bannerId,
    shopper,
    headers: shopper.headers,
  };
}
