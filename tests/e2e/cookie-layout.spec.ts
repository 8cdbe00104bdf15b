import { startFlagServer } from './support/flag-server';
import { expect, test } from './support/test';

/**
 * The flag enableCookieRestructure (decision 0103), in a browser: on (the e2e server) a store choice is one
 * consolidated session cookie; off (a second storefront, support/flag-server.ts) its parts have cookies of their own,
 * and either layout keeps the chosen store from page to page. With JavaScript on and off.
 */
const PARTS = ['PANTRY_SESSION_J4U', 'PANTRY_SESSION_SHOP', 'PANTRY_SESSION_OFFBANNER'];

test.describe('the session cookie layouts', () => {
  let restructureOff: { origin: string; stop: () => Promise<void> } | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern.
  test.beforeAll(async ({}, testInfo) => {
    restructureOff = await startFlagServer(testInfo, 8, { enableCookieRestructure: 'false' });
  });
  test.afterAll(() => restructureOff?.stop());

  test('on: one session cookie; off: the parts in cookies of their own; the store kept both ways', async ({ page }) => {
    const names = async () => (await page.context().cookies()).map((cookie) => cookie.name);
    const chooseStore = async (origin: string) => {
      await page.goto(`${origin}/set-store.html?zipcode=98101&preference=J4U`);
      const result = page.getByTestId('store-result').first();
      const name = (await result.getByRole('heading').textContent())!.trim();
      await result.getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/$`));
      return name;
    };

    const baseURL = test.info().project.use.baseURL!.replace(/\/$/, '');
    const onStore = await chooseStore(baseURL);
    expect(await names()).toContain('PANTRY_SESSION');
    expect((await names()).filter((name) => PARTS.includes(name))).toEqual([]);
    await page.goto(`${baseURL}/shop/aisles.html`);
    await expect(page.getByTestId('store-chip').first()).toContainText(onStore);

    // Cookies on localhost reach every port: the second storefront reads the one cookie and splits it at once.
    const off = restructureOff!.origin;
    await page.goto(`${off}/shop/aisles.html`);
    await expect(page.getByTestId('store-chip').first()).toContainText(onStore);
    expect(await names()).toEqual(expect.arrayContaining(['PANTRY_SESSION', 'PANTRY_SESSION_J4U']));
    await page.context().clearCookies();
    const offStore = await chooseStore(off);
    expect(await names()).toEqual(expect.arrayContaining(['PANTRY_SESSION', 'PANTRY_SESSION_J4U']));
    await page.goto(`${off}/shop/aisles.html`);
    await expect(page.getByTestId('store-chip').first()).toContainText(offStore);

    // Back where the flag is on: the parts are read, joined into one cookie and cleared.
    await page.goto(`${baseURL}/shop/aisles.html`);
    await expect(page.getByTestId('store-chip').first()).toContainText(offStore);
    await page.goto(`${baseURL}/shop/aisles.html`);
    expect((await names()).filter((name) => PARTS.includes(name))).toEqual([]);
  });
});
