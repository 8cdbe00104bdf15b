import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { addToCart } from './support/cart';
import { signInOverHttp } from './support/sign-in';

/** The demo store where the demo manager, picker and driver work (Jordan's store, a new guest's too). */
const DEMO_STORE = 1001;
const PAGE = `/staff/store?store=${DEMO_STORE}`;

async function signedInManager(page: Page) {
  await signInOverHttp(page, 'manager@pantry.test', 'Dana');
}

test('a manager closes a time and a shopper can no longer reserve it; reopened, it can be', async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  await signedInManager(page);
  await page.goto('/staff');
  await page.getByRole('link', { name: 'Manage Greenleaf Market Seattle' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/store\\?store=${DEMO_STORE}$`));
  await expect(page.getByRole('link', { name: 'The day’s orders' })).toHaveAttribute(
    'href',
    `/staff/orders?store=${DEMO_STORE}&show=all`,
  );

  // A day of its own for each project (they run side by side on one database), late in the week.
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link');
  await days.nth(js ? 6 : 5).click();
  await expect(days.nth(js ? 6 : 5)).toHaveAttribute('aria-current', 'date');
  const slot = page
    .getByTestId('managed-slot')
    .and(page.locator('[data-kind="delivery-1h"]'))
    .filter({ has: page.getByRole('button', { name: /^Close / }) })
    .first();
  const slotId = await slot.getAttribute('data-slot');
  const day = new URL(page.url()).searchParams.get('day')!;
  const mine = page.locator(`[data-slot="${slotId}"]`);
  await mine.getByRole('button', { name: /^Close / }).click();
  await expect(page.getByRole('status')).toContainText('The window is closed');
  await expect(mine.getByTestId('slot-state')).toContainText('Closed');

  // A shopper with something in the cart sees the time as closed, and a reservation of it is refused.
  const shopperContext = await browser.newContext({ javaScriptEnabled: js });
  const shopper = await shopperContext.newPage();
  await shopper.goto('/');
  await addToCart(
    shopper
      .locator('article')
      .filter({ has: shopper.getByRole('button', { name: /^(Add to cart|Adding…|Add another): / }) })
      .first(),
  );
  const slots = `/shop/slots.html?type=delivery&day=${day}`;
  await shopper.goto(slots);
  const closed = shopper.locator(`button[name="slotId"][value="${slotId}"]`);
  await expect(closed).toBeDisabled();
  await expect(shopper.getByTestId('slot').filter({ has: closed })).toContainText('Closed');
  await expect(
    shopper
      .getByTestId('slot')
      .filter({ has: shopper.locator('button:enabled') })
      .first(),
  ).toBeVisible();
  const refused = await shopper.request.post(slots, {
    form: { intent: 'reserve', slotId: slotId! },
    headers: { Origin: new URL(shopper.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  await shopper.goto(refused.headers().location!);
  await expect(shopper.getByText('The store has closed that time. Please choose another.')).toBeVisible();

  await mine.getByRole('button', { name: /^Reopen / }).click();
  await expect(page.getByRole('status')).toContainText('The window is open again.');
  await shopper.goto(slots);
  await expect(shopper.locator(`button[name="slotId"][value="${slotId}"]`)).toBeEnabled();
  await shopperContext.close();
});

test("a manager's impossible capacity changes nothing and the page says why", async ({ page }) => {
  await signedInManager(page);
  await page.goto(PAGE);
  // A later day: late in the store's evening today has no window left to manage.
  const days = page.getByRole('navigation', { name: 'Days' }).getByRole('link');
  await days.nth(3).click();
  await expect(days.nth(3)).toHaveAttribute('aria-current', 'date');
  const dayPage = page.url();
  const first = page
    .getByTestId('managed-slot')
    .filter({ has: page.getByRole('button', { name: /^Close / }) })
    .first();
  const slot = page.locator(`[data-slot="${await first.getAttribute('data-slot')}"]`);
  const before = await slot.getByTestId('slot-state').innerText();
  await slot.getByRole('spinbutton').fill('-1');
  await slot.getByRole('button', { name: /^Save/ }).click();
  await expect(slot.getByRole('alert')).toHaveText('Enter a capacity from 0 to 200.');
  await page.goto(dayPage);
  await expect(slot.getByTestId('slot-state')).toHaveText(before);
});

test("a manager marks a product out of stock and a shopper's search and product page say so", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  await signedInManager(page);
  await page.goto(PAGE);
  await page.getByLabel('Product name').fill('tortillas');
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page).toHaveURL(/q=tortillas/);
  // One product for each project (they run side by side on one database).
  const product = page
    .getByTestId('stock-product')
    .filter({ has: page.getByRole('button', { name: /^Mark out of stock/ }) })
    .nth(js ? 0 : 1);
  const productId = await product.getAttribute('data-product');
  const name = await product.locator('p').first().innerText();
  const mine = page.locator(`[data-testid="stock-product"][data-product="${productId}"]`);
  await mine.getByRole('button', { name: /^Mark out of stock/ }).click();
  await expect(page.getByRole('status')).toHaveText('Marked out of stock at this store.');
  await expect(mine.getByTestId('stock-state')).toHaveText('Out of stock');

  // A shopper who chose this store: the search and the product page say the product is out of stock. (A guest:
  // a signed-in customer's page may be served again for up to 10 s, decision 0027, so the way back would lag.)
  const shopperContext = await browser.newContext({ javaScriptEnabled: js });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/?storeId=${DEMO_STORE}&preference=DELIVERY&zipcode=98101`);
  await expect(shopper.getByTestId('store-chip')).toContainText('Delivery');
  await shopper.goto(`/shop/search-results.html?q=${encodeURIComponent(name)}`);
  const card = shopper
    .locator('article')
    .filter({ has: shopper.locator(`a[href="/shop/product-details.${productId}.html"]`) });
  await expect(card).toContainText('This item is currently out of stock.');
  await expect(card.getByRole('button', { name: /^(Add to cart|Adding…|Add another): / })).toBeDisabled();
  await shopper.goto(`/shop/product-details.${productId}.html`);
  await expect(shopper.getByText('In stock', { exact: true })).toHaveCount(0);

  await mine.getByRole('button', { name: /^Back in stock/ }).click();
  await expect(page.getByRole('status')).toHaveText('Back in stock at this store.');
  await shopper.goto(`/shop/search-results.html?q=${encodeURIComponent(name)}`);
  await expect(card).not.toContainText('This item is currently out of stock.');
  await shopperContext.close();
});

test('a picker gets 403 on the store page; a manager gets 404 for a store that is not theirs', async ({ page }) => {
  await signInOverHttp(page, 'picker@pantry.test', 'Riley');
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is for store staff');
  await page.goto('/staff');
  await expect(page.getByRole('link', { name: /^Manage / })).toHaveCount(0);

  await page.context().clearCookies();
  await signedInManager(page);
  expect((await page.goto('/staff/store?store=99999'))?.status()).toBe(404);
  expect((await page.goto('/staff/store?store=abc'))?.status()).toBe(400);
});

test('axe finds nothing on the store page, and it fits 375 and 1280 px', async ({ page, browser }, testInfo) => {
  await signedInManager(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(`${PAGE}&q=tortillas`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Managing Greenleaf Market Seattle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  }
});
