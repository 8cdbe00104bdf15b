import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { addToCart } from './support/cart';

const ADD = /^(Add to cart|Adding…|Add another): /;

async function addFromHome(page: Page, nth: number) {
  await addToCart(
    page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: ADD }) })
      .nth(nth),
  );
}

test.describe('checkout and orders', () => {
  test('a guest fills a cart, signs in, books a slot, orders, edits the order in /erums and cancels it', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto('/');
    await addFromHome(page, 0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await addFromHome(page, 1);
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await createAccountOverHttp(page, 'Orderer');
    await page.goto('/shop/cart.html');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    await page.getByRole('link', { name: 'Choose a delivery or pickup time' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Reserve / })
      .and(page.locator(':enabled'))
      .first()
      .click();
    await expect(page.getByTestId('held-slot')).toContainText('Reserved');
    await expect(page.getByRole('status')).toContainText('Your time is reserved for 2 hours.');
    const selected = await (await page.request.get('/api/slots/selected')).json();
    expect(selected.selectedSlot).toMatchObject({ slotType: expect.any(String), startTime: expect.any(String) });
    await page.getByRole('link', { name: 'Continue to checkout' }).click();

    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('no card is charged')).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await page.getByLabel('Street address').fill('12 Elm St');
    await page.getByLabel('City').fill('Seattle');
    await page.getByLabel('State').fill('WA');
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('12 Elm St')).toBeVisible();
    // A card number that fails the check digit is refused with a message.
    await page.getByLabel('Card number').fill('4111 1111 1111 1112');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a valid card number.');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Visa ending in 1111')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('status')).toContainText(/Your order C\d{8} is placed/);
    // The first order: where its receipt will be (the receipts onboarding event), once.
    await expect(page.getByTestId('receipts-onboarding')).toContainText('Your first order is in');
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const orderNumber = heading.match(/C\d{8}/)![0];
    await expect(page.getByTestId('order-item')).toHaveCount(2);
    await expect(page.getByTestId('pending-order-alert')).toContainText(orderNumber);
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await page.reload();
    await expect(page.getByTestId('order-item')).toHaveCount(2);
    await expect(page.getByTestId('receipts-onboarding')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'PANTRY_ORDER_NUMBER')).toBe(true);
    const details = await (await page.request.get(`/api/orders/reservation-details?orderNumber=${orderNumber}`)).json();
    expect(details).toMatchObject({ orderNumber, editable: true, slot: { slotType: selected.selectedSlot.slotType } });
    if (details.slot.slotType === 'rush') expect(details.checkoutValue).toBe(4);
    else if (details.fulfillmentType === 'DELIVERY') expect(details.deliveryType).toBe('attended');
    const alert = await (await page.request.get('/api/orders/pending-alert')).json();
    expect(alert.pendingOrder.orderNumber).toBe(orderNumber);

    await page.getByRole('link', { name: 'Edit order' }).first().click();
    await expect(page.getByTestId('edit-mode')).toContainText(orderNumber);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['SlotInfo', 'OrderStoreId']));
    await page
      .getByTestId('edit-line')
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(page.getByTestId('edit-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toContainText(`Your changes to order ${orderNumber} are saved.`);
    await expect(page.getByTestId('order-item')).toHaveCount(1);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('SlotInfo');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByTestId('order-status')).toContainText('Cancelled');
    await expect(page.getByTestId('pending-order-alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await page.goto('/account/orders.html');
    await expect(page.getByTestId('order-row').filter({ hasText: orderNumber })).toContainText('Cancelled');
  });

  test('without a cart every Reserve button is disabled and looks it', async ({ page }) => {
    await page.goto('/shop/slots.html');
    await expect(page.getByText('Add something to your cart before choosing a time.')).toBeVisible();
    const reserve = page.getByRole('button', { name: /^Reserve / });
    expect(await reserve.count()).toBeGreaterThan(0);
    await expect(reserve.and(page.locator(':enabled'))).toHaveCount(0);
    const look = await reserve.first().evaluate((button) => {
      const style = getComputedStyle(button);
      return { opacity: Number(style.opacity), cursor: style.cursor };
    });
    expect(look.opacity).toBeLessThan(1);
    expect(look.cursor).toBe('not-allowed');
  });

  test("another customer's order is not found, in /erums and the summary", async ({ page }) => {
    await createAccountOverHttp(page, 'Snoop');
    // C10000001 is a seeded demo customer's past order.
    const edit = await page.goto('/erums?orderNumber=C10000001');
    expect(edit?.status()).toBe(404);
    const summary = await page.goto('/account/order-summary.html?orderNumber=C10000001');
    expect(summary?.status()).toBe(404);
  });

  test('order and cart APIs answer with the spec shapes and stable error codes', async ({ page }) => {
    expect((await page.request.get('/api/orders/history')).status()).toBe(401);
    expect((await (await page.request.get('/api/orders/history')).json()).error.code).toBe('SIGN_IN_REQUIRED');
    await createAccountOverHttp(page, 'Apicaller');
    const product = await page.request.post('/api/cart/add', { data: { productId: 999999999, quantity: 1 } });
    expect(product.status()).toBe(404);
    expect((await product.json()).error.code).toBe('UNKNOWN_PRODUCT');
    const bad = await page.request.post('/api/cart/add', { data: { productId: 'x' } });
    expect((await bad.json()).error.code).toBe('BAD_REQUEST');
    const history = await (await page.request.get('/api/orders/history')).json();
    expect(history).toEqual({ orders: [] });
    expect(await (await page.request.get('/api/orders/pending-alert')).json()).toEqual({ pendingOrder: null });
    expect(await (await page.request.get('/api/slots/selected')).json()).toEqual({ selectedSlot: null });
    const summary = await page.request.get('/api/orders/summary?orderNumber=C10000001');
    expect(summary.status()).toBe(404);
    expect((await summary.json()).error.code).toBe('NOT_FOUND');
    const cancel = await page.request.post('/api/orders/cancel', { data: { orderNumber: 'C10000001' } });
    expect((await cancel.json()).error.code).toBe('NOT_FOUND');
    const malformed = await page.request.get('/api/orders/reservation-details?orderNumber=nope');
    expect((await malformed.json()).error.code).toBe('BAD_ORDER_NUMBER');
  });

  test('checkout sends a guest to sign in', async ({ page }) => {
    await page.goto('/shop/checkout.html');
    await expect(page).toHaveURL(/\/account\/sign-in\.html/);
  });
});
