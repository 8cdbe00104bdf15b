import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { signInOverHttp, signInWithPassword } from './support/sign-in';

/** The demo store (Jordan's, Greenleaf Market's first) where every demo staff member works. */
const DEMO_STORE = 1001;
const STAFF_ONLY = 'Your account has no store staff role for this page.';

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor who is not signed in is sent to sign in, and a manager comes back to their stores', async ({
  page,
}) => {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Fstaff$/);
  await signInWithPassword(page, 'manager@pantry.test');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your stores');
  const stores = page.getByTestId('staff-store');
  await expect(stores).toHaveCount(2);
  for (const store of await stores.all()) await expect(store).toContainText('Store manager');
  await expect(page.getByRole('link', { name: /^Orders at / })).toHaveCount(2);
  const hrefs = await page
    .getByRole('link', { name: /^Orders at / })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toContain(`/staff/orders?store=${DEMO_STORE}`);
  // The staff chrome, not the shopper's: no search box or cart.
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
});

test('a picker signed in sees their store and role; axe finds nothing; it fits 375 and 1280 px', async ({
  page,
  browser,
}, testInfo) => {
  await signInOverHttp(page, 'picker@pantry.test', 'Riley');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto('/staff');
    expect(response?.status()).toBe(200);
    const store = page.getByTestId('staff-store');
    await expect(store).toHaveCount(1);
    await expect(store).toContainText('Picker');
    await expect(store).toContainText(`Store ${DEMO_STORE}`);
    await expect(store).not.toContainText('Driver');
    await expectNoSideways(page);
  }
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
});

test('a signed-in shopper gets 403 on /staff with the staff-only message', async ({ page, browser }, testInfo) => {
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  const response = await page.goto('/staff');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is for store staff');
  await expect(page.getByText(STAFF_ONLY)).toBeVisible();
  await expect(page.getByTestId('staff-store')).toHaveCount(0);
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
});
