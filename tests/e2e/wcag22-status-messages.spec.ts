import { expect, test, type Locator } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { addToCart } from './support/cart';
import { placeDeliveryOrder } from './support/orders';
import { resolve } from './support/pages';
import { signInOverHttp } from './support/sign-in';

/**
 * WCAG 2.2 SC 4.1.3 Status Messages (cart, list and order changes), with JavaScript on (without it every change is a new page, read from the
 * top): what a shopper changes without leaving the page is said by a live region (role=status or aria-live) that
 * is in the page before the change, and whose words change with it. A region that appears together with its words
 * is not always read out, so each test first finds the region already there.
 */

async function expectAnnounced(region: Locator, act: () => Promise<void>, words: string | RegExp) {
  await expect(region).toHaveCount(1);
  const before = (await region.textContent()) ?? '';
  await act();
  await expect(region).toHaveText(words);
  expect(((await region.textContent()) ?? '').trim()).not.toBe(before.trim());
}

test('adding to the cart is announced', async ({ page }) => {
  await createAccountOverHttp(page, 'Cartstatus');
  await page.goto('/');
  // A product card's add is a navigation (the card is server markup): the header's cart link is the live region.
  const cart = page.getByRole('link', { name: /^Cart, / });
  await expect(cart).toHaveAttribute('aria-live', 'polite');
  await expectAnnounced(cart, () => addToCart(page.getByTestId('add-to-cart').first()), /1/);
});

test('a change to a list is announced', async ({ page }) => {
  await createAccountOverHttp(page, 'Liststatus');
  await page.goto(resolve('/shop/lists/add.html?productId={grocery}'));
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-items')).toBeVisible();
  await expectAnnounced(
    page.getByTestId('form-outcome-live'),
    async () => {
      await page.getByRole('textbox', { name: 'Add something else' }).fill('birthday candles');
      await page.getByRole('button', { name: 'Add to list' }).click();
    },
    'Added to your list.',
  );
});

test('a change of an order status is announced while its page is open', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { orderNumber } = await placeDeliveryOrder(page, 'Orderstatus');
  const region = page.getByTestId('order-status-live');
  await expect(region).toHaveText('Order status: Order placed');
  const staff = await browser.newContext();
  try {
    const picker = await staff.newPage();
    await signInOverHttp(picker, 'picker@pantry.test', 'Riley');
    await expectAnnounced(
      region,
      async () => {
        await picker.goto(`/staff/orders/${orderNumber}?store=1001`);
        await picker.getByRole('button', { name: 'Claim this order' }).click();
        await expect(picker.getByTestId('staff-order-status')).toContainText('Your shopper is picking');
      },
      /^Order status: (?!Order placed)/,
    );
  } finally {
    await staff.close();
  }
});
