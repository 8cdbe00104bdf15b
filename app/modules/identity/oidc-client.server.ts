import { currentRequestId } from '~/modules/config/logger.server';
import { requestIdHeaders } from '~/modules/http/request-id';
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { identityConfig } from '~/modules/config/env.server';
import type { Language } from '~/modules/i18n/languages';
import { randomToken } from './secrets.server';

/** The storefront as an OAuth client of the identity provider (authorization code + PKCE). */
export const SIGN_IN_SCOPE = 'openid profile email offline_access shop used_credentials';
export const SILENT_SCOPE = 'openid profile email offline_access shop';

export function pkcePair() {
  const verifier = randomToken(32);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function callbackUrl(origin: string): string {
  return `${origin}/account/auth/callback`;
}

export function authorizeUrl(input: {
  origin: string;
  state: string;
  nonce: string;
  challenge: string;
  sessionToken?: string;
  prompt?: 'none';
  scope?: string;
  /** The page's language: the provider's own pages (errors, account switch) answer in it (decision 0117). */
  language?: Language;
}): string {
  const { issuer, clientId } = identityConfig();
  const url = new URL('/oauth2/v1/authorize', issuer);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', callbackUrl(input.origin));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('response_mode', 'query');
  url.searchParams.set('scope', input.scope ?? (input.sessionToken ? SIGN_IN_SCOPE : SILENT_SCOPE));
  url.searchParams.set('state', input.state);
  url.searchParams.set('nonce', input.nonce);
  url.searchParams.set('code_challenge', input.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (input.sessionToken) url.searchParams.set('sessionToken', input.sessionToken);
  if (input.prompt) url.searchParams.set('prompt', input.prompt);
  if (input.language) url.searchParams.set('ui_locales', input.language);
  return url.toString();
}

const tokenResponse = z.object({
  access_token: z.string(),
  id_token: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
});
export type TokenSet = z.infer<typeof tokenResponse>;

async function tokenRequest(form: Record<string, string>): Promise<TokenSet | null> {
  const { issuer, clientId } = identityConfig();
  try {
    const response = await fetch(new URL('/oauth2/v1/token', issuer), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...requestIdHeaders(currentRequestId()) },
      body: new URLSearchParams({ client_id: clientId, ...form }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const parsed = tokenResponse.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function exchangeCode(input: { code: string; verifier: string; origin: string }) {
  return tokenRequest({
    grant_type: 'authorization_code',
    code: input.code,
    code_verifier: input.verifier,
    redirect_uri: callbackUrl(input.origin),
  });
}

export function refreshTokens(refreshToken: string) {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function revokeToken(token: string) {
  const { issuer, clientId } = identityConfig();
  await fetch(new URL('/oauth2/v1/revoke', issuer), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...requestIdHeaders(currentRequestId()) },
    body: new URLSearchParams({ client_id: clientId, token }),
    signal: AbortSignal.timeout(3000),
  }).catch(() => undefined);
}

let idTokenKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

/** Checks the ID token's signature, issuer, audience and nonce. */
export async function verifyIdToken(idToken: string, nonce: string): Promise<boolean> {
  const { issuer, clientId } = identityConfig();
  idTokenKeys ??= createRemoteJWKSet(new URL('/oauth2/v1/keys', issuer));
  try {
    const { payload } = await jwtVerify(idToken, idTokenKeys, { issuer, audience: clientId });
    return payload.nonce === nonce;
  } catch {
    return false;
  }
}

export function endSessionUrl(input: {
  origin: string;
  idToken?: string;
  reason?: string;
  /** The page's language, for the provider's sign-out page (decision 0117). */
  language?: Language;
}): string {
  const { issuer, clientId } = identityConfig();
  const url = new URL('/oauth2/v1/logout', issuer);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('post_logout_redirect_uri', `${input.origin}/account/signed-out`);
  // The provider hands `state` back to the signed-out page, which explains a forced sign-out.
  if (input.reason && input.reason !== 'user') url.searchParams.set('state', input.reason);
  if (input.idToken) url.searchParams.set('id_token_hint', input.idToken);
  if (input.language) url.searchParams.set('ui_locales', input.language);
  return url.toString();
}
