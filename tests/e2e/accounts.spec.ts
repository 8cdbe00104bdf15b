import { expect, test, type Page } from './support/test';
import { expectSignedIn, signInWithPassword } from './support/sign-in';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';

async function latestOutboxBody(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const body = await outbox.getByTestId('outbox-message').filter({ hasText: recipient }).first().textContent();
  await outbox.close();
  return body ?? '';
}

test('creating an account signs the shopper in with the spec notice and keeps them signed in', async ({
  page,
  context,
}) => {
  const email = `new-${test.info().project.name}-${Date.now()}@pantry.test`;
  await page.goto('/account/create-account.html');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone').fill('(206) 555-0199');
  await page.getByLabel('Password').fill('Fresh-basil-42');
  await page.getByLabel('ZIP code').fill('98101');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('notice')).toHaveText('Account successfully created! You are now signed in.');
  await expectSignedIn(page, 'Robin');
  const user = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_USER');
  // Keep me signed in for 90 days after the automatic sign-in.
  expect(user!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);
  const kmsi = (await context.cookies()).find((cookie) => cookie.name === 'PANTRY_KMSI');
  expect(kmsi!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);
});

test('a new account sees the onboarding modal once, driven by the onboarding event cookie', async ({
  page,
  context,
}) => {
  const email = `onboard-${test.info().project.name}-${Date.now()}@pantry.test`;
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    ['First name', 'Avery'],
    ['Last name', 'Stone'],
    ['Email', email],
    ['Mobile phone', '2065550142'],
    ['Password', 'Fresh-basil-42'],
    ['ZIP code', '98101'],
  ])
    await page.getByLabel(label!).fill(value!);
  await page.getByRole('button', { name: 'Create account' }).click();
  const modal = page.getByTestId('onboarding-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading')).toHaveText('Welcome to Greenleaf Market, Avery!');
  await expect(modal).toContainText('This is your first time signed in.');
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('PANTRY_ONBOARDING_EVENT');
  expect(names).not.toContain('PANTRY_REINIT');
  await modal.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page.getByTestId('onboarding-modal')).toHaveCount(0);
  await page.reload();
  await expectSignedIn(page, 'Avery');
  await expect(page.getByTestId('onboarding-modal')).toHaveCount(0);
});

test('a reset started from the health app lands on the pharmacy create-account page, signed in', async ({
  page,
  context,
}) => {
  const email = `health-${test.info().project.name}-${Date.now()}@pantry.test`;
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    ['First name', 'Morgan'],
    ['Last name', 'Ito'],
    ['Email', email],
    ['Mobile phone', '2065550177'],
    ['Password', 'Original-pass-1'],
    ['ZIP code', '98101'],
  ])
    await page.getByLabel(label!).fill(value!);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, 'Morgan');
  await context.clearCookies();

  await page.goto('/account/forgot-password.html?source=health');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  const link = /(http:\/\/\S+\/account\/reset-password\?token=\S+)/.exec(await latestOutboxBody(page, email))![1]!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-3');
  await page.getByLabel('Confirm the new password').fill('Brand-new-pass-3');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/create-account\.html\?sendToHealthApp=true$/);
  await expect(page.getByRole('main').getByRole('status')).toContainText('Password successfully updated!');
  await expectSignedIn(page, 'Morgan');
});

test('creating an account refuses bad input with clear messages', async ({ page }) => {
  await page.goto('/account/create-account.html');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#firstName-error')).toHaveText('Enter your first name.');
  await expect(page.locator('#email-error')).toHaveText('Enter a valid email address.');
  await expect(page.locator('#password-error')).toHaveText('Use at least 8 characters.');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('an email that already has an account: no "already exists", the owner is emailed, nobody is signed in', async ({
  page,
  browser,
}) => {
  // A fresh account per run (the per-email sign-up limit is 5 an hour).
  const email = `taken-${test.info().project.name}-${Date.now()}@pantry.test`;
  const fill = async (target: Page, firstName: string) => {
    await target.goto('/account/create-account.html');
    for (const [label, value] of [
      ['First name', firstName],
      ['Last name', 'Rivera'],
      ['Email', email],
      ['Mobile phone', '2065550100'],
      ['Password', 'Fresh-basil-42'],
      ['ZIP code', '98101'],
    ])
      await target.getByLabel(label!).fill(value!);
    await target.getByRole('button', { name: 'Create account' }).click();
  };
  await fill(page, 'Jo');
  await expectSignedIn(page, 'Jo');
  // Someone else, in another browser, signs up with the same email (decision 0030).
  const other = await browser.newContext({ javaScriptEnabled: test.info().project.name !== 'nojs' });
  const stranger = await other.newPage();
  await fill(stranger, 'Mallory');
  await expect(stranger).toHaveURL(/\/account\/create-account\.html\?check-email=1$/);
  // With JavaScript, read the notice once React owns the page (it blanked a notice whose text was server-only).
  if (test.info().project.name === 'js')
    await stranger.waitForFunction(() =>
      Object.keys(document.querySelector('main form') ?? {}).some((key) => key.startsWith('__reactFiber')),
    );
  await expect(
    stranger.getByRole('status').filter({ hasText: 'We sent a message to the email address you entered' }),
  ).toBeVisible();
  await expect(stranger.locator('body')).not.toContainText('already exists');
  await expect(stranger.getByTestId('greeting')).toHaveCount(0);
  const names = (await other.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('PANTRY_USER');
  expect(names).not.toContain('PANTRY_ONBOARDING_EVENT');
  await other.close();
  expect(await latestOutboxBody(page, email)).toContain('You already have a Pantry account, so no new one was made.');
});

test('a forgotten password is reset through the emailed link, once', async ({ page, context }) => {
  // A fresh account per run, so the demo accounts keep their passwords.
  const email = `reset-${test.info().project.name}-${Date.now()}@pantry.test`;
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    ['First name', 'Casey'],
    ['Last name', 'Nguyen'],
    ['Email', email],
    ['Mobile phone', '2065550123'],
    ['Password', 'Original-pass-1'],
    ['ZIP code', '98101'],
  ])
    await page.getByLabel(label!).fill(value!);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, 'Casey');
  await context.clearCookies();

  await page.goto('/account/forgot-password.html');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`If an account exists for ${email}`);
  const link = /(http:\/\/\S+\/account\/reset-password\?token=\S+)/.exec(await latestOutboxBody(page, email))![1]!;

  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/setpassword\.html$/);
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-2');
  await page.getByLabel('Confirm the new password').fill('Brand-new-pass-2');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page.getByTestId('notice')).toHaveText(
    'Password successfully updated! You were signed out on your other devices.',
  );
  await expectSignedIn(page, 'Casey');

  // The set-password page is gone once used, and the link does not work twice.
  const denied = await page.goto('/account/setpassword.html');
  expect(denied?.status()).toBe(403);
  await context.clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/forgot-password\.html\?expired=1$/);

  await context.clearCookies();
  await signInWithPassword(page, email, { password: 'Brand-new-pass-2' });
  await expectSignedIn(page, 'Casey');
});

test('the set-password page denies access without the one-time cookie', async ({ page }) => {
  const response = await page.goto('/account/setpassword.html');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Access denied.')).toBeVisible();
});

test('asking to reset an unknown email answers exactly like a known one', async ({ page }) => {
  await page.goto('/account/forgot-password.html');
  await page.getByLabel('Email').fill('nobody-at-all@pantry.test');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'If an account exists for nobody-at-all@pantry.test, we sent it a link to reset the password. It works for 30 minutes.',
  );
});

test('the authentication service page clears the session cookie', async ({ page, context }) => {
  await page.goto('/?storeId=1001&preference=PICKUP');
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('PANTRY_SESSION');
  await page.goto('/account/auth/service/sign-in.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2F$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('PANTRY_SESSION');
});

test('a new account is asked once to complete its profile, and "Not now" puts it off', async ({
  page,
  browser,
}, testInfo) => {
  await createAccountOverHttp(page, 'Prompted');
  await page.goto('/account/overview.html');
  const prompt = page.getByTestId('profile-prompt');
  await expect(prompt.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  // Registration took a phone number; no delivery address is saved yet.
  await expect(prompt.getByRole('link', { name: 'Add a delivery address' })).toHaveAttribute(
    'href',
    '/account/addresses.html',
  );
  await expect(prompt.getByRole('link', { name: 'Add a phone number' })).toHaveCount(0);
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/account\/overview\.html$/);
  await expect(page.getByTestId('account-name')).toContainText('Prompted');
  await expect(page.getByTestId('profile-prompt')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('profile-prompt')).toHaveCount(0);
});
