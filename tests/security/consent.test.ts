import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantClientSecret } from '~/modules/identity/assistant-sign-in.server';
import { DIALECTS } from '../integration/support/databases';
import { Browser, DEMO_PASSWORD, signIn } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * Linking an assistant to an account (decision 0066): the identity provider asks the customer first,
 * with a page naming the assistant and what it gets; Deny sends the assistant access_denied, Allow a
 * code. The storefront's own sign-in asks nothing. A customer revokes a link from the account, which
 * ends the assistant's tokens, and cannot reach another customer's link.
 */
const JORDAN = 'jordan@pantry.test';
const SAM = 'sam@pantry.test';
const LINKED_APPS = '/account/linked-apps.html';
const LINKED_APPS_DATA = `${LINKED_APPS}?_data=${encodeURIComponent('routes/account.linked-apps[.]html')}`;

interface LinkedAppsData {
  clients: { grantId: string; clientId: string; name: string; access: string[] }[];
}

describe.each(DIALECTS)('consent for linked clients on %s', (dialect) => {
  let stack: Stack;
  let origin: string;
  let redirectUri: string;
  let clientSecret: string;
  beforeAll(async () => {
    stack = await startStack(dialect, 1);
    origin = stack.storefronts[0]!;
    redirectUri = `${origin}/dev/assistant`;
    const secrets = JSON.parse(readFileSync(path.join(stack.dataDir, 'idp-secrets.json'), 'utf8')) as {
      cookieKeys: string[];
    };
    clientSecret = assistantClientSecret(secrets.cookieKeys[0]!);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** Follows a navigation until it reaches the assistant's redirect URI (not loaded) or a page. */
  async function navigateUntilAssistant(browser: Browser, first: () => Promise<Response>, from: string) {
    let response = await first();
    let url = from;
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      await response.arrayBuffer();
      url = new URL(response.headers.get('Location')!, url).toString();
      if (url.startsWith(redirectUri)) return { url, response: null, body: '' };
      response = await browser.send(url);
    }
    return { url, response, body: await response.text() };
  }

  /** The assistant's sign-in link, then the password: where the customer ends up. */
  async function startLinking(browser: Browser, email: string, scope = 'openid profile offline_access') {
    const query = new URLSearchParams({
      client_id: 'pantry-assistant',
      redirect_uri: redirectUri,
      scope,
      state: 's-42',
    });
    await (await browser.navigate(`${origin}/account/sign-in.html?${query}`)).response.arrayBuffer();
    const pathname = '/account/sign-in.html';
    return navigateUntilAssistant(
      browser,
      () =>
        browser.send(`${origin}${pathname}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'password', email, password: DEMO_PASSWORD }),
          headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
        }),
      `${origin}${pathname}`,
    );
  }

  /** The consent page's button, as the page itself posts it. */
  function decide(browser: Browser, consentUrl: string, decision: string, headers: Record<string, string> = {}) {
    return navigateUntilAssistant(
      browser,
      () =>
        browser.send(consentUrl, {
          method: 'POST',
          body: new URLSearchParams({ decision }),
          headers: { Origin: stack.idp, 'Sec-Fetch-Site': 'same-origin', ...headers },
        }),
      consentUrl,
    );
  }

  async function token(fields: Record<string, string>) {
    const response = await fetch(`${stack.idp}/oauth2/v1/token`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Authorization: `Basic ${Buffer.from(`pantry-assistant:${clientSecret}`).toString('base64')}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  async function linkedApps(browser: Browser): Promise<LinkedAppsData> {
    const { response } = await browser.navigate(`${origin}${LINKED_APPS_DATA}`);
    expect(response.status).toBe(200);
    return (await response.json()) as LinkedAppsData;
  }

  it('asks before linking the assistant: a page naming it and what it gets, and no code until then', async () => {
    const browser = new Browser();
    const { url, response, body } = await startLinking(browser, JORDAN);
    expect(url).toMatch(new RegExp(`^${stack.idp}/interaction/[\\w-]+$`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<h1>Link Pantry Assistant to your Pantry account?</h1>');
    expect(body).toContain('your name, customer number, household number and club card number');
    expect(body).toContain('stay linked when you are away (offline access)');
    expect(body).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(body).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    // The provider's own headers: its page's one inline style carries this response's nonce.
    const csp = response!.headers.get('Content-Security-Policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(body).toContain(`<style nonce="${nonce}">`);
    expect(response!.headers.get('X-Frame-Options')).toBe('DENY');
    expect(browser.exchanges.some((exchange) => exchange.url.startsWith(redirectUri))).toBe(false);
  });

  it("refuses the assistant the storefront's own scopes before any page", async () => {
    for (const scope of ['openid used_credentials', 'openid shop']) {
      const { url } = await startLinking(new Browser(), JORDAN, scope);
      expect(url.startsWith(redirectUri)).toBe(true);
      expect(new URL(url).searchParams.get('error')).toBe('invalid_scope');
    }
  });

  it('sends the assistant access_denied when the customer denies, and links nothing', async () => {
    const browser = new Browser();
    const consent = await startLinking(browser, JORDAN);
    const { url } = await decide(browser, consent.url, 'deny');
    const answer = new URL(url);
    expect(`${answer.origin}${answer.pathname}`).toBe(redirectUri);
    expect(answer.searchParams.get('error')).toBe('access_denied');
    expect(answer.searchParams.get('state')).toBe('s-42');
    expect(answer.searchParams.has('code')).toBe(false);
    expect((await linkedApps(browser)).clients).toEqual([]);
  });

  it('refuses an answer to the consent page from another origin, or without the interaction cookie', async () => {
    const browser = new Browser();
    const consent = await startLinking(browser, JORDAN);
    const crossSite = await decide(browser, consent.url, 'allow', {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(crossSite.response?.status).toBe(403);
    const stranger = new Browser();
    const noCookie = await decide(stranger, consent.url, 'allow');
    expect(noCookie.response?.status).toBe(400);
    expect(noCookie.body).not.toMatch(/\bat [\w$.<>]+ \(.*:\d+:\d+\)/);
    expect(browser.exchanges.some((exchange) => exchange.url.startsWith(redirectUri))).toBe(false);
    expect((await linkedApps(browser)).clients).toEqual([]);
  });

  it('gives the assistant a code once the customer allows, for exactly what it asked', async () => {
    const browser = new Browser();
    const consent = await startLinking(browser, JORDAN, 'openid profile');
    const { url } = await decide(browser, consent.url, 'allow');
    const answer = new URL(url);
    expect(`${answer.origin}${answer.pathname}`).toBe(redirectUri);
    expect(answer.searchParams.get('code')).toBeTruthy();
    expect(answer.searchParams.get('state')).toBe('s-42');
    const [linked, ...others] = (await linkedApps(browser)).clients;
    expect(others).toEqual([]);
    expect(linked).toMatchObject({
      clientId: 'pantry-assistant',
      name: 'Pantry Assistant',
      access: [
        'know it is you (your Pantry account number)',
        'your name, customer number, household number and club card number',
      ],
    });
    await revoke(browser, linked!.grantId);
  });

  async function revoke(browser: Browser, grantId: string) {
    return browser.post(origin, LINKED_APPS, { intent: 'revoke', grantId });
  }

  it('ends the assistant’s refresh token when the customer revokes the link; another customer cannot', async () => {
    const browser = new Browser();
    const consent = await startLinking(browser, JORDAN);
    const { url } = await decide(browser, consent.url, 'allow');
    const code = new URL(url).searchParams.get('code')!;
    const issued = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    expect(issued.status).toBe(200);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token! });
    expect(refreshed.status).toBe(200);
    const [linked] = (await linkedApps(browser)).clients;
    expect(linked?.access).toContain('stay linked when you are away (offline access)');

    const sam = new Browser();
    await signIn(sam, origin, SAM);
    const stranger = await revoke(sam, linked!.grantId);
    expect(stranger.response.status).toBe(404);
    expect(await stranger.response.text()).toContain('We could not find that linked app.');
    // Another customer's attempt left the link alone: the assistant still renews (rotation: the newest token).
    const renewed = await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token! });
    expect(renewed.status).toBe(200);

    const revoked = await revoke(browser, linked!.grantId);
    expect(revoked.url).toBe(`${origin}${LINKED_APPS}?done=unlinked`);
    expect(await revoked.response.text()).toContain('The app was unlinked. It can no longer reach your account.');
    expect((await linkedApps(browser)).clients).toEqual([]);
    const after = await token({ grant_type: 'refresh_token', refresh_token: renewed.body.refresh_token! });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('still signs the customer in to the storefront without a consent page', async () => {
    const browser = new Browser();
    await signIn(browser, origin, JORDAN);
    const pages = browser.exchanges.filter((exchange) => exchange.url.startsWith(`${stack.idp}/interaction/`));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((exchange) => exchange.status === 303)).toBe(true);
  });
});
