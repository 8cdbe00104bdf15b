import { startFlagServer } from './support/flag-server';
import { expectSignedIn, signInOverHttp } from './support/sign-in';
import { expect, test, type Page } from './support/test';

/**
 * The banner switch (spec section 4, decision 0091): with the flag enableBannerSwitch on, a guest who is signed in on
 * another banner's site is signed in here on any page, once, through the identity provider's session; with it off
 * (the e2e server, local-origin) a page that escapes single sign-on leaves them a guest. With JavaScript on and off:
 * the server does it, so no script is involved.
 */
const SUNRIDGE_STORE = { zipcode: '90012', preference: 'DELIVERY' };

async function guestOnSunridge(page: Page, origin: string) {
  await page.goto(`${origin}/set-store.html?zipcode=${SUNRIDGE_STORE.zipcode}&preference=${SUNRIDGE_STORE.preference}`);
  await page.getByTestId('store-result').first().getByRole('button').click();
  // Until the choice's answer lands, the page is still the finder: a navigation started now would cancel it.
  await page.waitForURL((url) => url.origin === origin && !url.pathname.startsWith('/set-store'));
}

test.describe('the banner switch', () => {
  let bannerSwitchOn: { origin: string; stop: () => Promise<void> } | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern.
  test.beforeAll(async ({}, testInfo) => {
    bannerSwitchOn = await startFlagServer(testInfo, 10, { enableBannerSwitch: 'true' });
  });
  test.afterAll(() => bannerSwitchOn?.stop());

  test('on, a customer signed in on Greenleaf arrives signed in on Sunridge; off, stays a guest', async ({ page }) => {
    // Signed in on Greenleaf (localhost): the provider now holds a session for this browser.
    await page.goto('/');
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');

    // Off (the e2e server's Sunridge host): the home page escapes single sign-on, so the guest stays a guest.
    const port = Number(new URL(test.info().project.use.baseURL!).port);
    const off = `http://sunridge.localhost:${port}`;
    await guestOnSunridge(page, off);
    await page.goto(`${off}/`);
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);

    // On: the same guest on Sunridge is sent to the provider once and comes back signed in.
    const on = bannerSwitchOn!.origin.replace('//localhost', '//sunridge.localhost');
    await guestOnSunridge(page, on);
    await page.goto(`${on}/`);
    await expect(page).toHaveURL(new RegExp(`^${on.replace(/[.]/g, '\\.')}/`));
    await expectSignedIn(page, 'Jordan');
  });
});
