import { expect, test } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { addToCart } from './support/cart';
import { axeViolations } from './support/axe';
import { expectSignedIn, signInOverHttp, signInWithPassword } from './support/sign-in';
import { reserveWindow } from './support/orders';

const PAYMENT = '/shop/delivery-subscription/payment.html';

test.describe('delivery subscription', () => {
  test('a customer picks a plan, adds a card, subscribes, sees the status and cancels', async ({
    page,
    browser,
  }, testInfo) => {
    await createAccountOverHttp(page, 'Subscriber');
    await page.goto('/shop/delivery-subscription.html');
    await expect(page.getByTestId('delivery-plan')).toHaveCount(2);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await page.getByRole('link', { name: 'Choose monthly' }).click();
    await expect(page).toHaveURL(`${PAYMENT}?subscriptioncode=MONTHLY`);
    await expect(page.getByRole('heading', { name: 'Pay for Delivery Pass Monthly' })).toBeVisible();
    await expect(page.getByText('no card is charged')).toBeVisible();
    await expect(page.getByText('Add a card below to subscribe.')).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('11/31');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByLabel(/Visa ending in 4242/)).toBeChecked();
    await page.getByRole('button', { name: /^Subscribe for / }).click();

    await expect(page).toHaveURL(/\/account\/delivery-subscription\.html\?subscribed=1/);
    await expect(page.getByRole('status')).toContainText('You are subscribed.');
    const status = page.getByTestId('subscription-status');
    await expect(status).toContainText('Delivery Pass Monthly');
    await expect(status).toContainText('Active');
    await expect(status).toContainText('Visa ending in 4242');
    await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    await page.goto('/account/overview.html');
    await expect(page.getByTestId('overview-subscription')).toContainText('Delivery Pass Monthly, active until');

    // A second subscription is refused with a clear message.
    await page.goto(`${PAYMENT}?subscriptioncode=ANNUAL`);
    await expect(page.getByRole('status')).toContainText('You already have an active delivery subscription.');
    await expect(page.getByRole('button', { name: /^Subscribe for / })).toHaveCount(0);

    await page.goto('/account/delivery-subscription.html');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('status')).toContainText('Your delivery subscription is cancelled.');
    await expect(page.getByTestId('subscription-status')).toContainText('No delivery subscription');
    await expect(page.getByRole('region', { name: 'Past subscriptions' })).toContainText('Cancelled');
    await page.goto('/account/overview.html');
    await expect(page.getByTestId('overview-subscription')).toContainText('none');
  });

  test('a subscriber pays no 2-hour delivery fee at checkout once the basket reaches the minimum', async ({ page }) => {
    await createAccountOverHttp(page, 'Freebie');
    await page.goto(`${PAYMENT}?subscriptioncode=MONTHLY`);
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: /^Subscribe for / }).click();
    await expect(page.getByTestId('subscription-status')).toContainText('Active');

    await page.goto('/');
    await addToCart(
      page
        .locator('article')
        .filter({ has: page.getByRole('button', { name: /^(Add to cart|Adding…|Add another): / }) })
        .first(),
    );
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await reserveWindow(page, 'delivery', /^Reserve 2-hour delivery /);

    // One item is under the $35.00 minimum: the fee is charged.
    await page.goto('/shop/checkout.html');
    await expect(page.getByTestId('checkout-fee')).toHaveText('$4.95');
    // Enough of it to pass the minimum: the same fee is waived.
    await page.goto('/shop/cart.html');
    await page.getByLabel(/^Quantity of /).fill('99');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('99');
    await page.goto('/shop/checkout.html');
    await expect(page.getByTestId('checkout-fee')).toContainText('Free with your delivery pass');
  });

  test('a guest is sent to sign in and comes back to the payment page to subscribe', async ({ page, context }) => {
    const email = await createAccountOverHttp(page, 'Returner');
    await context.clearCookies();
    await page.goto(`${PAYMENT}?subscriptioncode=ANNUAL`);
    await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=/);
    expect(new URL(page.url()).searchParams.get('goto')).toBe(`${PAYMENT}?subscriptioncode=ANNUAL`);
    await signInWithPassword(page, email, { password: 'Fresh-basil-42' });
    await expect(page).toHaveURL(`${PAYMENT}?subscriptioncode=ANNUAL`);
    await expectSignedIn(page, 'Returner');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: /^Subscribe for / }).click();
    await expect(page.getByTestId('subscription-status')).toContainText('Delivery Pass Annual');
  });

  test('an unknown plan code gets a clear page', async ({ page }) => {
    await createAccountOverHttp(page, 'Planless');
    const response = await page.goto(`${PAYMENT}?subscriptioncode=WEEKLY`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('We could not find that delivery plan.');
  });

  test('the subscriptions API answers for the owner only', async ({ page, request }) => {
    await createAccountOverHttp(page, 'Apiowner');
    const info = await (await page.request.get('/api/userinfo')).json();
    const customerId = String(info.customer?.customerId);
    expect(customerId).toMatch(/^\d+$/);
    const mine = await page.request.get(`/api/customers/${customerId}/subscriptions`);
    expect(mine.status()).toBe(200);
    expect(await mine.json()).toEqual({ customerId, subscriptions: [] });
    const other = await page.request.get('/api/customers/500001/subscriptions');
    expect(other.status()).toBe(404);
    expect((await other.json()).error.code).toBe('NOT_FOUND');
    const url = `/api/customers/${customerId}/subscriptions`;
    expect(
      (await (await page.request.post(url, { data: { subscriptionCode: 'MONTHLY', tenderId: 999999 } })).json()).error
        .code,
    ).toBe('NO_TENDER');
    await page.goto(`${PAYMENT}?subscriptioncode=MONTHLY`);
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    const tenderId = Number(await page.getByRole('radio').first().getAttribute('value'));
    const created = await page.request.post(url, { data: { subscriptionCode: 'annual', tenderId } });
    expect(created.status()).toBe(201);
    const { subscription } = await created.json();
    expect(subscription).toMatchObject({ planCode: 'ANNUAL', status: 'active', tender: 'Visa ending in 1111' });
    const twice = await page.request.post(url, { data: { subscriptionCode: 'MONTHLY', tenderId } });
    expect(twice.status()).toBe(409);
    expect((await twice.json()).error.code).toBe('ALREADY_SUBSCRIBED');
    const unknown = await page.request.post(url, { data: { subscriptionCode: 'WEEKLY', tenderId } });
    expect((await unknown.json()).error.code).toBe('BAD_REQUEST');
    const elsewhere = await page.request.delete('/api/customers/500001/subscriptions', {
      data: { subscriptionId: subscription.id },
    });
    expect(elsewhere.status()).toBe(404);
    const cancelled = await page.request.delete(url, { data: { subscriptionId: subscription.id } });
    expect((await cancelled.json()).subscription.status).toBe('cancelled');
    const again = await page.request.delete(url, { data: { subscriptionId: subscription.id } });
    expect((await again.json()).error.code).toBe('NOT_ACTIVE');

    const guest = await request.get(`/api/customers/${customerId}/subscriptions`);
    expect(guest.status()).toBe(401);
    expect((await guest.json()).error.code).toBe('SIGN_IN_REQUIRED');
  });
});

test.describe('pharmacy and health dashboard', () => {
  test('the demo customer opens the health dashboard through a one-time handshake; a replay is refused', async ({
    page,
    browser,
  }, testInfo) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    await page.goto('/pharmacy.html');
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    const handshakes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/health/handshake?token=')) handshakes.push(request.url());
    });
    await page.getByRole('button', { name: 'Open your health dashboard' }).click();
    await expect(page).toHaveURL(/\/health\/dashboard\.html$/);
    await expect(page.getByRole('heading', { name: "Jordan's health dashboard" })).toBeVisible();
    await expect(page.getByTestId('prescription').first()).toBeVisible();
    await expect(page.getByText('Atorvastatin 20 mg tablet')).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    expect(handshakes).toHaveLength(1);

    const replay = await page.goto(handshakes[0]!);
    expect(replay?.status()).toBe(410);
    await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await page.getByRole('link', { name: 'Start again' }).click();
    await expect(page).toHaveURL(/\/pharmacy\.html$/);
  });

  test('a tampered handshake link gets a clear page; a guest is asked to sign in first', async ({ page }) => {
    const response = await page.goto('/health/handshake?token=eyJhbGciOiJIUzI1NiJ9.e30.tampered');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'We could not open your health dashboard' })).toBeVisible();
    await page.goto('/pharmacy/create-account.html?newPharmacyAccount=true');
    await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=/);
    expect(new URL(page.url()).searchParams.get('goto')).toBe('/pharmacy/create-account.html?newPharmacyAccount=true');
    const dashboard = await page.goto('/health/dashboard.html');
    expect(dashboard?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'Your health session has ended' })).toBeVisible();
  });

  test('a new customer creates a pharmacy account, then sees an empty dashboard', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto('/pharmacy.html');
    await expect(page.getByRole('link', { name: 'Sign in to see your prescriptions' })).toBeVisible();
    await createAccountOverHttp(page, 'Patient');
    await page.goto('/pharmacy.html');
    await page.getByRole('link', { name: 'Set up your pharmacy account' }).click();
    await expect(page).toHaveURL(/\/pharmacy\/create-account\.html\?newPharmacyAccount=true/);
    await expect(page.getByRole('heading', { name: 'Create your pharmacy account' })).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await page.getByLabel('Date of birth').fill('1992-06-30');
    await page.getByRole('button', { name: 'Save pharmacy account' }).click();
    await expect(page.getByRole('alert')).toContainText('Agree to the pharmacy privacy notice to continue.');
    await page.getByLabel('Date of birth').fill('1992-06-30');
    await page.getByLabel(/I agree to the pharmacy privacy notice/).check();
    await page.getByRole('button', { name: 'Save pharmacy account' }).click();
    await expect(page).toHaveURL(/\/pharmacy\.html\?ready=1/);
    await expect(page.getByRole('status')).toContainText('Your pharmacy account is ready.');
    await page.getByRole('button', { name: 'Open your health dashboard' }).click();
    await expect(page).toHaveURL(/\/health\/dashboard\.html$/);
    await expect(page.getByTestId('rx-empty')).toContainText('No prescriptions yet.');
    await page.getByRole('button', { name: 'Leave health dashboard' }).click();
    await expect(page).toHaveURL(/\/pharmacy\.html$/);
    await page.goto('/health/dashboard.html');
    await expect(page.getByRole('heading', { name: 'Your health session has ended' })).toBeVisible();
  });
});
