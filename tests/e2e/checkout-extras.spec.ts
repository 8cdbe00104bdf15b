import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { addToCart } from './support/cart';
import { mailTo } from './support/mailbox';
import { signInOverHttp } from './support/sign-in';
import { reserveWindow } from './support/orders';

/** SNAP/EBT, tips and delivery instructions (docs/decisions/0107-snap-ebt-tips-delivery-instructions.md). */

const ADD = /^(Add to cart|Adding…|Add another): /;
const DEMO_STORE = 1001;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const dollars = (value: number) => (value / 100).toFixed(2);

async function readyCheckout(page: Page) {
  await page.goto('/');
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: ADD }) });
  for (let nth = 0; nth < 3; nth++) {
    await addToCart(cards.nth(nth));
    await expect(page.getByTestId('cart-count')).toHaveText(String(nth + 1));
  }
  const email = await createAccountOverHttp(page, 'Snap');
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
  return email;
}

test('a split EBT checkout with a tip and delivery instructions; the order, driver, receipt and email show them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const js = testInfo.project.name === 'js';
  const email = await readyCheckout(page);

  // An EBT number that is not 16-19 digits is refused; a good one is kept as its last four.
  const ebtNumber = page.getByLabel('EBT number (16 to 19 digits)');
  await page.getByText('Add an EBT card', { exact: true }).click();
  await ebtNumber.fill('5077 1234');
  await page.getByRole('button', { name: 'Save EBT card' }).click();
  await expect(page.getByRole('alert')).toHaveText('An EBT card number has 16 to 19 digits.');
  // With JavaScript the form stays open; without, the page comes back with it closed.
  if (!(await ebtNumber.isVisible())) await page.getByText('Add an EBT card', { exact: true }).click();
  await ebtNumber.fill('5077 1234 5678 9012');
  await page.getByRole('button', { name: 'Save EBT card' }).click();
  await expect(page.getByLabel('EBT card ending in 9012')).toBeVisible();

  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  const eligible = cents(await page.getByTestId('ebt-eligible').innerText());
  expect(eligible).toBeGreaterThan(0);
  await expect(page.getByTestId('checkout-ebt-eligible')).toHaveText(`$${dollars(eligible)}`);

  const fill = async (choices: { tip: string; custom?: string; ebt: string; balance: string; note: string }) => {
    await page.getByLabel('Gate code (optional)').fill('4411');
    await page.getByLabel('Leave at door').check();
    await page.getByLabel(/^Instructions for the driver/).fill(choices.note);
    if (choices.tip === 'custom') {
      await page.getByRole('radio', { name: 'Other amount' }).check();
      await page.getByLabel('Other amount in dollars').fill(choices.custom!);
    } else await page.getByRole('radio', { name: new RegExp(`^${choices.tip}% `) }).check();
    await page.getByLabel('EBT card ending in 9012').check();
    await page.getByLabel('Amount to pay with EBT').fill(choices.ebt);
    await page.getByLabel('Your EBT SNAP balance').fill(choices.balance);
  };

  // Bad input, each refused with its message: nothing placed.
  await fill({ tip: '15', ebt: dollars(eligible + 1), balance: '500', note: 'Ring twice' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toHaveText('The EBT amount is more than your SNAP-eligible items come to.');
  await fill({ tip: '15', ebt: dollars(eligible), balance: dollars(eligible - 1), note: 'Ring twice' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toHaveText('The EBT amount is more than the balance you entered.');
  await fill({ tip: 'custom', custom: '-5', ebt: dollars(eligible), balance: '500', note: 'Ring twice' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a tip from $0.00 to $');
  // The browser's maxlength aside, the server refuses a 10,000-character note.
  await fill({ tip: '15', ebt: dollars(eligible), balance: '500', note: '' });
  const note = page.getByLabel(/^Instructions for the driver/);
  await note.evaluate((el) => el.removeAttribute('maxlength'));
  await note.fill('x'.repeat(10_000));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Keep the delivery instructions to 250 characters.');

  await fill({ tip: '15', ebt: dollars(eligible), balance: '500', note: '<b>Ring twice</b>' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status')).toContainText(/Your order C\d{8} is placed/);
  const orderNumber = (await page.getByRole('heading', { level: 1 }).innerText()).match(/C\d{8}/)![0];
  const total = cents(await page.getByTestId('order-total').innerText());
  const tip = cents(await page.getByTestId('order-tip').innerText());
  expect(tip).toBeGreaterThan(0);
  const payment = `EBT SNAP $${dollars(eligible)}, Visa ••1111 $${dollars(total - eligible)}`;
  await expect(page.getByTestId('order-payment')).toHaveText(`Paid with: ${payment}`);
  await expect(page.getByTestId('order-instructions')).toHaveText(
    'Delivery instructions: Gate code 4411 · Leave at door · <b>Ring twice</b>',
  );
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  const placed = await mailTo(email, /is placed/);
  expect(placed.text).toContain(payment);
  expect(placed.text).toContain('Gate code 4411 · Leave at door · <b>Ring twice</b>');

  // The tip changes on the order page (before delivery too).
  await page.getByRole('radio', { name: 'Other amount' }).check();
  await page.getByLabel('Other amount in dollars').fill('3.00');
  await page.getByRole('button', { name: 'Save tip' }).click();
  await expect(page.getByRole('status')).toHaveText('Your tip is saved.');
  await expect(page.getByTestId('order-tip')).toHaveText('$3.00');
  await expect(page.getByTestId('order-total')).toHaveText(`$${dollars(total - tip + 300)}`);

  // Another customer's order number is not found.
  const stranger = await browser.newContext({ javaScriptEnabled: js });
  const other = await stranger.newPage();
  await createAccountOverHttp(other, 'Stranger');
  const response = await other.request.post(`/account/order-summary.html?orderNumber=${orderNumber}`, {
    form: { intent: 'tip', orderNumber, tipChoice: '20' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(404);
  await stranger.close();

  // Picked, staged, delivered by the staff; the driver reads the instructions as text.
  const staff = await browser.newContext({ javaScriptEnabled: js });
  const picker = await staff.newPage();
  await signInOverHttp(picker, 'picker@pantry.test', 'Riley');
  await picker.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await picker.getByRole('button', { name: 'Claim this order' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Your shopper is picking');
  for (const line of await picker.getByTestId('pick-line').all()) {
    const weight = line.getByLabel(/^Weight in pounds/);
    if (await weight.count()) await weight.fill('1.00');
    await line.getByRole('button', { name: /^Picked / }).click();
    await expect(line).toContainText('Picked');
  }
  await picker.getByRole('button', { name: 'Stage the order (all lines done)' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Packed and waiting');
  const driver = await staff.newPage();
  await staff.clearCookies();
  await signInOverHttp(driver, 'driver@pantry.test', 'Casey');
  await driver.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await expect(driver.getByTestId('staff-order-instructions')).toHaveText(
    'Delivery instructions: Gate code 4411 · Leave at door · <b>Ring twice</b>',
  );
  // In Spanish the fixed words are Spanish; the customer's note stays as written.
  const spanishStaff = await browser.newContext({
    javaScriptEnabled: js,
    storageState: await staff.storageState(),
    locale: 'es-US',
    extraHTTPHeaders: { 'Accept-Language': 'es-US,es' },
  });
  const spanishDriver = await spanishStaff.newPage();
  await spanishDriver.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}&lng=es`);
  await expect(spanishDriver.getByTestId('staff-order-instructions')).toHaveText(
    'Instrucciones de entrega: Código de acceso 4411 · Dejar en la puerta · <b>Ring twice</b>',
  );
  await spanishStaff.close();
  await driver.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(driver.getByTestId('staff-order-status')).toContainText('Out for delivery');
  await driver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(driver.getByTestId('staff-order-status')).toContainText('Delivered');
  await staff.close();

  await page.goto(`/account/order-summary.html?orderNumber=${orderNumber}`);
  await page.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page.getByTestId('receipt-tip')).toHaveText('$3.00');
  await expect(page.getByTestId('receipt-payment')).toContainText(/^Paid with EBT SNAP \$\d+\.\d\d, Visa ••1111 \$/);
  await expect(page.getByTestId('receipt-instructions')).toHaveText(
    'Delivery instructions: Gate code 4411 · Leave at door · <b>Ring twice</b>',
  );
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  // Within 24 hours of delivery the tip can still change.
  await page.goto(`/account/order-summary.html?orderNumber=${orderNumber}`);
  const twenty = page.getByRole('radio', { name: /^20% / });
  const twentyAmount = (await page.locator('label').filter({ has: twenty }).innerText()).replace(/^20% /, '');
  await twenty.check();
  await page.getByRole('button', { name: 'Save tip' }).click();
  await expect(page.getByRole('status')).toHaveText('Your tip is saved.');
  await expect(page.getByTestId('order-tip')).toHaveText(twentyAmount.trim());
});

test('a pickup order offers no tip and no delivery instructions', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: ADD }) });
  const productLink = await cards.first().locator('a').first().getAttribute('href');
  await addToCart(cards.first());
  // The home page's first product is fresh food: SNAP eligible on its page and in the cart, rendered by the server.
  await page.goto(productLink!);
  await expect(page.getByText('SNAP eligible', { exact: true })).toBeVisible();
  await page.goto('/shop/cart.html');
  await expect(page.getByText('SNAP eligible', { exact: true })).toBeVisible();
  await createAccountOverHttp(page, 'Pickup');
  await reserveWindow(page, 'pickup');
  await page.goto('/shop/checkout.html');
  await expect(page.getByRole('group', { name: 'EBT SNAP' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tip your driver' })).toHaveCount(0);
  await expect(page.getByLabel('Gate code (optional)')).toHaveCount(0);
  await expect(page.getByTestId('checkout-tip')).toHaveCount(0);
});
