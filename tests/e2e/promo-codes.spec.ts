import { expect, test } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { addToCart } from './support/cart';
import { reserveWindow } from './support/orders';

const ADD = /^(Add to cart|Adding…|Add another): /;

/** Promo codes at checkout (docs/decisions/0105-promo-codes.md), with JavaScript on and off. */
test('a promo code is refused with its message, applied, removed, applied again and kept by the order', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: ADD }) });
  // Four products: a basket over $5, so WELCOME5 takes its whole $5.00 (it never takes more than the basket).
  for (let nth = 0; nth < 4; nth++) {
    await addToCart(cards.nth(nth));
    await expect(page.getByTestId('cart-count')).toHaveText(String(nth + 1));
  }
  await createAccountOverHttp(page, 'Promo');
  await reserveWindow(page, 'delivery');
  await page.goto('/shop/checkout.html');
  await page.getByLabel('Street address').fill('12 Elm St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').fill('WA');
  await page.getByLabel('ZIP code').fill('98101');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('12 Elm St')).toBeVisible();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Visa ending in 1111')).toBeVisible();
  const totalBefore = await page.getByTestId('checkout-total').innerText();
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  // The suggested tip is a share of the basket (decision 0107): the promo code is compared before it.
  const beforeTip = async (total: string, tip: string) =>
    cents(await page.getByTestId(total).innerText()) - cents(await page.getByTestId(tip).innerText());
  const basketBefore = await beforeTip('checkout-total', 'checkout-tip');

  const promo = page.getByRole('textbox', { name: 'Promo code' });
  const apply = page.getByRole('button', { name: 'Apply' });
  const refusals: [string, string][] = [
    ['NOSUCHCODE', 'We do not recognise that promo code. Check the code and try again.'],
    ['oldspring', 'This promo code has expired.'],
    ["x' OR 1=1 --", 'Promo codes are up to 40 letters, digits and dashes. Check the code and try again.'],
  ];
  for (const [code, message] of refusals) {
    await promo.fill(code);
    await apply.click();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByTestId('checkout-promo')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText(totalBefore);
  }

  await page.getByRole('textbox', { name: 'Promo code' }).fill('welcome5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText('WELCOME5 applied');
  await expect(page.getByTestId('checkout-promo')).toHaveText(/Promo code WELCOME5\s*-\$5\.00/);
  expect(await beforeTip('checkout-total', 'checkout-tip')).toBe(basketBefore - 500);

  await page.getByRole('button', { name: 'Remove promo code WELCOME5' }).click();
  await expect(page.getByTestId('checkout-promo')).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).toHaveText(totalBefore);
  await page.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('checkout-promo')).toBeVisible();

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status')).toContainText(/Your order C\d{8} is placed/);
  await expect(page.getByTestId('order-promo')).toHaveText(/Promo code WELCOME5\s*-\$5\.00/);
  expect(await beforeTip('order-total', 'order-tip')).toBe(basketBefore - 500);
});
