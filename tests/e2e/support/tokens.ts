import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { createCookie } from '@remix-run/node';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';

/** The e2e server's cookie secret and data folder (scripts/e2e-server.ts). */
const E2E_SECRET = 'e2e-secret-not-for-production';
const E2E_DATA_DIR = path.resolve('.cache/e2e-data');

const userCookie = createCookie('PANTRY_USER', { path: '/', httpOnly: true, sameSite: 'lax', secrets: [E2E_SECRET] });

/**
 * Replaces the signed-in customer's access token with a copy that expires `expiresInSeconds` from
 * now (negative: already expired), signed with the test identity provider's own key, and drops the
 * refresh token so the storefront cannot renew it. What a customer has when their token runs out.
 * With `keepRefreshToken` the refresh token stays, so the storefront can renew the token.
 */
export async function replaceAccessToken(
  context: BrowserContext,
  baseURL: string,
  expiresInSeconds: number,
  options: { keepRefreshToken?: boolean } = {},
) {
  const current = (await context.cookies(baseURL)).find((cookie) => cookie.name === 'PANTRY_USER');
  if (!current) throw new Error('not signed in: no PANTRY_USER cookie');
  const user = (await userCookie.parse(`PANTRY_USER=${current.value}`)) as {
    token: string;
    refreshToken?: string;
    remember?: boolean;
  };
  const secrets = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'idp-secrets.json'), 'utf8')) as {
    jwks: { keys: JWK[] };
  };
  const jwk = secrets.jwks.keys[0]!;
  const header = decodeProtectedHeader(user.token);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ ...decodeJwt(user.token), iat: now - 60, exp: now + expiresInSeconds })
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, ...(header.typ ? { typ: header.typ } : {}) })
    .sign(await importJWK(jwk, 'ES256'));
  const serialized = await userCookie.serialize({
    token,
    ...(options.keepRefreshToken && user.refreshToken ? { refreshToken: user.refreshToken } : {}),
    remember: user.remember,
  });
  const value = serialized.split(';')[0]!.slice('PANTRY_USER='.length);
  await context.addCookies([
    {
      name: 'PANTRY_USER',
      value,
      url: baseURL,
      httpOnly: true,
      sameSite: 'Lax',
      ...(current.expires > 0 ? { expires: current.expires } : {}),
    },
  ]);
}
