import { z } from 'zod';
import { checkAccessToken, type TokenCheck, type TokenVerifier } from '~/modules/access/token.server';
import { SIGNED_IN_SESSION_LIFETIME_S } from '~/modules/session/cookie-policy';
import { writeCookie, type CookieContext } from '~/modules/session/session-cookie.server';
import { refreshTokens, type TokenSet } from './oidc-client.server';
import { renewAcrossProcesses, RENEWAL_REUSE_MS } from './token-renewals.server';

/** The active session user's cookie: the access token, the refresh token, keep-me-signed-in. */
export const userCookieSchema = z
  .object({
    token: z.string().min(1).max(3000),
    refreshToken: z.string().max(200).optional(),
    remember: z.boolean().optional(),
  })
  .strict();
export type UserCookie = z.infer<typeof userCookieSchema>;

export function parseUserCookie(value: unknown): UserCookie | null {
  const parsed = userCookieSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function writeUserCookie(user: UserCookie, context: CookieContext): Promise<string> {
  // Kept (keep me signed in): as long as the identity provider's session; otherwise until the browser closes.
  return writeCookie('user', user, context, user.remember ? { maxAgeSeconds: SIGNED_IN_SESSION_LIFETIME_S } : {});
}

/**
 * Refresh tokens rotate, and the provider takes a second use of a spent one for theft: it revokes the
 * whole grant, signing the customer out. Several requests arrive with the same lapsed cookie — a
 * page's loaders, the user-info call, the rewards poll — and may land on different storefront
 * processes: in this process they share one promise, and across processes one database claim
 * (token-renewals.server.ts, decision 0023); a request with the old cookie a little later gets the same answer.
 */
const renewals = new Map<string, Promise<TokenSet | null>>();

function renewOnce(refreshToken: string): Promise<TokenSet | null> {
  const pending = renewals.get(refreshToken);
  if (pending) return pending;
  const renewal = renewAcrossProcesses(refreshToken, refreshTokens);
  renewals.set(refreshToken, renewal);
  // A database failure is not an answer: the next request tries again.
  renewal.catch(() => renewals.delete(refreshToken));
  setTimeout(() => renewals.delete(refreshToken), RENEWAL_REUSE_MS).unref();
  return renewal;
}

/**
 * Spec section 4, token and session validation: an active token is used as is; an expired one is
 * refreshed while the provider still honours the refresh token; otherwise the shopper is R.
 */
export async function validateUserCookie(
  user: UserCookie,
  verifier: TokenVerifier,
  context: CookieContext,
): Promise<{ check: TokenCheck; setCookie?: string }> {
  const check = await checkAccessToken(user.token, verifier);
  if (check.status !== 'expired' || !user.refreshToken) return { check };
  const refreshed = await renewOnce(user.refreshToken);
  if (!refreshed) return { check };
  const renewed = await checkAccessToken(refreshed.access_token, verifier);
  if (renewed.status !== 'active') return { check };
  const next: UserCookie = {
    token: refreshed.access_token,
    refreshToken: refreshed.refresh_token ?? user.refreshToken,
    remember: user.remember,
  };
  return { check: renewed, setCookie: await writeUserCookie(next, context) };
}
