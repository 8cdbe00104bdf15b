import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { readSignedCookie } from './support/cookies';
import { signInWithPassword } from './support/sign-in';
import { replaceAccessToken } from './support/tokens';

const PROFILE = '/account/profile.html';

async function latestCode(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const subject = await outbox
    .getByTestId('outbox-message')
    .filter({ hasText: recipient })
    .first()
    .getByTestId('outbox-subject')
    .textContent();
  await outbox.close();
  return /(\d{6})/.exec(subject ?? '')?.[1] ?? '';
}

async function chooseFirstStore(page: Page, query: string) {
  await page.goto(`/set-store.html?${query}`);
  await page.getByTestId('store-result').first().getByRole('button').click();
}

/** The profile's saved method, read through the customer's own preferences API (the database's word). */
async function savedMethod(page: Page, banner = 'greenleaf') {
  const info = (await (await page.request.get('/api/userinfo?rand=1&banner=greenleaf')).json()) as {
    customer: { customerId: string };
  };
  const response = await page.request.get(`/api/customers/${info.customer.customerId}/preferences/fulfillment`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { byBanner: { banner: string; method: string | null }[] };
  return body.byBanner.find((prefs) => prefs.banner === banner)?.method ?? null;
}

test('a signed-in customer who changes fulfilment updates their profile, then the cookie', async ({
  page,
  context,
}) => {
  await createAccountOverHttp(page, 'Casey');
  expect(await savedMethod(page)).toBe('DELIVERY');
  // With JavaScript the store finder calls the session-update resource route; without, its own action.
  // The answer is read as it passes through, before the page navigates away (the browser may drop its body then).
  let answer: unknown = null;
  await page.route(
    (url) => url.pathname === '/api/session/update',
    async (route) => {
      const response = await route.fetch();
      answer = await response.json();
      await route.fulfill({ response });
    },
  );
  await chooseFirstStore(page, 'zipcode=98101&preference=Dug');
  if (test.info().project.name === 'js') {
    await expect
      .poll(() => answer)
      .toMatchObject({ success: true, message: 'We have Successfully updated your profile' });
  }
  await expect(page.getByTestId('notice')).toHaveText('We have Successfully updated your profile');
  await expect(page.getByTestId('store-chip')).toContainText('DriveUp & Go');
  expect(await savedMethod(page)).toBe('DUG');
  const session = (await readSignedCookie(context, 'PANTRY_SESSION')) as { info: { COMMON: Record<string, unknown> } };
  expect(session.info.COMMON).toMatchObject({ userType: 'C', preference: 'Dug' });

  await page.goto(PROFILE);
  const form = page.getByTestId('preferences-greenleaf');
  await expect(form.getByLabel('DriveUp & Go')).toBeChecked();
  await form.getByLabel('In-store').check();
  await form.getByRole('button', { name: 'Save preference' }).click();
  await expect(page.getByTestId('notice')).toHaveText('We have Successfully updated your profile');
  await expect(page.getByTestId('preferences-greenleaf').getByLabel('In-store')).toBeChecked();
  expect(await savedMethod(page)).toBe('J4U');
});

test('a guest who changes fulfilment changes only the cookie, never the profile', async ({ page, context }) => {
  const email = await createAccountOverHttp(page, 'Gale');
  await page.goto('/account/overview.html');
  await page.getByRole('button', { name: 'Sign out' }).click();
  if (test.info().project.name === 'nojs') await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();

  await chooseFirstStore(page, 'zipcode=98101&preference=Dug');
  await expect(page.getByTestId('store-chip')).toContainText('DriveUp & Go');
  await expect(page.getByTestId('notice')).toHaveCount(0);
  const guest = (await readSignedCookie(context, 'PANTRY_SESSION')) as { info: { COMMON: Record<string, unknown> } };
  expect(guest.info.COMMON).toMatchObject({ userType: 'G', preference: 'Dug' });

  await signInWithPassword(page, email, { password: 'Fresh-basil-42' });
  await expect(page.getByTestId('greeting')).toContainText('Hi, Gale');
  // The profile still holds the method chosen at registration: the guest's choice stayed in the cookie.
  expect(await savedMethod(page)).toBe('DELIVERY');
});

test("choosing another banner's store as a customer saves it and goes to that banner's host", async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  await createAccountOverHttp(page, 'Bay');
  await page.goto('/set-store.html?zipcode=94103&preference=Delivery');
  const bayside = page.getByTestId('store-result').filter({ hasText: 'Bayside Grocers' }).first();
  await bayside.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`^http://bayside\\.localhost:${port}/set-store/handoff\\?token=`));
  await expect(page.getByRole('heading', { name: 'Welcome to Bayside Grocers' })).toBeVisible();
  await page.goto(`${baseURL}${PROFILE}`);
  await expect(page.getByTestId('preferences-bayside')).toContainText('Bayside Grocers: Delivery');
  expect(await savedMethod(page, 'bayside')).toBe('DELIVERY');
});

test('the profile page edits the name, and refuses a bad one with a message', async ({ page }) => {
  await createAccountOverHttp(page, 'Noor');
  await page.goto(PROFILE);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByTestId('profile-club-card')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Sign-in & security' }).last()).toHaveAttribute(
    'href',
    '/account/security.html',
  );
  await page.getByLabel('First name').fill('Noora');
  await page.getByLabel('Last name').fill("O'Brien-Tester");
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText("Noora O'Brien-Tester");
  await page.getByLabel('First name').fill('N0ora<script>');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your first name can use letters, spaces, hyphens and apostrophes.',
  );
  await page.goto(PROFILE);
  await expect(page.getByTestId('profile-name')).toHaveText("Noora O'Brien-Tester");
});

test('the verification prompt shows once, not again within 180 days, and a code verifies the email', async ({
  page,
}) => {
  const email = await createAccountOverHttp(page, 'Vera');
  await page.goto(PROFILE);
  await expect(page.getByTestId('verify-prompt-email')).toBeVisible();
  await expect(page.getByTestId('verify-prompt-email')).toContainText('Verify your email');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByTestId('verify-prompt-email')).toHaveCount(0);
  await expect(page.getByTestId('profile-email')).toContainText('Not verified');

  await page.getByTestId('profile-email').getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('We sent a 6-digit code to your email.')).toBeVisible();
  await page.getByLabel('Verification code').fill('000000' === (await latestCode(page, email)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText("That code isn't right or has expired.");
  await page.getByLabel('Verification code').fill(await latestCode(page, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page.getByTestId('profile-email')).toContainText('Verified');
  await page.goto(PROFILE);
  await expect(page.getByTestId('verify-prompt-email')).toHaveCount(0);
});

test('the profile page sends a guest to sign in and back', async ({ page }) => {
  await page.goto(PROFILE);
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Faccount%2Fprofile\.html$/);
});

test('a kept-signed-in customer whose token lapsed is sent to sign in, then back to the store finder', async ({
  page,
  context,
  baseURL,
}) => {
  const email = await createAccountOverHttp(page, 'Kim');
  // Account creation keeps the customer signed in (PANTRY_KMSI true). The provider session ends (so
  // nothing renews the token silently) and the token lapses: the customer is R.
  const issuer = `http://localhost:${Number(new URL(baseURL!).port) + 1}`;
  expect((await page.request.delete(`${issuer}/api/v1/sessions/me`)).status()).toBe(204);
  await replaceAccessToken(context, baseURL!, -60);
  await chooseFirstStore(page, 'zipcode=98101&preference=Dug');
  await expect(page).toHaveURL(
    /\/account\/sign-in\.html\?goto=%2Fset-store\.html%3Fzipcode%3D98101%26preference%3DDug$/,
  );
  await signInWithPassword(page, email, { password: 'Fresh-basil-42' });
  await expect(page).toHaveURL(/\/set-store\.html\?zipcode=98101&preference=Dug$/);
  // Nothing was saved while the token had lapsed.
  expect(await savedMethod(page)).toBe('DELIVERY');
});

test('the profile page, with its verification prompts, has no accessibility violations', async ({
  page,
  browser,
}, testInfo) => {
  await createAccountOverHttp(page, 'Axel');
  await page.goto(PROFILE);
  await expect(page.getByTestId('verify-prompt-email')).toBeVisible();
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
});

test('a deep link opens the store finder for a signed-in customer, whose one click saves it to the profile', async ({
  page,
}) => {
  await createAccountOverHttp(page, 'Dee');
  await page.goto('/set-store.html?zipcode=98101&preference=Dug');
  const storeId = await page.getByTestId('store-result').nth(1).locator('input[name="storeId"]').inputValue();
  await page.goto(`/shop/aisles.html?storeId=${storeId}&preference=pickup&utm_source=mail`);
  await expect(page).toHaveURL(/\/set-store\.html\?/);
  const linked = page.getByTestId('store-result').first();
  await expect(linked.getByTestId('linked-store')).toBeVisible();
  expect(await linked.locator('input[name="storeId"]').inputValue()).toBe(storeId);
  expect(await savedMethod(page)).toBe('DELIVERY');
  await linked.getByRole('button').click();
  await expect(page).toHaveURL(/\/shop\/aisles\.html\?utm_source=mail&notice=profile-updated$/);
  await expect(page.getByTestId('notice')).toHaveText('We have Successfully updated your profile');
  expect(await savedMethod(page)).toBe('DUG');
});
