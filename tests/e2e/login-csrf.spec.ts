/**
 * Login CSRF in a real browser: a page of another site (the attacker's, on 127.0.0.1: another site than
 * localhost) sends the visitor's browser through top-level navigations to the identity provider, with a
 * sessionToken of the attacker's account, and to the storefront's silent sign-on. The visitor must never end
 * up signed in as the attacker, whether they came as a guest or signed in.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { createAccountOverHttp } from './support/accounts';
import { expect, test, type Browser, type Page } from './support/test';
import { expectSignedIn, signInOverHttp, signInWithPassword } from './support/sign-in';
import { replaceAccessToken } from './support/tokens';

const ATTACKER_PASSWORD = 'Fresh-basil-42';
const issuerOf = (baseURL: string) => `http://localhost:${Number(new URL(baseURL).port) + 1}`;

let attackerSite: Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  // The attacker's page: it sends the visitor on to `to` (a meta refresh: no JavaScript needed).
  attackerSite = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://attacker').searchParams.get('to') ?? '/';
    const href = to.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Win a prize</title><meta http-equiv="refresh" content="0;url=${href}">`);
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attackerSite.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attackerSite.close(() => resolve())));

/** The attacker's own account: a fresh one per test, so no other test's lock-outs or sign-ins get in the way. */
async function attackerAccount(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const email = await createAccountOverHttp(await context.newPage(), 'Mallory');
  await context.close();
  return email;
}

/** An authorize URL the attacker built around a token from the provider's public primary-authentication API. */
async function authorizeUrlWithApiToken(baseURL: string, attacker: string): Promise<string> {
  const issuer = issuerOf(baseURL);
  const answer = await fetch(`${issuer}/api/v1/authn`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: attacker, password: ATTACKER_PASSWORD }),
  });
  const { sessionToken } = (await answer.json()) as { sessionToken: string };
  const url = new URL('/oauth2/v1/authorize', issuer);
  for (const [key, value] of Object.entries({
    client_id: 'pantry-storefront',
    redirect_uri: `${baseURL}/account/auth/callback`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access shop used_credentials',
    state: 'attacker-state',
    nonce: 'attacker-nonce',
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
    code_challenge_method: 'S256',
    sessionToken,
  }))
    url.searchParams.set(key, value);
  return url.toString();
}

/** The storefront's own authorize redirect after the attacker's sign-in, which the attacker does not follow. */
async function authorizeUrlFromOwnSignIn(baseURL: string, attacker: string): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL });
  const answer = await context.post('/account/sign-in.html', {
    form: { intent: 'password', email: attacker, password: ATTACKER_PASSWORD, goto: '/' },
    maxRedirects: 0,
  });
  await context.dispose();
  const location = answer.headers()['location'] ?? '';
  expect(location).toContain('sessionToken=');
  return location;
}

async function viaAttacker(page: Page, to: string) {
  await page.goto(`${attackerOrigin}/?to=${encodeURIComponent(to)}`);
  await page.waitForURL((url) => url.origin !== attackerOrigin);
  await page.waitForLoadState('load');
}

async function attack(page: Page, baseURL: string, authorizeUrl: string) {
  await viaAttacker(page, authorizeUrl);
  await viaAttacker(page, `${baseURL}/account/auth/sso?goto=/account/overview.html`);
  // Later the visitor opens the store again (a typed address: silent sign-on may run there).
  await page.goto('/account/overview.html');
}

for (const [name, makeUrl] of [
  ['a token from the public authn API', authorizeUrlWithApiToken],
  ["the storefront's own authorize redirect for the attacker", authorizeUrlFromOwnSignIn],
] as const) {
  test(`another site cannot sign a guest in as the attacker, given ${name}`, async ({ page, browser, baseURL }) => {
    await attack(page, baseURL!, await makeUrl(baseURL!, await attackerAccount(browser, baseURL!)));
    await expect(page).toHaveURL(/\/account\/sign-in\.html/);
    await expect(page.getByTestId('greeting')).toHaveCount(0);
  });

  test(`another site cannot swap a signed-in customer for the attacker, given ${name}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const attacker = await attackerAccount(browser, baseURL!);
    await page.goto('/');
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    await attack(page, baseURL!, await makeUrl(baseURL!, attacker));
    await expect(page.getByTestId('account-name')).toHaveText('Jordan Rivera');
    await expectSignedIn(page, 'Jordan');
  });
}

test('a different account arriving by single sign-on signs the known customer out, and says so', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const other = await attackerAccount(browser, baseURL!);
  await page.goto('/');
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  // On another banner (signed in there silently) Jordan signs out and another customer signs in: the provider's
  // session is theirs. On the first banner Jordan's token has lapsed meanwhile.
  await page.goto(`http://sunridge.localhost:${port}/account/overview.html`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  if (test.info().project.name === 'nojs') await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
  await page.goto(`http://sunridge.localhost:${port}/account/sign-in.html`);
  await signInWithPassword(page, other, { password: ATTACKER_PASSWORD });
  await expectSignedIn(page, 'Mallory');
  await replaceAccessToken(context, baseURL!, -60);
  // Back on the first banner, silent sign-on would bring the other account where this browser knows Jordan:
  // Jordan is signed out instead, with the reason.
  await page.goto(`http://localhost:${port}/account/overview.html`);
  await expect(page).toHaveURL(/\/account\/signed-out\?state=other-account$/);
  await expect(page.getByTestId('sign-out-reason')).toHaveText(
    'A different account was signed in on this browser, so we signed you out of yours to keep it safe. Please sign in again.',
  );
  await expect(page.getByTestId('greeting')).toHaveCount(0);
});
