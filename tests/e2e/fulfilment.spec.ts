import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { placeDeliveryOrder } from './support/orders';
import { signInOverHttp } from './support/sign-in';

/** The demo store where the demo picker and driver work (a Seattle shopper's store). */
const DEMO_STORE = 1001;

function pickLines(page: Page) {
  return page.getByTestId('pick-line');
}

test('a picker substitutes one line and shorts another, the shopper approves, the driver delivers, the receipt adds up', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === 'js';
  const { email, orderNumber } = await placeDeliveryOrder(page, 'Tracker');
  const summary = `/account/order-summary.html?orderNumber=${orderNumber}`;
  await expect(page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText('Order placed');

  const staff = await browser.newContext({ javaScriptEnabled: js });
  const picker = await staff.newPage();
  await signInOverHttp(picker, 'picker@pantry.test', 'Riley');
  await picker.goto(`/staff/orders?store=${DEMO_STORE}&show=all`);
  await expect(picker.getByRole('heading', { level: 1 })).toHaveText(/^Orders at /);
  expect(await axeViolations(picker, browser, testInfo)).toEqual([]);
  await picker.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await picker.getByRole('button', { name: 'Claim this order' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Your shopper is picking');
  expect(await axeViolations(picker, browser, testInfo)).toEqual([]);

  // Line by line in aisle order: the first with a substitute on offer is replaced, another is short, the rest picked.
  const lines = await pickLines(picker).all();
  expect(lines.length).toBe(3);
  const substituted = pickLines(picker)
    .filter({ has: picker.getByRole('button', { name: /^Replace / }) })
    .first();
  const substitutedId = await substituted.getAttribute('data-product');
  await substituted.getByRole('button', { name: /^Replace / }).click();
  await expect(pickLines(picker).and(picker.locator(`[data-product="${substitutedId}"]`))).toContainText(
    'waiting for the shopper',
  );
  const others = pickLines(picker).and(picker.locator(`:not([data-product="${substitutedId}"])`));
  const shortId = await others.first().getAttribute('data-product');
  await others
    .first()
    .getByRole('button', { name: /^Out of stock/ })
    .click();
  await expect(pickLines(picker).and(picker.locator(`[data-product="${shortId}"]`))).toContainText('marked short');
  const last = pickLines(picker).and(
    picker.locator(`:not([data-product="${substitutedId}"]):not([data-product="${shortId}"])`),
  );
  const weight = last.getByLabel(/^Weight in pounds/);
  if (await weight.count()) await weight.fill('1.05');
  await last.getByRole('button', { name: /^Picked / }).click();
  await expect(last).toContainText('Picked');
  await picker.getByRole('button', { name: 'Stage the order (all lines done)' }).click();
  await expect(picker.getByRole('alert')).toContainText('The shopper has not answered every substitution yet.');

  // The shopper sees the replacement (live with JavaScript, on refresh without) and approves it.
  if (!js) await page.getByRole('link', { name: 'Refresh status' }).click();
  else await expect(page.getByTestId('order-timeline')).toContainText('Substitutions waiting for you');
  await expect(page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText(
    'Substitutions waiting for you',
  );
  await expect(page.getByTestId('order-change').and(page.locator('[data-outcome="short"]'))).toContainText(
    'You will not be charged for it.',
  );
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  await page.getByRole('button', { name: /^Approve replacement/ }).click();
  await expect(page.getByText('You approved this replacement.')).toBeVisible();
  const request = await mailTo(email, /replacement|substitut/i);
  expect(request.text).toContain(orderNumber);

  await picker.getByRole('button', { name: 'Stage the order (all lines done)' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Packed and waiting');

  const driver = await staff.newPage();
  await staff.clearCookies();
  await signInOverHttp(driver, 'driver@pantry.test', 'Casey');
  await driver.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await driver.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(driver.getByTestId('staff-order-status')).toContainText('Out for delivery');
  if (!js) await page.goto(summary);
  await expect(page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText(
    /Out for delivery.*Arriving \d{1,2}:\d{2}–\d{1,2}:\d{2} [AP]M/s,
  );
  await driver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(driver.getByTestId('staff-order-status')).toContainText('Delivered');
  await staff.close();

  if (!js) await page.goto(summary);
  await expect(page.getByTestId('order-status')).toContainText('Delivered');
  await page.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt for order ${orderNumber}`);
  await expect(page.getByTestId('receipt-line')).toHaveCount(3);
  await expect(page.locator('[data-testid="receipt-line"][data-outcome="short"]')).toContainText('not charged');
  await expect(page.locator('[data-testid="receipt-line"][data-outcome="substituted"]')).toContainText('Replaced by');
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  const total = await page.getByTestId('receipt-total').innerText();
  const receipt = await mailTo(email, /receipt/i);
  expect(receipt.text).toContain(total);
  await page.goto('/account/orders.html');
  await expect(page.getByRole('link', { name: `Receipt for order ${orderNumber}` })).toBeVisible();
});

test('a picker of another store, and a shopper who does not own the order, find nothing', async ({ page, browser }) => {
  const { orderNumber } = await placeDeliveryOrder(page, 'Owner', 1);
  const other = await browser.newContext();
  const snoop = await other.newPage();
  await signInOverHttp(snoop, 'jordan@pantry.test', 'Jordan');
  expect((await snoop.goto(`/account/order-summary.html?orderNumber=${orderNumber}`))?.status()).toBe(404);
  const answer = await snoop.request.post('/account/order-summary.html?orderNumber=' + orderNumber, {
    form: { intent: 'approve', orderNumber, productId: '1' },
    headers: { Origin: new URL(snoop.url()).origin },
  });
  expect(answer.status()).toBe(404);
  await other.clearCookies();
  await signInOverHttp(snoop, 'manager@pantry.test', 'Dana');
  const tacoma = await snoop.goto(`/staff`);
  expect(tacoma?.status()).toBe(200);
  const stores = await snoop.getByTestId('staff-store').allInnerTexts();
  const otherStore = stores.map((text) => Number(/Store (\d+)/.exec(text)?.[1])).find((id) => id !== DEMO_STORE)!;
  expect((await snoop.goto(`/staff/orders/${orderNumber}?store=${otherStore}`))?.status()).toBe(404);
  await other.close();
});

test('a pickup shopper checks in with a parking spot, the picker sees it and hands the order over', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = testInfo.project.name === 'js';
  const { email, orderNumber } = await placeDeliveryOrder(page, 'Pickup', 1, 'pickup');
  const summary = `/account/order-summary.html?orderNumber=${orderNumber}`;
  await expect(page.getByTestId('order-status')).toContainText('DriveUp & Go');

  const staff = await browser.newContext({ javaScriptEnabled: js });
  const picker = await staff.newPage();
  await signInOverHttp(picker, 'picker@pantry.test', 'Riley');
  await picker.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await picker.getByRole('button', { name: 'Claim this order' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Your shopper is picking');
  const weight = pickLines(picker).getByLabel(/^Weight in pounds/);
  if (await weight.count()) await weight.fill('0.95');
  await pickLines(picker)
    .getByRole('button', { name: /^Picked / })
    .click();
  await expect(pickLines(picker)).toContainText(/Picked \d/);
  await picker.getByRole('button', { name: 'Stage the order (all lines done)' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Packed and waiting');
  await picker.getByRole('button', { name: 'Mark ready for pickup' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Ready for pickup');
  await expect(picker.getByRole('button', { name: 'Hand over to the shopper' })).toBeVisible();
  await picker.getByRole('button', { name: 'Hand over to the shopper' }).click();
  await expect(picker.getByRole('alert')).toContainText('The shopper has not checked in yet');

  if (!js) await page.goto(summary);
  await expect(page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText('Ready for pickup');
  expect((await mailTo(email, /ready for pickup/i)).text).toContain(orderNumber);
  await page.getByLabel('Parking spot number').fill('12; drop');
  await page.getByRole('button', { name: 'I’m here' }).click();
  if (js) {
    // The browser's own check stops it first; the server's message is the no-JavaScript path.
    await page.getByLabel('Parking spot number').fill('b7');
  } else {
    await expect(page.getByRole('alert')).toContainText('Enter the parking spot number shown on the sign');
    await page.getByLabel('Parking spot number').fill('b7');
  }
  await page.getByRole('button', { name: 'I’m here' }).click();
  await expect(page.getByTestId('checked-in')).toContainText('parking spot B7');

  await picker.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await expect(picker.getByTestId('staff-check-in')).toContainText('parking spot B7');
  await picker.getByRole('button', { name: 'Hand over to the shopper' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Picked up');
  await staff.close();

  if (!js) await page.goto(summary);
  await expect(page.getByTestId('order-status')).toContainText('Picked up');
  await page.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page.getByTestId('receipt-line')).toHaveCount(1);
});
