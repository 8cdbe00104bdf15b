import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  exchangeCode,
  pkcePair,
  refreshTokens,
  revokeToken,
  type TokenSet,
} from '~/modules/identity/oidc-client.server';
import { bindSessionToken, issueSessionToken } from '~/modules/identity/session-tokens.server';
import { DIALECTS } from './support/databases';
import { useRealIdentityProvider } from './support/identity-provider';

const ORIGIN = 'http://localhost:3000';
const CALLBACK = `${ORIGIN}/account/auth/callback`;
const JORDAN = 500001;

/** A browser's cookie jar for the provider's own cookies (its session, interaction and resume). */
type Jar = Map<string, string>;

/**
 * The storefront's real authorize request (oidc-client.server.ts) followed through the provider's
 * redirects, as the browser does, until it comes back to the callback.
 */
async function authorize(jar: Jar, input: { sessionToken?: string; silent?: boolean }) {
  const { verifier, challenge } = pkcePair();
  // As the storefront's startAuthorization does: the token signs in on this request only.
  if (input.sessionToken) await bindSessionToken(input.sessionToken, challenge);
  let next = authorizeUrl({
    origin: ORIGIN,
    state: 'brave-otter',
    nonce: 'n-1',
    challenge,
    sessionToken: input.sessionToken,
    prompt: input.silent ? 'none' : undefined,
  });
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      body: form,
      headers: { Cookie: cookieHeader(jar) },
    });
    keepCookies(jar, response);
    form = undefined;
    const location = response.headers.get('location');
    // The provider logs the previous account out with a self-submitting form (another account).
    const post = location ? null : await selfSubmittingForm(response, next);
    if (post) {
      [next, form] = post;
      continue;
    }
    if (!location) throw new Error(`no redirect from ${next}: ${response.status} ${await response.text()}`);
    const target = new URL(location, next);
    if (target.toString().startsWith(CALLBACK)) {
      const code = target.searchParams.get('code');
      if (!code) return { error: target.searchParams.get('error') };
      return { tokens: await exchangeCode({ code, verifier, origin: ORIGIN }) };
    }
    next = target.toString();
  }
  throw new Error('too many redirects');
}

async function selfSubmittingForm(response: Response, base: string): Promise<[string, URLSearchParams] | null> {
  if (response.status !== 200) return null;
  const html = await response.text();
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) return null;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields.set(name!, value!);
  return [new URL(action.replace(/&amp;/g, '&'), base).toString(), fields];
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function keepCookies(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, ...value] = pair!.split('=');
    if (value.join('=') === '') jar.delete(name!.trim());
    else jar.set(name!.trim(), value.join('='));
  }
}

async function signIn(jar: Jar, remember: boolean): Promise<TokenSet> {
  const sessionToken = await issueSessionToken(JORDAN, { remember, method: 'password' });
  const { tokens } = await authorize(jar, { sessionToken });
  if (!tokens) throw new Error('the sign-in did not return tokens');
  expect(tokens.refresh_token).toEqual(expect.any(String));
  return tokens;
}

/**
 * A sign-in on the storefront must come back with a refresh token, so that an expired access token is
 * renewed (docs/decisions/0007 and 0010) — bound to the provider session: it renews while that session
 * lives, whichever keep-me-signed-in choice made it, and dies with it and with revocation.
 */
describe.each(DIALECTS)('refresh tokens from the real provider on %s', (dialect) => {
  useRealIdentityProvider(dialect, [ORIGIN]);

  it.each([true, false])(
    'a password sign-in (keep me signed in: %s) yields a refresh token that renews the access token',
    async (remember) => {
      const jar: Jar = new Map();
      const tokens = await signIn(jar, remember);
      expect(tokens.refresh_token).toEqual(expect.any(String));
      const first = decodeJwt(tokens.access_token);
      expect(String(first.scope).split(' ')).toContain('used_credentials');

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const refreshed = await refreshTokens(tokens.refresh_token!);
      expect(refreshed).not.toBeNull();
      const renewed = decodeJwt(refreshed!.access_token);
      expect(refreshed!.access_token).not.toBe(tokens.access_token);
      expect(Number(renewed.iat)).toBeGreaterThan(Number(first.iat));
      expect(renewed).toMatchObject({ customerId: String(JORDAN), auth_time: first.auth_time });
      // Elevation is about presenting credentials (decision 0014): a refresh keeps the scope and the
      // original sign-in time, so the 10-minute rule still measures from the sign-in.
      expect(String(renewed.scope).split(' ')).toContain('used_credentials');
      // Rotated: the new refresh token renews again; the spent one is refused.
      expect(refreshed!.refresh_token).toEqual(expect.any(String));
      expect(refreshed!.refresh_token).not.toBe(tokens.refresh_token);
      expect(await refreshTokens(refreshed!.refresh_token!)).not.toBeNull();
    },
  );

  it('a silent single sign-on (prompt=none) still signs in without a refresh token', async () => {
    const jar: Jar = new Map();
    await signIn(jar, true);
    const silent = await authorize(jar, { silent: true });
    expect(silent.tokens?.access_token).toEqual(expect.any(String));
    expect(silent.tokens?.refresh_token).toBeUndefined();
    expect(await authorize(new Map(), { silent: true })).toEqual({ error: 'login_required' });
  });

  it('the refresh token dies with the provider session (sign-out from the browser)', async () => {
    const jar: Jar = new Map();
    const tokens = await signIn(jar, true);
    const ended = await fetch(`${process.env.IDP_ISSUER}/api/v1/sessions/me`, {
      method: 'DELETE',
      headers: { Cookie: cookieHeader(jar) },
    });
    expect(ended.status).toBe(204);
    expect(await refreshTokens(tokens.refresh_token!)).toBeNull();
  });

  it('the refresh token stops working once the storefront revokes it (sign-out)', async () => {
    const tokens = await signIn(new Map(), false);
    await revokeToken(tokens.refresh_token!);
    expect(await refreshTokens(tokens.refresh_token!)).toBeNull();
  });

  it('a sign-in as another account in the same browser ends the first account’s refresh token', async () => {
    const jar: Jar = new Map();
    const jordan = await signIn(jar, true);
    const sessionToken = await issueSessionToken(JORDAN + 1, { remember: true, method: 'password' });
    const other = await authorize(jar, { sessionToken });
    expect(other.tokens?.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(other.tokens!.access_token).customerId).toBe(String(JORDAN + 1));
    expect(await refreshTokens(jordan.refresh_token!)).toBeNull();
  });
});
