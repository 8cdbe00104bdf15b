import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';

async function addFromHome(page: Page, nth: number) {
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) })
    .nth(nth);
  const name = (await card.locator('h3').innerText()).trim();
  await card.getByRole('button', { name: /^Add .+ to cart$/ }).click();
  return name;
}

test.describe('cart', () => {
  test('a guest fills a cart from the home page, changes it, and keeps it after signing in', async ({ page }) => {
    await page.goto('/');
    const first = await addFromHome(page, 0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await addFromHome(page, 1);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await addFromHome(page, 0);
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    await page.goto('/shop/cart.html');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(first);
    await lines.first().getByLabel(`Quantity of ${first}`).fill('4');
    await lines.first().getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('5');
    await lines
      .nth(1)
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-count')).toHaveText('4');

    // A bad quantity is refused with a message, and changes nothing.
    await lines
      .first()
      .getByLabel(`Quantity of ${first}`)
      .evaluate((input: HTMLInputElement) => {
        input.removeAttribute('max');
        input.value = '500';
      });
    await lines.first().getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('4');

    await createAccount(page, 'Merger');
    await page.goto('/shop/cart.html');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').first()).toContainText(first);
    await expect(page.getByTestId('cart-count')).toHaveText('4');
    await expect(page.getByRole('link', { name: 'Check out' })).toBeVisible();
  });

  test('restores a guest cart from the guestCartId parameter', async ({ page, browser }) => {
    await page.goto('/');
    await addFromHome(page, 2);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    // With JavaScript the count moves before the answer (and its cookie) arrives.
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'PANTRY_CART_ID')).toBe(true);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'PANTRY_CART_ID');
    expect(cookie).toBeTruthy();
    // A signed Remix cookie is base64(JSON) + '.' + signature.
    const id = JSON.parse(Buffer.from(decodeURIComponent(cookie!.value).split('.')[0]!, 'base64').toString());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`/shop/cart.html?guestCartId=${id}`);
    await expect(second.getByTestId('cart-line')).toHaveCount(1);
    await second.goto('/shop/cart.html');
    await expect(second.getByTestId('cart-line')).toHaveCount(1);
    await other.close();
  });
});
