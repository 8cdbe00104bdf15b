import { expect, test, type Locator } from './support/test';
import { readSignedCookie } from './support/cookies';
import { expectSignedIn, signInOverHttp, signInWithPassword } from './support/sign-in';
import { replaceAccessToken } from './support/tokens';

const isJs = () => test.info().project.name === 'js';
const issuerOf = (baseURL: string) => `http://localhost:${Number(new URL(baseURL).port) + 1}`;

test('a customer whose token expired becomes R: sent to sign in again, then back to the page', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
  // While the provider session lives, a lapsed token is renewed silently; here it has ended too.
  expect((await page.request.delete(`${issuerOf(baseURL!)}/api/v1/sessions/me`)).status()).toBe(204);
  await replaceAccessToken(context, baseURL!, -60);
  await page.goto('/account/overview.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Faccount%2Foverview\.html$/);
  await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
  await signInWithPassword(page, 'jordan@pantry.test');
  await expect(page).toHaveURL(/\/account\/overview\.html$/);
  await expect(page.getByTestId('account-name')).toHaveText('Jordan Rivera');
});

for (const remember of [true, false]) {
  test(`an expired token is renewed from the refresh token on the next page, without the provider (keep me signed in: ${remember})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signInWithPassword(page, 'jordan@pantry.test', { remember });
    await expectSignedIn(page, 'Jordan');
    const signedIn = (await readSignedCookie(context, 'PANTRY_USER')) as { refreshToken?: string };
    expect(signedIn.refreshToken).toEqual(expect.any(String));
    await replaceAccessToken(context, baseURL!, -60, { keepRefreshToken: true });
    const lapsed = (await readSignedCookie(context, 'PANTRY_USER')) as { token: string };

    const toProvider: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(issuerOf(baseURL!))) toProvider.push(request.url());
    });
    await page.goto('/account/overview.html');
    await expect(page).toHaveURL(/\/account\/overview\.html$/);
    await expect(page.getByTestId('account-name')).toHaveText('Jordan Rivera');
    await expectSignedIn(page, 'Jordan');
    expect(toProvider).toEqual([]);

    const renewed = (await readSignedCookie(context, 'PANTRY_USER')) as {
      token: string;
      refreshToken?: string;
      remember?: boolean;
    };
    expect(renewed.token).not.toBe(lapsed.token);
    const claims = JSON.parse(Buffer.from(renewed.token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      customerId: string;
    };
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(40 * 60);
    expect(claims.customerId).toBe('500001');
    // The refresh token rotates, and the keep-me-signed-in choice (the cookie's lifetime) stays.
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.refreshToken).not.toBe(signedIn.refreshToken);
    expect(renewed.remember).toBe(remember);
    const user = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_USER');
    if (remember) expect(user!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);
    else expect(user!.expires).toBe(-1);
  });
}

test('after sign-out the old cookie cannot renew: its refresh token was revoked with the provider session', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithPassword(page, 'jordan@pantry.test', { remember: true });
  await expectSignedIn(page, 'Jordan');
  const kept = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_USER')!;
  await page.goto('/account/overview.html');
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Without JavaScript the identity provider asks for one click to confirm.
  if (!isJs()) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
  // Someone replays the cookie from before the sign-out, once its access token has lapsed.
  await context.addCookies([kept]);
  await replaceAccessToken(context, baseURL!, -60, { keepRefreshToken: true });
  expect(((await readSignedCookie(context, 'PANTRY_USER')) as { refreshToken?: string }).refreshToken).toEqual(
    expect.any(String),
  );
  await page.goto('/account/overview.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Faccount%2Foverview\.html$/);
});

test.describe('the session-timeout modal', () => {
  test.beforeEach(() => {
    test.skip(!isJs(), 'the modal runs in the page: without JavaScript the next page load finds the lapsed token');
  });

  test('appears when the token runs out on an open page, and "Stay signed in" renews the session', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    await replaceAccessToken(context, baseURL!, 3);
    await page.goto('/shop/aisles.html');
    const modal = page.getByTestId('session-timeout-modal');
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await expect(modal.getByRole('heading', { name: 'Your session has timed out' })).toBeVisible();
    await modal.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/shop\/aisles\.html$/);
    await expectSignedIn(page, 'Jordan');
    await expect(page.getByTestId('session-timeout-modal')).toHaveCount(0);
    const user = (await readSignedCookie(context, 'PANTRY_USER')) as { token: string };
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(40 * 60);
  });

  test('signs the customer out when the identity provider session has ended', async ({ page, context, baseURL }) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    // The provider session ends elsewhere (another tab signed out at the provider).
    const ended = await page.request.delete(`${issuerOf(baseURL!)}/api/v1/sessions/me`);
    expect(ended.status()).toBe(204);
    await replaceAccessToken(context, baseURL!, 3);
    await page.goto('/');
    const modal = page.getByTestId('session-timeout-modal');
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
    await expect(page.getByTestId('sign-out-reason')).toHaveText(
      'Your session ended, so we signed you out to keep your account safe.',
    );
    await page.goto('/account/overview.html');
    await expect(page).toHaveURL(/\/account\/sign-in\.html/);
  });
});

test('the keep-me-signed-in cookie is true for 90 days with the box ticked, false for the browser session without', async ({
  page,
  context,
}) => {
  await signInWithPassword(page, 'jordan@pantry.test', { remember: true });
  await expectSignedIn(page, 'Jordan');
  let kmsi = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_KMSI');
  expect(await readSignedCookie(context, 'PANTRY_KMSI')).toBe('true');
  expect(kmsi!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);

  await context.clearCookies();
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
  kmsi = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_KMSI');
  expect(await readSignedCookie(context, 'PANTRY_KMSI')).toBe('false');
  expect(kmsi!.expires).toBe(-1);
});

test('signing out clears the cart, coupons, slot and partner items from browser storage and keeps the store', async ({
  page,
}) => {
  test.skip(!isJs(), 'browser storage is written and cleared by the page script');
  await page.goto('/?storeId=1001&preference=DELIVERY&zipcode=98101');
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/account/overview.html');
  await page.evaluate(() => {
    localStorage.setItem('pantry.cart', '{"items":3}');
    localStorage.setItem('pantry.coupons', '[1,2]');
    localStorage.setItem('pantry.slot', '{"slot":"10-11"}');
    localStorage.setItem('pantry.partner.delivery', 'abc');
    localStorage.setItem('unrelated', 'keep');
  });
  // The page script writes the store data once it runs (hydrated), and only then handles the sign-out.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pantry.storeData'))).toContain('"storeId"');
  const storeData = await page.evaluate(() => localStorage.getItem('pantry.storeData'));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pantry.attribution'))).not.toBeNull();
  const visit = () =>
    page.evaluate(() => ({
      sessionId: localStorage.getItem('pantry.sessionId'),
      attribution: (JSON.parse(localStorage.getItem('pantry.attribution') ?? '{}') as { token?: string }).token,
    }));
  const before = await visit();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
  // The signed-out page shows the remembered store again, so once its script runs it writes the store data back,
  // and records the new session's id, a new visit and the store's flags (decision 0089).
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).sort()))
    .toEqual([
      'pantry.attribution',
      'pantry.previousStoreData',
      'pantry.sessionId',
      'pantry.storeData',
      'pantry.storeFlags',
      'pantry.timezone',
      'pantry.visitorId',
      'unrelated',
    ]);
  expect(await page.evaluate(() => localStorage.getItem('pantry.previousStoreData'))).toBe(storeData);
  const after = await visit();
  expect(after.sessionId).not.toBe(before.sessionId);
  expect(after.attribution).not.toBe(before.attribution);
});

test("a URL hash containing 'error' resets the keep-me-signed-in user", async ({ page, context }) => {
  test.skip(!isJs(), 'a URL hash never reaches the server, so only the page script can see it');
  await signInWithPassword(page, 'jordan@pantry.test', { remember: true });
  await expectSignedIn(page, 'Jordan');
  await page.goto('/shop/aisles.html#error=session');
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  // Also when only the hash changes on an open page.
  await signInWithPassword(page, 'jordan@pantry.test', { remember: true });
  await expectSignedIn(page, 'Jordan');
  await page.evaluate(() => {
    window.location.hash = 'login-error';
  });
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  expect(page.url()).not.toContain('#');
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('PANTRY_USER');
  expect(names).not.toContain('PANTRY_KMSI');
});

/**
 * With JavaScript, the modal's steps run in the page only once its code has loaded and mounted; a click before that
 * posts the server-rendered form to the sign-in page, as without JavaScript. Focus on the email field says nothing:
 * the server's markup carries `autofocus`, so the browser focuses it before any script runs. The dialog turns modal
 * (showModal, in the mounted component's effect) only once the live modal is in place.
 */
async function modalReady(modal: Locator) {
  if (isJs()) await expect.poll(() => modal.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
}

test.describe('the sign-in modal (ml link parameter)', () => {
  test('signs in over the current page and returns to it', async ({ page }) => {
    await page.goto('/shop/aisles.html?ml=sign-in');
    const modal = page.getByTestId('sign-in-modal');
    await expect(modal).toBeVisible();
    await modalReady(modal);
    await modal.getByLabel('Email').fill('jordan@pantry.test');
    await modal.getByRole('button', { name: 'Continue' }).click();
    // With JavaScript the password step stays in the modal; without it the sign-in page continues.
    const step = isJs() ? modal : page;
    await step.getByLabel('Password').fill('Pantry-demo-2026');
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/aisles\.html$/);
    await expectSignedIn(page, 'Jordan');
    await expect(page.getByTestId('sign-in-modal')).toHaveCount(0);
  });

  test('shows a wrong password in place, and closes back to the page', async ({ page }) => {
    await page.goto('/?ml=sign-in');
    const modal = page.getByTestId('sign-in-modal');
    await modalReady(modal);
    await modal.getByLabel('Email').fill('jordan@pantry.test');
    await modal.getByRole('button', { name: 'Continue' }).click();
    const step = isJs() ? modal : page;
    await step.getByLabel('Password').fill('not-the-password-1');
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(step.getByRole('alert')).toHaveText("That email and password don't match our records.");
    if (isJs()) {
      await modal.getByRole('link', { name: 'Close sign-in' }).click();
      await expect(page.getByTestId('sign-in-modal')).toHaveCount(0);
      await expect(page).toHaveURL(/localhost:\d+\/$/);
    }
  });

  test('waits for its code when it arrives late, then still signs in in place', async ({ page }) => {
    test.skip(!isJs(), 'without JavaScript there is no modal code to wait for');
    // The modal's chunk held back: its server markup (email field already focused by `autofocus`) is all there is.
    await page.route('**/build/**/SignInModal-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/?ml=sign-in');
    const modal = page.getByTestId('sign-in-modal');
    await expect(modal.getByLabel('Email')).toBeFocused();
    await modalReady(modal);
    await modal.getByLabel('Email').fill('jordan@pantry.test');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await expect(modal.getByLabel('Password')).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/\?ml=sign-in$/);
  });

  test('opens from the header with JavaScript; without it the header links to the sign-in page', async ({ page }) => {
    await page.goto('/shop/aisles.html');
    await page.getByTestId('header-sign-in').click();
    if (isJs()) {
      await expect(page).toHaveURL(/\/shop\/aisles\.html\?ml=sign-in$/);
      await expect(page.getByTestId('sign-in-modal')).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Fshop%2Faisles\.html$/);
    }
  });
});

test.describe('assistant sign-in', () => {
  const redirectUri = (baseURL: string) => `${baseURL}/dev/assistant`;

  test('with all four parameters, the assistant receives a code and its state after sign-in and consent', async ({
    page,
    baseURL,
  }) => {
    const query = new URLSearchParams({
      client_id: 'pantry-assistant',
      redirect_uri: redirectUri(baseURL!),
      scope: 'openid profile',
      state: 'assistant-state-42',
    });
    await page.goto(`/account/sign-in.html?${query}`);
    await expect(page.getByText('Sign in to link your account with your assistant.')).toBeVisible();
    await signInWithPassword(page, 'jordan@pantry.test');
    await expect(page.getByRole('heading', { name: 'Link Pantry Assistant to your Pantry account?' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/dev\/assistant\?code=[^&]+&state=assistant-state-42/);
    await expect(page.getByTestId('assistant-result')).toHaveText('Authorization code received');
    await expect(page.getByTestId('assistant-state')).toHaveText('assistant-state-42');
  });

  test('with a parameter missing, or an unregistered redirect_uri, nothing is stored', async ({ page, baseURL }) => {
    for (const query of [
      new URLSearchParams({ client_id: 'pantry-assistant', redirect_uri: redirectUri(baseURL!), state: 's1' }),
      new URLSearchParams({
        client_id: 'pantry-assistant',
        redirect_uri: 'https://evil.example/cb',
        scope: 'openid',
        state: 's2',
      }),
    ]) {
      await page.context().clearCookies();
      await page.goto(`/account/sign-in.html?${query}`);
      await expect(page.getByText('Sign in to link your account with your assistant.')).toHaveCount(0);
      await signInWithPassword(page, 'jordan@pantry.test');
      await expect(page).toHaveURL(/localhost:\d+\/$/);
      await expectSignedIn(page, 'Jordan');
    }
  });
});

test('the user-info call describes the shopper and refuses another banner', async ({ page, request }) => {
  const anonymous = await request.get('/api/userinfo?rand=abc&banner=greenleaf');
  expect(anonymous.status()).toBe(200);
  expect(await anonymous.json()).toMatchObject({
    userType: 'A',
    registered: false,
    customer: null,
    activeSession: null,
  });
  const wrong = await request.get('/api/userinfo?rand=abc&banner=mesa');
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).error.code).toBe('WRONG_BANNER');

  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  const signedIn = await page.request.get('/api/userinfo?rand=def&banner=greenleaf');
  const info = await signedIn.json();
  expect(info).toMatchObject({ userType: 'C', registered: true, customer: { firstName: 'Jordan' } });
  expect(info.customer.expireTime).toBeGreaterThan(Date.now());
  // The account's standing flags and the active-session user (decision 0086).
  expect(info.customer).toMatchObject({ isClosed: false, multiAccounts: false, boxTopAuth: false });
  expect(info.activeSession).toMatchObject({
    customerId: info.customer.customerId,
    firstName: 'Jordan',
    uuid: info.customer.UUID,
    tokenExpiration: info.customer.expireTime,
    searchUid: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  });
  expect(JSON.stringify(info)).not.toContain('eyJ'); // no token is handed to page scripts
});
