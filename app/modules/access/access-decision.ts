import type { UserType } from '~/modules/session/session-schema';
import { SET_STORE_PATH, SIGN_IN_PATH, type PageAccess } from './page-access';
import { carryMarketingParams, safeRedirect, type RedirectPolicy } from './safe-redirect';

const SIGN_IN_PATHS = new Set([SIGN_IN_PATH, '/account/sign-in']);

export type AccessDecision = { authorized: true } | { authorized: false; redirectTo: string };

export interface AccessInput {
  access: PageAccess;
  userType: UserType;
  url: URL;
  marketingParams: readonly string[];
  policy: RedirectPolicy;
}

/**
 * Spec section 4, page enforcement: authorized when the user type is allowed (C already implies a
 * verified, unexpired token). Otherwise redirect to redirections[type] ?? DEFAULT; sign-in targets
 * remember the current page as `goto` (except the set-store page, which is exempt).
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const { access, userType, url, policy } = input;
  if (access.allowedUserTypes.includes(userType)) return { authorized: true };
  const configured = access.redirections[userType] ?? access.redirections.DEFAULT;
  let target = safeRedirect(configured, policy);
  const targetUrl = new URL(target, url.origin);
  if (
    targetUrl.origin === url.origin &&
    SIGN_IN_PATHS.has(targetUrl.pathname) &&
    url.pathname !== SET_STORE_PATH &&
    !targetUrl.searchParams.has('goto')
  ) {
    targetUrl.searchParams.set('goto', url.pathname + url.search);
    target = targetUrl.pathname + targetUrl.search + targetUrl.hash;
  }
  return { authorized: false, redirectTo: carryMarketingParams(target, url, input.marketingParams) };
}
