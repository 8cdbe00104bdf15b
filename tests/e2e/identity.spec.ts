import { expect, test } from './support/test';
import { expectSignedIn, signInWithPassword } from './support/sign-in';

test.describe('signing in with a password', () => {
  test('a customer-only page sends a guest to sign in, then back to the page', async ({ page }) => {
    await page.goto('/account/overview.html');
    await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Faccount%2Foverview\.html$/);
    await signInWithPassword(page, 'jordan@pantry.test');
    await expect(page).toHaveURL(/\/account\/overview\.html$/);
    await expect(page.getByTestId('account-name')).toHaveText('Jordan Rivera');
    await expectSignedIn(page, 'Jordan');
  });

  test('shows the same message for a wrong password and an unknown email', async ({ page }) => {
    await signInWithPassword(page, 'bartholomew@pantry.test', { password: 'not-the-password-1' });
    const wrongPassword = await page.getByRole('alert').textContent();
    await page.goto('/account/sign-in.html');
    await signInWithPassword(page, 'nobody-here@pantry.test', { password: 'not-the-password-1' });
    await expect(page.getByRole('alert')).toHaveText(wrongPassword!);
    expect(wrongPassword).toBe("That email and password don't match our records.");
  });

  test('cuts a long first name in the greeting, and stacks a wide greeting above 1279 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithPassword(page, 'bartholomew@pantry.test');
    await expectSignedIn(page, 'Bartholomew-Alex...');
    if (test.info().project.name === 'js') {
      await expect(page.getByTestId('greeting')).toHaveAttribute('data-layout', 'wide');
      await page.setViewportSize({ width: 1200, height: 800 });
      await expect(page.getByTestId('greeting')).toHaveAttribute('data-layout', 'inline');
    }
  });

  test('never follows an unsafe goto after signing in', async ({ page }) => {
    await page.goto('/account/sign-in.html?goto=%2F%2Fevil.example%2Fsteal');
    await signInWithPassword(page, 'jordan@pantry.test');
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expectSignedIn(page, 'Jordan');
  });
});

test('signs in with a one-time passcode read from the outbox', async ({ page, context }) => {
  await page.goto('/account/sign-in.html');
  await page.getByLabel('Email').fill('jordan@pantry.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Email me a one-time code instead' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('we sent it a 6-digit code');
  const outbox = await context.newPage();
  await outbox.goto('/dev/outbox');
  const subject = await outbox
    .getByTestId('outbox-message')
    .filter({ hasText: 'jordan@pantry.test' })
    .first()
    .getByTestId('outbox-subject')
    .textContent();
  const code = /(\d{6})/.exec(subject ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await outbox.close();
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page, 'Jordan');
});

for (const remember of [true, false]) {
  test(`after the browser restarts, the customer is ${remember ? 'still' : 'no longer'} signed in ${remember ? 'with' : 'without'} "Keep me signed in"`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await signInWithPassword(page, 'jordan@pantry.test', { remember });
    await expectSignedIn(page, 'Jordan');
    // A browser restart keeps only cookies with an expiry.
    const state = await context.storageState();
    const reopened = await browser.newContext({
      baseURL,
      javaScriptEnabled: test.info().project.name !== 'nojs',
      storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
    });
    const again = await reopened.newPage();
    await again.goto('/account/overview.html');
    if (remember) await expect(again.getByTestId('account-name')).toHaveText('Jordan Rivera');
    else await expect(again).toHaveURL(/\/account\/sign-in\.html/);
    await reopened.close();
  });
}

test('signing out ends the session and remembers the store', async ({ page }) => {
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
  await page.goto('/account/overview.html');
  await page.getByRole('button', { name: 'Sign out' }).click();
  if (test.info().project.name === 'nojs') {
    // Without JavaScript the identity provider asks for one click to confirm.
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByTestId('store-chip')).toContainText('Greenleaf Market Seattle');
  await page.goto('/account/overview.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html/);
});

test('slows a browser after repeated wrong passwords and says when to try again', async ({ page }) => {
  let message = '';
  for (let attempt = 0; attempt < 7 && !message.includes('Too many attempts'); attempt++) {
    await page.goto('/account/sign-in.html');
    await signInWithPassword(page, 'sam@pantry.test', { password: `wrong-password-${attempt}` });
    message = (await page.getByRole('alert').textContent()) ?? '';
  }
  expect(message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
  // Other accounts are not affected (the wait itself is timed in tests/security/lockout.test.ts).
  await page.goto('/account/sign-in.html');
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
});

test('a signed-in customer visiting the sign-in page goes to the home page', async ({ page }) => {
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
  await page.goto('/account/sign-in.html');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('the sign-in error page resets the signed-in user', async ({ page }) => {
  await signInWithPassword(page, 'jordan@pantry.test');
  await expectSignedIn(page, 'Jordan');
  await page.goto('/IAUC408.html');
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await page.goto('/account/overview.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html/);
});

test.describe('single sign-on across banners', () => {
  test('signing in on one banner host signs the shopper in silently on another', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    await signInWithPassword(page, 'jordan@pantry.test');
    await expectSignedIn(page, 'Jordan');
    await page.goto(`http://sunridge.localhost:${port}/account/overview.html`);
    await expect(page).toHaveURL(`http://sunridge.localhost:${port}/account/overview.html`);
    await expect(page.getByTestId('account-name')).toHaveText('Jordan Rivera');
    await expect(page.getByRole('link', { name: 'Sunridge Foods home' })).toBeVisible();
  });

  test('after signing out on one host, another host asks to sign in', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    await signInWithPassword(page, 'jordan@pantry.test');
    await expectSignedIn(page, 'Jordan');
    await page.goto('/account/overview.html');
    await page.getByRole('button', { name: 'Sign out' }).click();
    if (test.info().project.name === 'nojs') await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
    await page.goto(`http://mesa.localhost:${port}/account/overview.html`);
    await expect(page).toHaveURL(new RegExp(`^http://mesa\\.localhost:${port}/account/sign-in\\.html\\?goto=`));
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('is attempted only once per browser session for a guest', async ({ page, context }) => {
    await page.goto('/account/sign-in.html');
    await expect(page.getByLabel('Email')).toBeVisible();
    // The count went back to 0 once the provider's answer was handled; its "no session" is kept instead.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'PANTRY_SIGNIN_COUNT')).toBeUndefined();
    const declined = cookies.find((cookie) => cookie.name === 'PANTRY_SSO_DECLINED');
    expect(declined?.expires).toBe(-1);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/account/sign-in.html');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(requests.filter((url) => url.includes('/oauth2/v1/authorize'))).toEqual([]);
  });
});
