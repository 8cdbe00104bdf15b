/**
 * SAML sign-in for the company's other sites (decision 0096), through the production build on both databases: a
 * service provider's request survives the sign-in and yields a response the provider verifies; bad, unknown,
 * misdirected and replayed requests get the sign-in page with a clear message (400), keep nothing, and never a 5xx.
 */
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import {
  authnRequestXml,
  certificateFromMetadata,
  encodeRedirect,
  verifySamlResponse,
  type AuthnRequestInput,
} from '../support/saml-service-provider';
import { DEMO_PASSWORD, JORDAN_EMAIL, startInProcessApp, type Browser, type InProcessApp } from './support/app';

const SP = {
  entityId: 'https://recipes.pantry.example/saml',
  acs: 'https://recipes.pantry.example/saml/acs',
  name: 'Pantry Recipes',
};
const UNTRUSTED_SP = { entityId: 'https://partner.example/saml', acs: 'https://partner.example/acs', name: 'Partner' };
const MESSAGES = {
  unreadable: 'This sign-in link from another site could not be read. Go back to that site and try again.',
  unknown: 'This sign-in link comes from a site Pantry does not sign you in to. Go back to that site and try again.',
  wrongAcs:
    'This sign-in link asks to return to an address its site has not registered with Pantry. Go back to that site and try again.',
  used: 'This sign-in link from another site was already used. Go back to that site and try again.',
};

let counter = 0;
function samlQuery(overrides: Partial<AuthnRequestInput> = {}, relayState?: string) {
  const id = overrides.id ?? `_sec${Date.now()}${counter++}`;
  const params = new URLSearchParams({
    SAMLRequest: encodeRedirect(authnRequestXml({ id, issuer: SP.entityId, acs: SP.acs, ...overrides })),
  });
  if (relayState) params.set('RelayState', relayState);
  return { id, search: `?${params}` };
}

/** The service provider's redirect: a navigation another site started (no silent sign-on starts from it). */
const FROM_PROVIDER = { headers: { 'Sec-Fetch-Site': 'cross-site', Referer: 'https://recipes.pantry.example/' } };

function hiddenField(html: string, name: string): string | null {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return match
    ? match[1]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
    : null;
}

/** Unescaped text of the page (React writes apostrophes and quotes as entities). */
function pageText(html: string) {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe.each(DIALECTS)('SAML sign-in for another company site, production build on %s', (dialect) => {
  let app: InProcessApp;
  let certificatePem: string;

  beforeAll(async () => {
    app = await startInProcessApp(dialect, {
      TRUSTED_DOMAINS: 'https://recipes.pantry.example',
      SAML_SERVICE_PROVIDERS: JSON.stringify([SP, UNTRUSTED_SP]),
    });
    const metadata = await app.handle(new Request(`${app.origin}/account/saml/metadata`));
    expect(metadata.headers.get('Content-Type')).toMatch(/^application\/samlmetadata\+xml/);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${app.origin}/account/saml/metadata"`);
    expect(xml).toContain(`Location="${app.origin}/account/sign-in.html"`);
    certificatePem = certificateFromMetadata(xml);
  }, 180_000);
  afterAll(async () => {
    delete process.env.SAML_SERVICE_PROVIDERS;
    delete process.env.TRUSTED_DOMAINS;
    await app?.close();
  });

  /** Signs in with the sign-in page's form, carrying the page's goto, and returns where the browser lands. */
  async function signInFromPage(browser: Browser, goto: string): Promise<URL> {
    let response = await browser.request('/account/sign-in.html', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'password', email: JORDAN_EMAIL, password: DEMO_PASSWORD, goto }),
    });
    let current = new URL('/account/sign-in.html', app.origin);
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
      await response.body?.cancel();
      current = new URL(response.headers.get('Location')!, current);
      if (current.origin === app.origin && !current.pathname.startsWith('/account/auth/')) return current;
      response = await browser.request(current.toString());
    }
    throw new Error(`sign-in did not complete: ${response.status}`);
  }

  async function expectAnswer(browser: Browser, requestId: string, relayState: string | null) {
    const page = await browser.request('/account/saml/continue');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Content-Security-Policy')).toContain(`form-action 'self'`);
    expect(page.headers.get('Content-Security-Policy')).toContain('https://recipes.pantry.example');
    const html = await page.text();
    expect(html).toContain(`action="${SP.acs}"`);
    expect(hiddenField(html, 'RelayState')).toBe(relayState);
    const customer = await app.database.db
      .selectFrom('customers')
      .select('uuid')
      .where('email', '=', JORDAN_EMAIL)
      .executeTakeFirstOrThrow();
    const verified = verifySamlResponse(hiddenField(html, 'SAMLResponse')!, {
      certificatePem,
      idpEntityId: `${app.origin}/account/saml/metadata`,
      audience: SP.entityId,
      acs: SP.acs,
      requestId,
    });
    expect(verified.nameId).toBe(customer.uuid);
    expect(browser.jar.has('PANTRY_SAML_REQUEST')).toBe(false);
  }

  it('keeps a guest’s request through a password sign-in and answers it with a verifiable response', async () => {
    const browser = app.browser();
    const { id, search } = samlQuery({}, 'recipes/42');
    const page = await browser.request(`/account/sign-in.html${search}`, FROM_PROVIDER);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign in to continue to Pantry Recipes.');
    expect(hiddenField(html, 'goto')).toBe('/account/saml/continue');
    expect(browser.jar.has('PANTRY_SAML_REQUEST')).toBe(true);
    const landed = await signInFromPage(browser, '/account/saml/continue');
    expect(landed.pathname).toBe('/account/saml/continue');
    await expectAnswer(browser, id, 'recipes/42');
  });

  it('sends an already signed-in customer straight on to the answer', async () => {
    const browser = app.browser();
    await browser.signIn();
    const { id, search } = samlQuery();
    const page = await browser.request(`/account/sign-in.html${search}`, FROM_PROVIDER);
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/account/saml/continue');
    await expectAnswer(browser, id, null);
  });

  it('refuses the same request once it was answered', async () => {
    const browser = app.browser();
    await browser.signIn();
    const { id, search } = samlQuery();
    await (await browser.request(`/account/sign-in.html${search}`, FROM_PROVIDER)).body?.cancel();
    await expectAnswer(browser, id, null);
    const again = await browser.request(`/account/sign-in.html${search}`, FROM_PROVIDER);
    expect(again.status).toBe(400);
    expect(pageText(await again.text())).toContain(MESSAGES.used);
    expect(browser.jar.has('PANTRY_SAML_REQUEST')).toBe(false);
  });

  const BAD: [string, () => string, string][] = [
    ['not base64', () => '?SAMLRequest=%25%25%25not-base64', MESSAGES.unreadable],
    [
      'base64 that is not DEFLATE',
      () => `?SAMLRequest=${encodeURIComponent(Buffer.from('hello').toString('base64'))}`,
      MESSAGES.unreadable,
    ],
    [
      'DEFLATE that is not XML',
      () => `?SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from('{"json": true}')).toString('base64'))}`,
      MESSAGES.unreadable,
    ],
    ['an empty SAMLRequest', () => '?SAMLRequest=', MESSAGES.unreadable],
    ['an unknown service provider', () => samlQuery({ issuer: 'https://evil.example/saml' }).search, MESSAGES.unknown],
    [
      'a provider whose ACS is not a trusted domain',
      () => samlQuery({ issuer: UNTRUSTED_SP.entityId, acs: UNTRUSTED_SP.acs }).search,
      MESSAGES.unknown,
    ],
    [
      'an ACS other than the registered one',
      () => samlQuery({ acs: 'https://evil.example/steal' }).search,
      MESSAGES.wrongAcs,
    ],
  ];

  it.each(BAD)(
    'answers %s with the sign-in page, a clear message and 400, keeping nothing',
    async (_name, query, message) => {
      for (const signedIn of [false, true]) {
        const browser = app.browser();
        if (signedIn) await browser.signIn();
        const before = await app.snapshot();
        const page = await browser.request(`/account/sign-in.html${query()}`, FROM_PROVIDER);
        expect(page.status).toBe(400);
        expect(page.headers.get('Location')).toBeNull();
        const html = pageText(await page.text());
        expect(html).toContain(message);
        expect(html).toContain('<form');
        expect(html).not.toMatch(/at \w+ \(|node_modules/);
        expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith('PANTRY_SAML_REQUEST='))).toBe(false);
        expect(await app.snapshot()).toEqual(before);
      }
    },
  );

  it('never posts anywhere but the registered ACS: a forged pending cookie is ignored', async () => {
    const browser = app.browser();
    await browser.signIn();
    browser.jar.set(
      'PANTRY_SAML_REQUEST',
      Buffer.from(JSON.stringify({ id: '_x', spEntityId: SP.entityId, acs: 'https://evil.example/' })).toString(
        'base64',
      ),
    );
    const page = await browser.request('/account/saml/continue');
    expect(page.status).toBe(400);
    const html = pageText(await page.text());
    expect(html).toContain('No sign-in from another site is waiting here. Go back to that site and start again.');
    expect(html).not.toContain('evil.example');
  });

  it('sends a guest on the answering page to sign in first, and back', async () => {
    const response = await app.browser().request('/account/saml/continue', FROM_PROVIDER);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/sign-in.html?goto=%2Faccount%2Fsaml%2Fcontinue');
  });

  it('lets no other page post to a provider (CSP form-action)', async () => {
    const page = await app.browser().request('/account/sign-in.html', FROM_PROVIDER);
    expect(page.headers.get('Content-Security-Policy')).not.toContain('recipes.pantry.example');
    await page.body?.cancel();
  });
});
