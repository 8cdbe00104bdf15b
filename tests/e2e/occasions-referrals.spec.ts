import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { startFlagServer } from './support/flag-server';
import { placeDeliveryOrder } from './support/orders';

/** Today in the store's time zone (a 98101 customer shops at a Seattle store). */
function storeToday(): { month: string; day: string; monthName: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const month = parts.find((p) => p.type === 'month')!.value;
  const day = parts.find((p) => p.type === 'day')!.value;
  const monthName = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long' }).format(
    new Date(),
  );
  return { month, day, monthName };
}

async function fillBirthday(page: Page, month: string, day: string) {
  const birthday = page.getByRole('group', { name: 'Birthday' });
  await birthday.getByLabel('Month').selectOption(month);
  await birthday.getByLabel('Day').fill(day);
  await page.getByRole('button', { name: 'Save special days' }).click();
}

test('a customer records a birthday, and on the day clips a birthday treat from the account and the coupons', async ({
  page,
  browser,
}, testInfo) => {
  await createAccountOverHttp(page, 'Birthday');
  await page.goto('/account/profile.html');
  const section = page.getByTestId('special-occasions');
  await expect(section.getByRole('heading', { name: 'Special days' })).toBeVisible();

  // A day April does not have: a message on the field, nothing saved.
  await fillBirthday(page, '4', '31');
  await expect(section.getByText('April has no day 31.').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Birthday' }).getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('/account/profile.html');
  await expect(page.getByRole('group', { name: 'Birthday' }).getByLabel('Month')).toHaveValue('');
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);

  const today = storeToday();
  await fillBirthday(page, today.month, today.day);
  await expect(section.getByRole('status')).toContainText('Your special days are saved.');
  await page.goto('/account/profile.html');
  await expect(page.getByRole('group', { name: 'Birthday' }).getByLabel('Month')).toHaveValue(today.month);

  await page.goto('/account/overview.html');
  const offers = page.getByTestId('occasion-offers');
  await expect(offers.getByRole('heading', { name: 'Happy birthday, Birthday!' })).toBeVisible();
  const card = offers.getByTestId('offer-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Happy birthday! $5 off a bakery cake or dessert');
  // With JavaScript the button flips at once; the clip is saved when the post to /foru/clip answers.
  const clipped = page.waitForResponse((response) => new URL(response.url()).pathname === '/foru/clip');
  await card.getByRole('button', { name: /^Clip coupon/ }).click();
  expect((await clipped).status()).toBeLessThan(400);
  await expect(card.getByRole('button', { name: /Clipped/ })).toBeVisible();
  await page.goto('/account/overview.html');
  await expect(page.getByTestId('occasion-offers').getByRole('button', { name: /Clipped/ })).toBeVisible();

  // The coupons page shows it above everyone's offers, clipped; My list has it.
  await page.goto('/foru/coupons-deals.html');
  await expect(page.getByTestId('occasion-offers').getByRole('button', { name: /Clipped/ })).toBeVisible();
  await page.goto('/foru/my-list.html');
  await expect(page.getByText('Happy birthday! $5 off a bakery cake or dessert').first()).toBeVisible();
});

/** A page in a context of its own (another shopper), with the project's JavaScript setting. */
async function otherShopper(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  return context.newPage();
}

test("a friend signs up with a customer's share link and both get points at the friend's first order", async ({
  page,
  browser,
}, testInfo) => {
  const referrer = await otherShopper(browser, testInfo);
  await createAccountOverHttp(referrer, 'Referrer');
  await referrer.goto('/account/overview.html');
  const card = referrer.getByTestId('refer-a-friend');
  await expect(card.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  const code = (await card.getByTestId('referral-code').innerText()).trim();
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const link = await card.getByLabel('Share link').inputValue();
  expect(link).toMatch(new RegExp(`/account/create-account\\.html\\?ref=${code.replace('-', '')}$`));
  await expect(card.getByTestId('referral-summary')).toHaveText('No friends have joined with your code yet.');

  const { orderNumber } = await placeDeliveryOrder(page, 'Friend', 1, 'delivery', async (friend) => {
    const email = `friend-${Date.now().toString(36)}@pantry.test`;
    await friend.goto(new URL(link).pathname + new URL(link).search);
    const field = friend.getByLabel('Referral code (optional)');
    await expect(field).toHaveValue(code.replace('-', ''));
    await friend.getByLabel('First name').fill('Friend');
    await friend.getByLabel('Last name').fill('Tester');
    await friend.getByLabel('Email').fill(email);
    await friend.getByLabel('Mobile phone').fill('(206) 555-0177');
    await friend.getByLabel('Password').fill('Fresh-basil-42');
    await friend.getByLabel('ZIP code').fill('98101');
    // A code nobody has: the form comes back with a message on the field, and no account.
    await field.fill('ZZZZ-ZZZY');
    await friend.getByRole('button', { name: 'Create account' }).click();
    await expect(friend.getByText(/We do not know that referral code/).first()).toBeVisible();
    await expect(friend.getByLabel('Referral code (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(friend.getByLabel('First name')).toHaveValue('Friend');
    await friend.getByLabel('Referral code (optional)').fill(code.toLowerCase());
    await friend.getByLabel('Password').fill('Fresh-basil-42');
    await friend.getByRole('button', { name: 'Create account' }).click();
    await expect(friend.getByTestId('greeting')).toContainText('Hi, Friend');
    return email;
  });

  await page.goto('/foru/rewards.html');
  await expect(page.getByText(`Refer a friend: your first order ${orderNumber}`)).toBeVisible();
  await referrer.goto('/account/overview.html');
  await expect(referrer.getByTestId('referral-summary')).toHaveText('1 friend has joined · 1,000 points earned');
  await referrer.context().close();
});

/**
 * Both flags off, on a second storefront (support/flag-server.ts): one test, so one worker per project starts it.
 * The customer is signed in on the e2e server; its cookies reach the second server's port too.
 */
test.describe('with enableSpecialOccasion and referralProgramEnabled off', () => {
  let flagsOff: { origin: string; stop: () => Promise<void> } | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern.
  test.beforeAll(async ({}, testInfo) => {
    flagsOff = await startFlagServer(testInfo, 6, { enableSpecialOccasion: 'false', referralProgramEnabled: 'false' });
  });
  test.afterAll(() => flagsOff?.stop());

  test('no special days, no birthday offer, no refer-a-friend code, and a code at sign-up is ignored', async ({
    page,
    browser,
  }, testInfo) => {
    const off = flagsOff!.origin;
    await createAccountOverHttp(page, 'Flagless');
    // The birthday is set where the flag is on, without looking at the account there (which would give the offer).
    await page.goto('/account/profile.html');
    const today = storeToday();
    await fillBirthday(page, today.month, today.day);
    await expect(page.getByTestId('special-occasions').getByRole('status')).toContainText('saved');

    await page.goto(`${off}/account/profile.html`);
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByTestId('special-occasions')).toHaveCount(0);
    const refused = await page.request.post(`${off}/account/profile.html`, {
      form: { intent: 'occasions', birthdayMonth: '1', birthdayDay: '2', anniversaryMonth: '', anniversaryDay: '' },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('Birthdays and anniversaries are not part of your profile here.');

    await page.goto(`${off}/account/overview.html`);
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByTestId('occasion-offers')).toHaveCount(0);
    await expect(page.getByTestId('refer-a-friend')).toHaveCount(0);
    await page.goto(`${off}/foru/coupons-deals.html`);
    await expect(page.getByRole('heading', { name: 'Coupons & deals' })).toBeVisible();
    await expect(page.getByTestId('occasion-offers')).toHaveCount(0);
    // The birthday was kept (turning the flag on again shows it), unchanged by the refused post.
    await page.goto('/account/profile.html');
    await expect(page.getByRole('group', { name: 'Birthday' }).getByLabel('Month')).toHaveValue(today.month);

    // A referrer (where the flag is on), and a sign-up with their code where it is off: no field, the code ignored.
    const referrer = await otherShopper(browser, testInfo);
    await createAccountOverHttp(referrer, 'Sharer');
    await referrer.goto('/account/overview.html');
    const code = (await referrer.getByTestId('referral-code').innerText()).trim();
    const guest = await otherShopper(browser, testInfo);
    await guest.goto(`${off}/account/create-account.html?ref=${code}`);
    await expect(guest.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(guest.getByLabel('Referral code (optional)')).toHaveCount(0);
    const signUp = await guest.request.post(`${off}/account/create-account.html`, {
      form: {
        goto: '/',
        firstName: 'Ignored',
        lastName: 'Code',
        email: `ignored-${Date.now().toString(36)}@pantry.test`,
        phone: '2065550188',
        password: 'Fresh-basil-42',
        zipcode: '98101',
        referralCode: code,
      },
      maxRedirects: 0,
    });
    // Created and on its way to the automatic sign-in, with nothing recorded for the referrer.
    expect(signUp.status()).toBe(302);
    await referrer.goto('/account/overview.html');
    await expect(referrer.getByTestId('referral-summary')).toHaveText('No friends have joined with your code yet.');
    await referrer.context().close();
    await guest.context().close();
  });
});
