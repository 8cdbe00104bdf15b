/**
 * What the page scripts keep in local storage (spec section 3 "local storage", section 4 store flags) and the
 * navigation call time-out of spec section 9 (decision 0089), in a real browser.
 */
import { CALL_TIMEOUT_MESSAGE } from '~/modules/browser/call-timing';
import { expect, test } from './support/test';

test.beforeEach(() => {
  const reason = 'local storage and call time-outs belong to the page scripts';
  if (test.info().project.name !== 'js') console.log(`skipped without JavaScript: ${reason}`);
  test.skip(test.info().project.name !== 'js', reason);
});

test('records the visit ids, the attribution and the store flags, and fires the completion event', async ({ page }) => {
  // Another script of the page, waiting on the completion event from the start of every page.
  await page.addInitScript(() => {
    window.addEventListener('pantry:store-flags-loaded', (event) => {
      (window as unknown as { flagsEvent: unknown }).flagsEvent = (event as CustomEvent).detail;
    });
  });
  await page.goto('/set-store.html?zipcode=98101&preference=J4U&utm_source=newsletter&utm_campaign=spring');
  await page.getByTestId('store-result').first().getByRole('button').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  // A call cut short by the page changing records nothing; the next page records the flags.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('pantry.storeFlags') ?? '{}').status as number))
    .toBe(200);
  const stored = await page.evaluate(() => ({
    flags: JSON.parse(localStorage.getItem('pantry.storeFlags')!) as { loaded: boolean; storeId: string },
    timezone: localStorage.getItem('pantry.timezone'),
    visitorId: JSON.parse(localStorage.getItem('pantry.visitorId') ?? 'null') as { value: string } | null,
    sessionId: JSON.parse(localStorage.getItem('pantry.sessionId') ?? 'null') as { value: string } | null,
    attribution: JSON.parse(localStorage.getItem('pantry.attribution')!) as { source: string; campaign: string },
  }));
  expect(stored.flags).toMatchObject({ loaded: true, status: 200 });
  expect(stored.timezone).toMatch(/^America\//);
  expect(stored.visitorId?.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(stored.sessionId?.value).toMatch(/^[0-9a-f-]{36}$/);
  // The first marketing source of the visit, from the landing page.
  expect(stored.attribution).toMatchObject({ source: 'newsletter', campaign: 'spring' });
  // Every page fires the event once the flags are recorded (here from the five minutes' reuse).
  await page.goto('/shop/aisles.html');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { flagsEvent?: unknown }).flagsEvent))
    .toMatchObject({ loaded: true, storeId: stored.flags.storeId, status: 200 });
});

test('a client-side navigation fires the completion event again, from the recorded flags', async ({ page }) => {
  await page.addInitScript(() => {
    const win = window as unknown as { flagsEvents: unknown[] };
    win.flagsEvents = [];
    window.addEventListener('pantry:store-flags-loaded', (event) =>
      win.flagsEvents.push((event as CustomEvent).detail),
    );
  });
  await page.goto('/set-store.html?zipcode=98101&preference=J4U');
  await page.getByTestId('store-result').first().getByRole('button').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('pantry.storeFlags') ?? '{}').status as number))
    .toBe(200);
  const events = () => page.evaluate(() => (window as unknown as { flagsEvents: { status: number }[] }).flagsEvents);
  await expect.poll(async () => (await events()).length).toBeGreaterThan(0);
  const before = (await events()).length;
  const preloads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/stores/preload/')) preloads.push(request.url());
  });
  // The same document: the listener installed at load is still the one counting.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Aisles', exact: true }).click();
  await expect(page).toHaveURL(/aisles/);
  await expect.poll(async () => (await events()).length).toBe(before + 1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect((await events()).at(-1)).toMatchObject({ loaded: true, status: 200 });
  // Within five minutes the same store's flags are reused, not asked for again.
  expect(preloads).toEqual([]);
});

test('a call that gets no answer within 3,000 ms says so where the shopper acted', async ({ page }) => {
  await page.goto('/');
  await page.route('**/shop/cart?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4500));
    await route.continue().catch(() => {});
  });
  const started = Date.now();
  await page
    .getByTestId('add-to-cart')
    .first()
    .getByRole('button', { name: /^(Add to cart|Adding…|Add another): / })
    .click();
  await expect(page.getByTestId('add-to-cart').first()).toContainText(CALL_TIMEOUT_MESSAGE);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
});
