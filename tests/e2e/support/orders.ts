import { expect, type Page } from '@playwright/test';
import { createAccountOverHttp } from './accounts';
import { BOOKING_LEAD_MS, SLOT_REFUSALS } from '../../../app/modules/slots/slot-rules';
import { addToCart } from './cart';
import { cloneCustomer } from './clone-customer';
import { DEMO_PASSWORD, signInOverHttp } from './sign-in';

const ADD = /^(Add to cart|Adding…|Add another): /;

/** Windows whose booking cut-off is nearer than this are passed over: it could pass before the click lands. */
const CUTOFF_MARGIN_MS = 10 * 60_000;

/**
 * Reserves the first window named `name` (a 2- or 1-hour delivery or a pickup by default) whose booking cut-off is
 * more than a few minutes away, on the day the slots page opens on or a later one: late in the store's day the page
 * opens on today, whose remaining windows may be rush deliveries only, or close before a click could reach them.
 * Each window's start is the `datetime` of its `<time>`; these kinds can be booked until BOOKING_LEAD_MS before it.
 */
export async function reserveWindow(page: Page, kind: 'delivery' | 'pickup', name = RESERVE[kind]) {
  await page.goto(`/shop/slots.html?type=${kind}`);
  for (;;) {
    const open = page
      .getByTestId('slot')
      .filter({ has: page.getByRole('button', { name }).and(page.locator(':enabled')) });
    const starts = await open
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    const nth = starts.findIndex((start) => Date.parse(start!) - BOOKING_LEAD_MS - Date.now() > CUTOFF_MARGIN_MS);
    if (nth >= 0) {
      await open.nth(nth).getByRole('button', { name }).click();
      // Other tests book the same windows at the same time: one may take the last place first. The page then says
      // so and the shopper chooses another time, as a shopper would.
      const held = page.getByTestId('held-slot');
      const filled = page.getByRole('alert').filter({ hasText: SLOT_REFUSALS.FULL });
      await expect(held.or(filled)).toBeVisible();
      if (await filled.isVisible()) continue;
      await expect(held).toContainText('Reserved');
      return;
    }
    const days = page.getByRole('navigation', { name: 'Days' });
    const nextDay = days.locator('a[aria-current="date"] + a');
    expect(await nextDay.count(), 'a later day with a window to reserve').toBe(1);
    await page.goto((await nextDay.getAttribute('href'))!);
  }
}

const RESERVE = {
  delivery: /^Reserve (2-hour|1-hour) delivery /,
  pickup: /^Reserve DriveUp & Go pickup /,
};

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

/** The demo customer whose copies the checkout tests sign in as: a saved address and a saved card (Jordan). */
const DEMO_CUSTOMER_ID = 500001;

/**
 * A copy of the demo customer (its own saved address and card, so no form is filled) signed in, with the first
 * product of the home page in the cart and a window reserved: checkout is the next page. For tests about checkout or
 * the order it places that may change what the profile keeps (its language).
 */
export async function readyCheckoutAsCopy(page: Page, firstName: string, kind: 'delivery' | 'pickup' = 'delivery') {
  const copy = cloneCustomer(DEMO_CUSTOMER_ID, firstName);
  await signInOverHttp(page, copy.email, firstName, DEMO_PASSWORD);
  await page.goto('/');
  await addToCart(
    page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: ADD }) })
      .first(),
  );
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await reserveWindow(page, kind);
  return copy;
}
