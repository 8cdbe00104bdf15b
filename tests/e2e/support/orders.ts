import { expect, type Page } from '@playwright/test';
import { createAccountOverHttp } from './accounts';
import { addToCart } from './cart';

const ADD = /^Add .+ to cart$/;

/**
 * A new customer who has placed a delivery (or DriveUp & Go pickup) order of `lines` products from the home page,
 * through the pages a shopper uses (cart, time, address, card). Returns the customer's email and the order number.
 */
export async function placeDeliveryOrder(
  page: Page,
  firstName: string,
  lines = 3,
  kind: 'delivery' | 'pickup' = 'delivery',
) {
  await page.goto('/');
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: ADD }) });
  for (let nth = 0; nth < lines; nth++) {
    await addToCart(cards.nth(nth));
    await expect(page.getByTestId('cart-count')).toHaveText(String(nth + 1));
  }
  const email = await createAccountOverHttp(page, firstName);
  await page.goto(`/shop/slots.html?type=${kind}`);
  await page
    .getByRole('button', { name: kind === 'pickup' ? /^Reserve DriveUp & Go pickup / : /^Reserve 2-hour delivery / })
    .and(page.locator(':enabled'))
    .first()
    .click();
  await expect(page.getByTestId('held-slot')).toContainText('Reserved');
  await page.goto('/shop/checkout.html');
  if (kind === 'delivery') {
    await page.getByLabel('Street address').fill('12 Elm St');
    await page.getByLabel('City').fill('Seattle');
    await page.getByLabel('State').fill('WA');
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('12 Elm St')).toBeVisible();
  }
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Visa ending in 1111')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status')).toContainText(/Your order C\d{8} is placed/);
  const heading = await page.getByRole('heading', { level: 1 }).innerText();
  return { email, orderNumber: heading.match(/C\d{8}/)![0] };
}
