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
 * Moves the signed-in customer's auth_time `minutes` into the past, as if they had signed in that
 * long ago (the token is re-signed with the test identity provider's own key from the e2e data
 * folder; production has no such path). Waiting 10 real minutes is the only other way.
 */
export async function ageSignIn(context: BrowserContext, baseURL: string, minutes: number) {
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
  const claims = decodeJwt(user.token);
  if (typeof claims.auth_time !== 'number') throw new Error('the access token carries no auth_time');
  const token = await new SignJWT({ ...claims, auth_time: claims.auth_time - minutes * 60 })
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, ...(header.typ ? { typ: header.typ } : {}) })
    .sign(await importJWK(jwk, 'ES256'));
  const serialized = await userCookie.serialize({ ...user, token });
  await context.addCookies([
    {
      name: 'PANTRY_USER',
      value: serialized.split(';')[0]!.slice('PANTRY_USER='.length),
      url: baseURL,
      httpOnly: true,
      sameSite: 'Lax',
      ...(current.expires > 0 ? { expires: current.expires } : {}),
    },
  ]);
}
