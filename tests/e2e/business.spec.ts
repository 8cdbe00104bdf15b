import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from './support/test';
import { signInWithPassword } from './support/sign-in';
import { STOREFRONT } from '../../scripts/server-commands';

/** The business site: `business.localhost` on the e2e server's port (Chromium resolves *.localhost to loopback). */
function businessOrigin() {
  const port = new URL(test.info().project.use.baseURL!).port;
  return { port, origin: `http://business.localhost:${port}` };
}

const BUYER = 'buyer@harborstreetcafe.test';

/** Every cookie the storefront's business origin holds (the identity provider's own cookies live on `localhost`). */
async function storefrontCookieNames(context: BrowserContext, origin: string) {
  return (await context.cookies(origin)).map((cookie) => cookie.name);
}

async function expectOnlyBusinessCookies(context: BrowserContext, origin: string, step: string) {
  const names = await storefrontCookieNames(context, origin);
  const unprefixed = names.filter((name) => !name.startsWith('B_'));
  expect(unprefixed, `cookies without B_ after ${step}: ${names.join(', ')}`).toEqual([]);
  // No cookie of the storefront was set for the consumer host (or shared through a parent domain).
  const consumer = (await context.cookies(origin.replace('business.', ''))).filter((c) => c.domain !== 'localhost');
  expect(consumer.map((c) => c.name)).toEqual([]);
  return names;
}

function priceOf(text: string) {
  return Math.round(Number(/\$(\d+\.\d{2})/.exec(text)![1]) * 100);
}

/** The tag beside the product page's own price (not the related products' cards). */
function productPriceTag(page: Page) {
  return page.locator('div:has(> [data-testid="price"]) > [data-testid="business-price"]');
}

/** A request to a `business.localhost` origin from Node, which does not resolve *.localhost itself. */
function requestBusinessHost(port: number, method: string, route: string, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: route,
        headers: {
          Host: `business.localhost:${port}`,
          Origin: `http://business.localhost:${port}`,
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function closeOnboarding(page: Page) {
  const onboarding = page.getByTestId('onboarding-modal');
  if (await onboarding.isVisible()) await onboarding.getByRole('link', { name: 'Start shopping' }).click();
}

test.describe('business site', () => {
  test('sets only B_ cookies on every page: home, search, product, cart, offers, sign-in, signed in', async ({
    page,
    context,
  }) => {
    const { origin } = businessOrigin();
    const seen = new Set<string>();
    const walk = async (step: string) => {
      for (const name of await expectOnlyBusinessCookies(context, origin, step)) seen.add(name);
    };

    await page.goto(`${origin}/`);
    await expect(page.getByRole('link', { name: 'Greenleaf Market home' })).toContainText('business');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('button', { name: 'Accept all' })).toHaveCount(0);
    await walk('consent');
    await page.goto(`${origin}/shop/search-results.html?q=milk`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await walk('search');
    await page.locator('article h3 a').first().click();
    await expect(page.getByTestId('price')).toBeVisible();
    await walk('product page');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('cart-notice')).toContainText('Added');
    await walk('add to cart');
    await page.goto(`${origin}/shop/cart.html`);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await walk('cart');
    await page.goto(`${origin}/foru/coupons-deals.html`);
    const offerHref = await page.getByTestId('offer-card').first().getByRole('link').first().getAttribute('href');
    const offerId = /offer-details\.(\d+)\.html/.exec(offerHref!)![1];
    const b2b = await page.goto(`${origin}/b2b/offer-details.${offerId}.html`);
    expect(b2b?.status()).toBe(200);
    await walk('b2b offer details');

    await page.goto(`${origin}/account/sign-in.html`);
    await walk('sign-in page');
    await signInWithPassword(page, BUYER, { remember: true });
    await expect(page.getByTestId('greeting')).toContainText('Hi, Priya');
    await closeOnboarding(page);
    await walk('signed in');
    await page.goto(`${origin}/shop/cart.html`);
    await expect(page.getByTestId('cart-line').first()).toBeVisible();
    await walk('signed-in cart');
    await page.goto(`${origin}/account/overview.html`);
    await walk('account');

    // The walk really set the session, user, keep-me-signed-in, visitor, consent and cart cookies.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'B_PANTRY_SESSION',
        'B_PANTRY_USER',
        'B_PANTRY_KMSI',
        'B_PANTRY_VISITOR_ID',
        'B_PANTRY_SESSION_ID',
        'B_PANTRY_CONSENT',
        'B_PANTRY_CART_ID',
      ]),
    );
  });

  test('ignores a consumer-site cookie on the business host', async ({ page, context }) => {
    const { port, origin } = businessOrigin();
    // A valid, signed consumer session (a chosen store) from the consumer host… (reading a page as A makes
    // no guest since decision 0027; choosing a store does)
    await page.goto(`http://localhost:${port}/?storeId=1001&preference=DELIVERY&zipcode=98101`);
    await expect(page.getByTestId('store-chip')).toContainText('Delivery');
    await page.goto(`http://localhost:${port}/shop/search-results.html?q=milk`);
    await page.locator('article h3 a').first().click();
    await expect(page.getByTestId('price')).toBeVisible();
    // The consumer site says nothing about business prices.
    await expect(page.getByTestId('business-price-hint')).toHaveCount(0);
    const consumer = (await context.cookies(`http://localhost:${port}`)).find((c) => c.name === 'PANTRY_SESSION');
    expect(consumer).toBeDefined();
    // …copied onto the business host is not read there: the business site starts its own session.
    await context.addCookies([{ ...consumer!, domain: 'business.localhost' }]);
    await page.goto(`${origin}/`);
    await expect(page.getByTestId('store-chip')).toContainText('Choose a store');
  });

  test('business sign-up asks for the company and its EIN, and the consumer sign-up does not', async ({ page }) => {
    const { port, origin } = businessOrigin();
    await page.goto(`http://localhost:${port}/account/create-account.html`);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveCount(0);
    await expect(page.getByLabel('Tax id (EIN)')).toHaveCount(0);

    await page.goto(`${origin}/account/create-account.html`);
    await expect(page.getByRole('heading', { name: 'Create a business account' })).toBeVisible();
    const email = `owner-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@bakery.test`;
    for (const [label, value] of [
      ['Company name', 'Reyes Bakery Inc'],
      ['Tax id (EIN)', '12-345678'],
      ['First name', 'Dana'],
      ['Last name', 'Reyes'],
      ['Email', email],
      ['Mobile phone', '2065550100'],
      ['Password', 'Fresh-basil-42'],
      ['ZIP code', '98101'],
    ] as const)
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#taxId-error')).toHaveText(
      'Enter your tax id (EIN) as NN-NNNNNNN, for example 12-3456789.',
    );
    await expect(page.getByLabel('Tax id (EIN)')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Tax id (EIN)').fill('07-1234567');
    await page.getByLabel('Password').fill('Fresh-basil-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#taxId-error')).toHaveText(
      'That EIN does not start with a prefix the IRS issues. Please check it.',
    );

    await page.getByLabel('Tax id (EIN)').fill('91-7654321');
    await page.getByLabel('Password').fill('Fresh-basil-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('greeting')).toContainText('Hi, Dana');
    await closeOnboarding(page);
    expect(page.url().startsWith(origin)).toBe(true);
    // A business account pays business prices on the business site right away.
    await page.goto(`${origin}/shop/search-results.html?q=milk`);
    await expect(page.getByTestId('business-price').first()).toBeVisible();
    await expectOnlyBusinessCookies(page.context(), origin, 'business sign-up');
  });

  test('a business customer sees business prices on the business site; guests see shelf prices', async ({
    page,
    browser,
  }) => {
    const { origin } = businessOrigin();
    await page.goto(`${origin}/shop/search-results.html?q=milk`);
    await page.locator('article h3 a').first().click();
    await expect(page.getByTestId('price')).toBeVisible();
    const productUrl = page.url();
    const shelf = priceOf(await page.getByTestId('price').innerText());
    await expect(page.getByTestId('business-price')).toHaveCount(0);
    await expect(page.getByTestId('business-price-hint')).toContainText('Business prices after you sign in');

    // A fresh context, so this test does not share the buyer's cart with the cookie walk.
    const buyer = await browser.newContext({ javaScriptEnabled: test.info().project.name !== 'nojs' });
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${origin}/account/sign-in.html`);
    await signInWithPassword(buyerPage, BUYER);
    await expect(buyerPage.getByTestId('greeting')).toContainText('Hi, Priya');
    await closeOnboarding(buyerPage);
    await buyerPage.goto(productUrl);
    const business = priceOf(await buyerPage.getByTestId('price').innerText());
    await expect(productPriceTag(buyerPage)).toBeVisible();
    await expect(buyerPage.getByTestId('business-price-hint')).toHaveCount(0);
    // 10% off the shelf price, rounded half up to the cent (docs/decisions/0017-business-site.md).
    expect(business).toBe(Math.floor((shelf * 9000 + 5000) / 10000));
    // Search cards show the same business price.
    await buyerPage.goto(`${origin}/shop/search-results.html?q=milk`);
    await expect(buyerPage.locator('article').first().getByTestId('business-price')).toBeVisible();
    await buyer.close();
  });

  test('an order placed on the business site gets a B order number, priced at business prices', async ({ page }) => {
    const { origin } = businessOrigin();
    await page.goto(`${origin}/account/create-account.html`);
    const email = `orders-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@cafe.test`;
    for (const [label, value] of [
      ['Company name', 'Corner Cafe LLC'],
      ['Tax id (EIN)', '941234567'],
      ['First name', 'Ola'],
      ['Last name', 'Berg'],
      ['Email', email],
      ['Mobile phone', '2065550101'],
      ['Password', 'Fresh-basil-42'],
      ['ZIP code', '98101'],
    ] as const)
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('greeting')).toContainText('Hi, Ola');
    await closeOnboarding(page);

    await page.goto(`${origin}/shop/search-results.html?q=milk`);
    await page.locator('article h3 a').first().click();
    await expect(productPriceTag(page)).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('cart-notice')).toContainText('Added');
    await page.goto(`${origin}/shop/cart.html`);
    await expect(page.getByTestId('cart-summary-line').getByTestId('business-price')).toBeVisible();

    await page.getByRole('link', { name: 'Choose a delivery or pickup time' }).click();
    await page
      .getByRole('button', { name: /^Reserve / })
      .and(page.locator(':enabled'))
      .first()
      .click();
    await expect(page.getByTestId('held-slot')).toContainText('Reserved');
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await page.getByLabel('Street address').fill('1 Harbor St');
    await page.getByLabel('City').fill('Seattle');
    await page.getByLabel('State').fill('WA');
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('1 Harbor St')).toBeVisible();
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Visa ending in 1111')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('status')).toContainText(/Your order B\d{8} is placed/);
    const orderNumber = (await page.getByRole('heading', { level: 1 }).innerText()).match(/B\d{8}/)![0];
    expect(Number(orderNumber.slice(1))).toBeGreaterThanOrEqual(60_000_001);
    const names = await expectOnlyBusinessCookies(page.context(), origin, 'placing an order');
    expect(names).toContain('B_PANTRY_ORDER_NUMBER');

    // The edit-order cookies are business ones too.
    await page.getByRole('link', { name: 'Edit order' }).first().click();
    await expect(page.getByTestId('edit-mode')).toContainText(orderNumber);
    expect(await expectOnlyBusinessCookies(page.context(), origin, 'editing an order')).toEqual(
      expect.arrayContaining(['B_SlotInfo', 'B_OrderStoreId']),
    );
  });
});

/**
 * isB2BDisabled needs a server started with FLAG_isB2BDisabled=true: a second small server on the
 * same build and the e2e database (no identity provider: a closed site signs nobody in). Each
 * project starts its own, on the e2e port + 50 (js) or + 51 (nojs), so parallel workers never clash.
 */
test.describe('business site switched off (isB2BDisabled)', () => {
  let server: ChildProcess | undefined;
  let closedPort = 0;

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern.
  test.beforeAll(async ({}, testInfo) => {
    const port = Number(new URL(testInfo.project.use.baseURL!).port);
    closedPort = port + (testInfo.project.name === 'nojs' ? 51 : 50);
    const answering = () =>
      fetch(`http://localhost:${closedPort}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
    // Another server on that port would make every check below meaningless.
    if (await answering()) throw new Error(`port ${closedPort} is already in use; free it for this test`);
    server = spawn(process.execPath, STOREFRONT, {
      env: {
        ...process.env,
        PORT: String(closedPort),
        FLAG_isB2BDisabled: 'true',
        DATA_DIR: path.resolve('.cache/e2e-data'),
        DATABASE_URL: '',
        SESSION_SECRET: 'e2e-secret-not-for-production',
        NODE_ENV: 'production',
        APP_ENV: 'local-origin',
        LOG_LEVEL: 'warn',
        IDP_ISSUER: `http://localhost:${port + 1}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let exited = false;
    server.on('exit', () => (exited = true));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (await answering()) break;
      if (exited || Date.now() > deadline) throw new Error('the isB2BDisabled server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('every business page answers a friendly 503 page with a link to the consumer site', async ({
    page,
    context,
  }) => {
    const origin = `http://business.localhost:${closedPort}`;
    for (const route of [
      '/',
      '/shop/search-results.html?q=milk',
      '/account/sign-in.html',
      '/account/create-account.html',
      '/shop/cart.html',
      '/b2b/offer-details.1.html',
      '/no/such/page',
    ]) {
      const response = await page.goto(`${origin}${route}`);
      expect(response?.status(), route).toBe(503);
      await expect(page.getByTestId('business-site-closed')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're not taking business orders right now");
      // A page for people: no stack trace (no "    at file:line:col" frames).
      expect(await page.locator('body').innerText()).not.toMatch(/\bat .+:\d+:\d+/);
    }
    expect(await storefrontCookieNames(context, origin)).toEqual([]);

    // A form post is refused the same way, and the API answers JSON with a stable code.
    const post = await requestBusinessHost(closedPort, 'POST', '/consent', 'choice=all&returnTo=%2F');
    expect(post.status).toBe(503);
    expect(post.headers['set-cookie']).toBeUndefined();
    const api = await requestBusinessHost(closedPort, 'GET', '/api/userinfo');
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'B2B_DISABLED' });

    // Health checks still answer, and the consumer site stays open.
    expect((await requestBusinessHost(closedPort, 'GET', '/healthz')).status).toBe(200);
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Shop our main site' }).click();
    await expect(page).toHaveURL(`http://localhost:${closedPort}/`);
    await expect(page.getByRole('link', { name: 'Greenleaf Market home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Greenleaf Market home' })).not.toContainText('business');
  });
});
