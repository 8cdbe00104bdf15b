import { z } from 'zod';
import { log } from '~/modules/config/logger.server';
import { languageAtSignIn } from '~/modules/i18n/preferred-language.server';
import type { Shopper } from '~/modules/access/shopper';
import { redirectPolicy } from '~/modules/access/redirect-policy.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { checkAccessToken, identityProviderVerifier } from '~/modules/access/token.server';
import { clearCookie, freshSessionId, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { assistantAuthorizeUrl, readAssistant } from './assistant-sign-in.server';
import { customerSession } from './customer-session.server';
import { clearFirstLoginCookies } from './first-login.server';
import { keepsSignedIn, writeKeepMeSignedIn } from './keep-me-signed-in.server';
import { endGrant } from './grants.server';
import { authorizeUrl, exchangeCode, pkcePair, revokeToken, verifyIdToken, type TokenSet } from './oidc-client.server';
import { signOut } from './sign-out.server';
import { originOf } from '~/modules/http/request-origin';
import { sessionCookies } from '~/modules/session/syndicated-cookie.server';
import { randomToken } from './secrets.server';
import { bindSessionToken } from './session-tokens.server';
import { writeUserCookie } from './user-cookie.server';
import { generateStateWords } from './state-words';

const AUTH_TX_SECONDS = 10 * 60;

/** Where a sign-in the shopper started lands when it fails (spec: the IAUC408 page). */
const SIGN_IN_ERROR_PAGE = '/IAUC408.html';

const transactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  goto: z.string(),
  remember: z.boolean(),
  silent: z.boolean(),
  /** Where a refused sign-in lands (the sign-in error page unless the flow names its own). */
  failureTo: z.string().optional(),
});
type AuthTransaction = z.infer<typeof transactionSchema>;

/**
 * Starts the authorization code flow: a PKCE verifier, a nonce and generated state words are kept
 * in a short-lived signed cookie; the browser goes to the provider's authorize endpoint (with the
 * sessionToken after a password or passcode, bound to this request's PKCE challenge, or prompt=none for
 * silent single sign-on).
 */
export async function startAuthorization(
  request: Request,
  shopper: Shopper,
  input: { sessionToken?: string; silent?: boolean; goto: string; remember: boolean; failureTo?: string },
): Promise<{ redirectTo: string; setCookie: string }> {
  const { verifier, challenge } = pkcePair();
  if (input.sessionToken) await bindSessionToken(input.sessionToken, challenge);
  const transaction: AuthTransaction = {
    state: generateStateWords(),
    nonce: randomToken(16),
    verifier,
    goto: safeRedirect(input.goto, redirectPolicy()),
    remember: keepsSignedIn(shopper.flags, input.remember),
    silent: Boolean(input.silent),
    ...(input.failureTo ? { failureTo: safeRedirect(input.failureTo, redirectPolicy()) } : {}),
  };
  const setCookie = await writeCookie('authTransaction', transaction, shopper.cookie, {
    maxAgeSeconds: AUTH_TX_SECONDS,
  });
  const redirectTo = authorizeUrl({
    origin: originOf(request),
    state: transaction.state,
    nonce: transaction.nonce,
    challenge,
    sessionToken: input.sessionToken,
    prompt: input.silent ? 'none' : undefined,
    language: shopper.language,
  });
  return { redirectTo, setCookie };
}

export type CallbackOutcome =
  | { ok: true; redirectTo: string; setCookies: string[] }
  | { ok: false; redirectTo: string; setCookies: string[]; reason: string };

/**
 * The callback: checks state, exchanges the code, verifies the tokens, and signs the shopper in. A refusal is
 * logged with its reason (never a code or token), so a shopper sent to the error page can be traced.
 */
export async function completeAuthorization(request: Request, shopper: Shopper): Promise<CallbackOutcome> {
  const outcome = await authorizationOutcome(request, shopper);
  if (!outcome.ok) {
    // A declined silent sign-on or a stray callback is routine; the error page means a sign-in the shopper started failed.
    const level = outcome.redirectTo === SIGN_IN_ERROR_PAGE ? 'warn' : 'info';
    log[level]('sign-in callback refused', { reason: outcome.reason, userType: shopper.userType });
  }
  return outcome;
}

async function authorizationOutcome(request: Request, shopper: Shopper): Promise<CallbackOutcome> {
  const url = new URL(request.url);
  const read = await readSignedCookie(request, 'authTransaction', shopper.cookie.siteType, (value) => {
    const parsed = transactionSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  const clearTx = await clearCookie('authTransaction', shopper.cookie);
  if (read.status !== 'ok' || read.value.state !== url.searchParams.get('state')) {
    // Not a sign-in this browser started: a signed-in customer stays signed in (the error page would sign
    // them out, and another site can send any browser here).
    if (shopper.userType === 'C') return { ok: false, reason: 'state', redirectTo: '/', setCookies: [clearTx] };
    return { ok: false, reason: 'state', redirectTo: SIGN_IN_ERROR_PAGE, setCookies: [clearTx] };
  }
  const tx = read.value;
  const error = url.searchParams.get('error');
  if (error) {
    // Silent single sign-on found no provider session: the shopper simply stays a guest. The answer is handled,
    // so the count goes back to 0, and the provider's "no" is kept for the browser session so no page asks again.
    if (tx.silent)
      return {
        ok: false,
        reason: error,
        redirectTo: tx.goto,
        setCookies: [
          clearTx,
          await clearCookie('signInCount', shopper.cookie),
          await writeCookie('ssoDeclined', /^[a-z_]{1,40}$/.test(error) ? error : 'error', shopper.cookie, {}),
        ],
      };
    if (tx.failureTo)
      return {
        ok: false,
        reason: error,
        redirectTo: tx.failureTo,
        setCookies: [clearTx, ...(await clearFirstLoginCookies(shopper.cookie))],
      };
    return { ok: false, reason: error, redirectTo: SIGN_IN_ERROR_PAGE, setCookies: [clearTx] };
  }
  const code = url.searchParams.get('code') ?? '';
  const tokens = code ? await exchangeCode({ code, verifier: tx.verifier, origin: originOf(request) }) : null;
  if (!tokens?.id_token)
    return {
      ok: false,
      reason: code ? 'code-exchange' : 'no-code',
      redirectTo: SIGN_IN_ERROR_PAGE,
      setCookies: [clearTx],
    };
  if (!(await verifyIdToken(tokens.id_token, tx.nonce)))
    return { ok: false, reason: 'id-token', redirectTo: SIGN_IN_ERROR_PAGE, setCookies: [clearTx] };
  if (tx.silent) {
    const refused = await refuseAnotherAccount(request, shopper, tokens);
    if (refused)
      return { ok: false, reason: 'other-account', ...refused, setCookies: [clearTx, ...refused.setCookies] };
  }
  const signedIn = await signInCookies(request, shopper, tokens, tx.remember);
  if (!signedIn) return { ok: false, reason: 'access-token', redirectTo: SIGN_IN_ERROR_PAGE, setCookies: [clearTx] };
  const setCookies = [
    clearTx,
    await clearCookie('signInCount', shopper.cookie),
    await clearCookie('ssoDeclined', shopper.cookie),
    ...signedIn,
  ];
  // A silent sign-in keeps whatever the customer chose when they last signed in with a password.
  if (!tx.silent) setCookies.push(await writeKeepMeSignedIn(tx.remember ? 'true' : 'false', shopper.cookie));
  const assistant = tx.silent ? null : await readAssistant(request, shopper.cookie);
  if (assistant) {
    setCookies.push(await clearCookie('assistant', shopper.cookie));
    return { ok: true, redirectTo: assistantAuthorizeUrl(assistant), setCookies };
  }
  return { ok: true, redirectTo: tx.goto, setCookies };
}

/**
 * A silent sign-in never swaps one customer for another (decision 0062): when the provider's session is
 * another account's than the one this browser knows (signed in, or lapsed), the new tokens are dropped and the
 * known customer is signed out here, with the reason on the page. The provider session stays: only a sign-in
 * the storefront completed in this browser counts for silent sign-on, so it is the other account's own.
 */
async function refuseAnotherAccount(request: Request, shopper: Shopper, tokens: TokenSet) {
  const known = shopper.customer?.customerId;
  if (!known) return null;
  const check = await checkAccessToken(tokens.access_token, identityProviderVerifier());
  if (check.status !== 'active' || check.claims.customerId === known) return null;
  if (tokens.refresh_token) await revokeToken(tokens.refresh_token);
  if (check.claims.gid) await endGrant(check.claims.gid);
  const signedOut = await signOut(request, shopper, 'other-account');
  return { redirectTo: '/account/signed-out?state=other-account', setCookies: signedOut.setCookies };
}

/** Cookies for a verified token set: the user cookie (90 days when kept signed in) and a C session. */
export async function signInCookies(
  request: Request,
  shopper: Shopper,
  tokens: TokenSet,
  remember: boolean,
): Promise<string[] | null> {
  const check = await checkAccessToken(tokens.access_token, identityProviderVerifier());
  if (check.status !== 'active') return null;
  const userCookie = await writeUserCookie(
    { token: tokens.access_token, refreshToken: tokens.refresh_token, remember },
    shopper.cookie,
  );
  const session = await customerSession(shopper.session, Number(check.claims.customerId));
  // The language follows the customer: chosen here, it goes into the profile; else the profile's applies here.
  const language = await languageAtSignIn(request, shopper, Number(check.claims.customerId));
  return [
    userCookie,
    await freshSessionId(shopper.cookie),
    ...(session ? await sessionCookies(session, shopper.cookie, shopper.url.host) : []),
    ...(language ? [language] : []),
  ];
}
