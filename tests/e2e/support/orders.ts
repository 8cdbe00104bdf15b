import { expect, type Page } from '@playwright/test';
import { createAccountOverHttp } from './accounts';
import { addToCart } from './cart';

const ADD = /^(Add to cart|Adding…|Add another): /;

/**
 * Reserves a delivery (2- or 1-hour) or pickup window on the day the slots page opens on, or on the next day when
 * the first has none of that kind left: late in the store's day the page opens on today, whose remaining windows may
 * be rush deliveries only. Both days are in the store's order queue (today's and tomorrow's).
 */
async function reserveWindow(page: Page, kind: 'delivery' | 'pickup') {
  const name = kind === 'pickup' ? /^Reserve DriveUp & Go pickup / : /^Reserve (2-hour|1-hour) delivery /;
  await page.goto(`/shop/slots.html?type=${kind}`);
  const reserve = page.getByRole('button', { name }).and(page.locator(':enabled'));
  if ((await reserve.count()) === 0) {
    const nextDay = await page.getByRole('navigation', { name: 'Days' }).getByRole('link').nth(1).getAttribute('href');
    await page.goto(nextDay!);
  }
  await reserve.first().click();
}

/**
 * A new customer who has placed a delivery (or DriveUp & Go pickup) order of `lines` products from the home page,
 * through the pages a shopper uses (cart, time, address, card). Returns the customer's email and the order number.
 */
export async function placeDeliveryOrder(
  page: Page,
  firstName: string,
  lines = 3,
  kind: 'delivery' | 'pickup' = 'delivery',
  /** How the customer signs up once the cart is filled (a test about sign-up drives the page); over HTTP by default. */
  signUp: (page: Page, firstName: string) => Promise<string> = createAccountOverHttp,
) {
  await page.goto('/');
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: ADD }) });
  for (let nth = 0; nth < lines; nth++) {
    await addToCart(cards.nth(nth));
    await expect(page.getByTestId('cart-count')).toHaveText(String(nth + 1));
  }
  const email = await signUp(page, firstName);
  await reserveWindow(page, kind);
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
