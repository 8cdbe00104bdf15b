import { appEnvironment } from '~/modules/config/environment.server';
import { json, redirect } from '@remix-run/node';
import { businessSiteClosed } from '~/modules/banners/business-site';
import { parseHost, type HostInfo } from '~/modules/banners/hosts';
import { addLogFields } from '~/modules/config/logger.server';
import { appEnv, marketingParams } from '~/modules/config/env.server';
import { featureFlags } from '~/modules/flags/feature-flags.server';
import { detectLanguage } from '~/modules/i18n/language.server';
import { assertSameOrigin } from '~/modules/http/same-origin.server';
import {
  clearCookie,
  clearSession,
  readSessionCookie,
  readSignedCookie,
  sessionSetCookies,
  rewrittenSessionLayout,
  type CookieContext,
} from '~/modules/session/session-cookie.server';
import type { UserType } from '~/modules/session/session-schema';
import { decideAccess } from './access-decision';
import type { PageAccess } from './page-access';
import { redirectPolicy } from './redirect-policy.server';
import { carryMarketingParams } from './safe-redirect';
import { establishGuestSession } from '~/modules/stores/guest-session.server';
import { customerSession } from '~/modules/identity/customer-session.server';
import { silentSignOn } from '~/modules/identity/single-sign-on.server';
import { parseUserCookie, validateUserCookie } from '~/modules/identity/user-cookie.server';
import type { AuthorizedShopper, Shopper } from './shopper';
import { storeIdFromPath } from './store-id-path';
import { identityProviderVerifier, type CustomerClaims, type TokenVerifier } from './token.server';

let verifierOverride: TokenVerifier | undefined;
/** Tests verify tokens against keys they issued themselves. */
export function useTokenVerifierForTests(verifier: TokenVerifier | undefined) {
  verifierOverride = verifier;
}

/** The verifier every token check uses (the provider's JWKS, or the tests' own keys). */
export function tokenVerifier(): TokenVerifier {
  return verifierOverride ?? identityProviderVerifier();
}

export function cookieSecureFor(host: HostInfo): boolean {
  const configured = appEnv().COOKIE_SECURE;
  if (configured) return configured === 'true';
  return host.environment !== 'local-origin';
}

export { redirectPolicy };
export type { AuthorizedShopper, Shopper };

const resolved = new WeakMap<Request, Promise<Shopper>>();

/** The shopper behind a request; memoised so the root and the page loaders share one resolution. */
export function loadShopper(request: Request): Promise<Shopper> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolveShopper(request);
    resolved.set(request, pending);
  }
  return pending;
}

async function resolveShopper(request: Request): Promise<Shopper> {
  // Every action resolves its shopper first: a cross-site request is refused before anything happens.
  assertSameOrigin(request);
  const url = new URL(request.url);
  const host = parseHost(request.headers.get('Host') ?? url.host, appEnvironment());
  const flags = featureFlags(host.environment);
  // isB2BDisabled: every business-site page and API answers the friendly closed page, before any
  // cookie is read or set (the root error boundary renders it; health checks do not come here).
  const closed = businessSiteClosed(host, flags, url);
  if (closed) throw json(closed, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  const cookie: CookieContext = {
    siteType: host.siteType,
    secure: cookieSecureFor(host),
    splitSession: !flags.enableCookieRestructure,
  };
  const headers = new Headers();

  const [sessionRead, userRead, language] = await Promise.all([
    readSessionCookie(request, host.siteType),
    readSignedCookie(request, 'user', host.siteType, parseUserCookie),
    detectLanguage(request, url, host.siteType),
  ]);
  if (sessionRead.status === 'rejected')
    for (const set of await clearSession(cookie)) headers.append('Set-Cookie', set);
  if (userRead.status === 'rejected') headers.append('Set-Cookie', await clearCookie('user', cookie));
  let session = sessionRead.status === 'ok' ? sessionRead.value : null;

  let userType: UserType = 'A';
  let customer: CustomerClaims | null = null;
  let elevated = false;
  if (userRead.status === 'ok') {
    const { check, setCookie } = await validateUserCookie(
      userRead.value,
      verifierOverride ?? identityProviderVerifier(),
      cookie,
    );
    if (setCookie) headers.append('Set-Cookie', setCookie);
    if (check.status === 'active') {
      userType = 'C';
      customer = check.claims;
      elevated = check.elevated;
      if (!session) {
        // The 45-minute session cookie lapsed while the customer stayed signed in: rebuild it.
        session = await customerSession(null, Number(check.claims.customerId)).catch(() => null);
        if (session) for (const set of await sessionSetCookies(session, cookie)) headers.append('Set-Cookie', set);
      }
    } else {
      userType = 'R';
      customer = check.status === 'invalid' ? null : check.claims;
    }
  } else if (session) {
    const stored = session.info.COMMON.userType;
    // The signed session remembers a registered customer; without a live token they are R.
    if (stored === 'C' || stored === 'R') userType = 'R';
    else if (stored === 'G' && session.info.COMMON.storeId) userType = 'G';
  }

  // The flag enableCookieRestructure changed since the browser's session was written: rewritten once (decision 0103).
  if (session)
    for (const set of await rewrittenSessionLayout(request, session, cookie)) headers.append('Set-Cookie', set);
  return { userType, host, flags, session, customer, elevated, cookie, url, language, headers };
}

/**
 * Every page loader's first line. Returns the authorized shopper, or throws the redirect the
 * page's access meta asks for (carrying goto and the marketing parameters).
 */
export async function requireUserType(request: Request, access: PageAccess): Promise<AuthorizedShopper> {
  // A staff page that called this instead of requireStaff would let any signed-in shopper in.
  if ('staffRoles' in access) throw new Error('a staff page checks its access with requireStaff');
  let shopper = await loadShopper(request);
  const pathStoreId =
    access.storeIdSelector && shopper.flags.enableStoreIdSelector ? storeIdFromPath(shopper.url.pathname) : null;

  const established = await establishGuestSession(request, shopper, access, pathStoreId);
  if (established.kind === 'redirect') {
    const headers = new Headers(shopper.headers);
    for (const cookie of established.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect(carryMarketingParams(established.to, shopper.url, marketingParams()), { headers });
  }
  if (established.kind === 'session') {
    // A copy: the resolved shopper is shared by every loader of the request (loadShopper).
    const headers = new Headers(shopper.headers);
    for (const cookie of established.setCookies) headers.append('Set-Cookie', cookie);
    shopper = {
      ...shopper,
      headers,
      session: established.session,
      userType: established.session.info.COMMON.userType === 'G' ? 'G' : shopper.userType,
    };
  }

  const signOn = await silentSignOn(request, shopper, access);
  if (signOn) {
    const headers = new Headers(shopper.headers);
    for (const cookie of signOn.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect(signOn.redirectTo, { headers });
  }

  const decision = decideAccess({
    access,
    userType: shopper.userType,
    url: shopper.url,
    marketingParams: marketingParams(),
    policy: redirectPolicy(),
  });
  // The request's log line names who asked (never which customer).
  addLogFields({ userType: shopper.userType });
  if (!decision.authorized) throw redirect(decision.redirectTo, { headers: shopper.headers });
  return { ...shopper, authorized: true, pathStoreId, establishedSession: established.kind === 'session' };
}
