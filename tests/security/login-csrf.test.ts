/**
 * Login CSRF: another site must not be able to sign a visitor in as the attacker, whether the visitor is a
 * fresh guest or already signed in. The attacker holds a sessionToken (from the public authn API, or from
 * their own sign-in on the storefront, whose authorize redirect they do not follow) and sends the victim's
 * browser through top-level navigations to the provider and the storefront.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, DEMO_PASSWORD, signIn } from './support/browser';
import { startStack, type Stack } from './support/stack';

const ATTACKER = 'sam@pantry.test';
const VICTIM = 'jordan@pantry.test';
const CROSS_SITE = { 'Sec-Fetch-Site': 'cross-site', Referer: 'http://attacker.example/' };

interface Me {
  userType?: string;
  firstName?: string | null;
}

async function whoAmI(browser: Browser, origin: string): Promise<Me> {
  const { response } = await browser.navigate(`${origin}/?_data=root`);
  return (await response.json()) as Me;
}

describe('login CSRF', () => {
  let stack: Stack;
  let origin: string;

  beforeAll(async () => {
    stack = await startStack('sqlite', 1);
    origin = stack.storefronts[0]!;
  });
  afterAll(() => stack?.stop());

  /** The attacker's own authorize URL, with a token from the provider's public primary-authentication API. */
  async function authorizeUrlWithApiToken(): Promise<string> {
    const answer = await fetch(`${stack.idp}/api/v1/authn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ATTACKER, password: DEMO_PASSWORD }),
    });
    const { sessionToken } = (await answer.json()) as { sessionToken: string };
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const url = new URL('/oauth2/v1/authorize', stack.idp);
    for (const [key, value] of Object.entries({
      client_id: 'pantry-storefront',
      redirect_uri: `${origin}/account/auth/callback`,
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access shop used_credentials',
      state: 'attacker-state',
      nonce: 'attacker-nonce',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      sessionToken,
    }))
      url.searchParams.set(key, value);
    return url.toString();
  }

  /** The storefront's own authorize redirect for the attacker's sign-in, not followed by the attacker. */
  async function authorizeUrlFromOwnSignIn(): Promise<string> {
    const attacker = new Browser();
    await (await attacker.navigate(`${origin}/account/sign-in.html`)).response.arrayBuffer();
    const answer = await attacker.send(`${origin}/account/sign-in.html`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'password', email: ATTACKER, password: DEMO_PASSWORD, goto: '/' }),
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    });
    const location = answer.headers.get('Location') ?? '';
    expect(location).toContain('/oauth2/v1/authorize');
    expect(location).toContain('sessionToken=');
    return location;
  }

  /** What the attacker's page does: two top-level navigations, then the victim browses the store as usual. */
  async function attack(victim: Browser, authorizeUrl: string) {
    await (await victim.navigate(authorizeUrl, { headers: CROSS_SITE })).response.arrayBuffer();
    await (
      await victim.navigate(`${origin}/account/auth/sso?goto=/account/overview.html`, { headers: CROSS_SITE })
    ).response.arrayBuffer();
    // Later, a click inside the store (same-origin): the page's own silent sign-on runs.
    await (
      await victim.navigate(`${origin}/shop/aisles.html`, { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    ).response.arrayBuffer();
  }

  for (const [name, makeUrl] of [
    ['a token from the public authn API', authorizeUrlWithApiToken],
    ["the storefront's own authorize redirect for the attacker", authorizeUrlFromOwnSignIn],
  ] as const) {
    it(`leaves a fresh visitor a guest, given ${name}`, async () => {
      const victim = new Browser();
      await attack(victim, await makeUrl());
      const me = await whoAmI(victim, origin);
      expect(me.userType).not.toBe('C');
      expect(me.firstName ?? null).toBeNull();
    });

    it(`keeps a signed-in visitor signed in as themselves, given ${name}`, async () => {
      const victim = new Browser();
      await signIn(victim, origin, VICTIM);
      await attack(victim, await makeUrl());
      expect(await whoAmI(victim, origin)).toMatchObject({ userType: 'C', firstName: 'Jordan' });
    });
  }

  it('refuses a sessionToken on an authorize request it was not bound to', async () => {
    const victim = new Browser();
    await (await victim.navigate(await authorizeUrlWithApiToken(), { headers: CROSS_SITE })).response.arrayBuffer();
    const callback = victim.exchanges.find((exchange) => exchange.url.startsWith(`${origin}/account/auth/callback`));
    expect(new URL(callback!.url).searchParams.get('error')).toBe('login_required');
    expect(new URL(callback!.url).searchParams.has('code')).toBe(false);
  });

  it('does not start silent sign-on from another site, and does from the store itself', async () => {
    const guest = new Browser();
    const crossSite = await guest.send(`${origin}/account/auth/sso?goto=/`, { headers: CROSS_SITE });
    expect(crossSite.status).toBe(302);
    expect(crossSite.headers.get('Location')).toBe('/');
    const sameSite = await guest.send(`${origin}/account/auth/sso?goto=/`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameSite.headers.get('Location')).toContain('/oauth2/v1/authorize');
    expect(sameSite.headers.get('Location')).toContain('prompt=none');
  });
});
