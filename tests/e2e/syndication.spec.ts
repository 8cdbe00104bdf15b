/**
 * The syndicated header (decision 0087) as another site of the company shows it: a page on another origin of the same
 * site (localhost on another port, as recipes.pantry.example would be beside shop.pantry.example) frames the header,
 * or, with JavaScript, fetches it with the shopper's cookies. The shopper's store comes from the syndicated cookie
 * the storefront wrote when the store was chosen.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect, test, type Page } from './support/test';

let siblingSite: Server;
let siblingOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const header = `${baseURL}/syndication/header.html`;
  siblingSite = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    if (req.url === '/fetched.html') {
      // The script way: the sibling site fetches the fragment with the shopper's cookies and inserts it.
      res.end(
        `<!doctype html><html lang="en"><title>Recipes</title><div id="header"></div><h1>Weeknight recipes</h1>` +
          `<script>fetch(${JSON.stringify(header)}, { credentials: 'include' }).then((r) => r.text())` +
          `.then((html) => { document.getElementById('header').innerHTML = html; });</script></html>`,
      );
      return;
    }
    res.end(
      `<!doctype html><html lang="en"><title>Recipes</title>` +
        `<iframe title="Store header" src="${header}" style="width:100%;height:140px;border:0"></iframe>` +
        `<h1>Weeknight recipes</h1></html>`,
    );
  });
  await new Promise<void>((resolve) => siblingSite.listen(0, 'localhost', resolve));
  siblingOrigin = `http://localhost:${(siblingSite.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => siblingSite.close(() => resolve())));

/** Chooses an in-store store on the storefront and returns its name as the storefront shows it. */
async function chooseStore(page: Page): Promise<string> {
  await page.goto('/set-store.html?zipcode=98101&preference=J4U');
  await page.getByTestId('store-result').first().getByRole('button').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto('/set-store.html');
  return (await page.getByTestId('current-store').locator('strong').textContent()) ?? '';
}

test.describe('the syndicated header on another site of the company', () => {
  test("shows the shopper's store, framed on another origin", async ({ page, context }) => {
    const store = await chooseStore(page);
    expect(store).not.toBe('');
    const cookie = (await context.cookies()).find((c) => c.name === 'PANTRY_SYND_USER');
    expect(cookie?.httpOnly).toBe(false);

    await page.goto(siblingOrigin);
    const header = page.frameLocator('iframe[title="Store header"]');
    await expect(header.locator('[data-pantry-store]')).toContainText(`Your store: ${store}`);
    await expect(header.locator('[data-pantry-store]')).toContainText('In-store');
    await expect(header.getByRole('link', { name: 'Change store' })).toHaveAttribute('href', /\/set-store\.html$/);
  });

  test('asks for a store when the shopper has none', async ({ page }) => {
    await page.goto(siblingOrigin);
    await expect(page.frameLocator('iframe[title="Store header"]').locator('[data-pantry-store]')).toContainText(
      'Choose your store',
    );
  });

  test('ignores a syndicated cookie holding HTML and rewrites it', async ({ page, context }) => {
    const store = await chooseStore(page);
    const forged = encodeURIComponent(JSON.stringify({ storeId: '<img src=x onerror=alert(1)>' }));
    await context.addCookies([{ name: 'PANTRY_SYND_USER', value: forged, url: siblingOrigin }]);
    await page.goto(siblingOrigin);
    const header = page.frameLocator('iframe[title="Store header"]');
    await expect(header.locator('[data-pantry-store]')).toContainText(`Your store: ${store}`);
    await expect(header.locator('img')).toHaveCount(0);
    const rewritten = (await context.cookies()).find((c) => c.name === 'PANTRY_SYND_USER');
    expect(decodeURIComponent(rewritten!.value)).toMatch(/^\{"storeId":"\d+"/);
  });

  test('is read by the sibling site itself, and fetched with the shopper cookies', async ({ page }, testInfo) => {
    const reason = 'the sibling page reads the cookie and fetches the header with a script';
    if (testInfo.project.name !== 'js') console.log(`skipped without JavaScript: ${reason}`);
    test.skip(testInfo.project.name !== 'js', reason);
    const store = await chooseStore(page);
    await page.goto(`${siblingOrigin}/fetched.html`);
    const syndicated = await page.evaluate(() =>
      document.cookie
        .split('; ')
        .find((pair) => pair.startsWith('PANTRY_SYND_USER='))
        ?.slice('PANTRY_SYND_USER='.length),
    );
    expect(JSON.parse(decodeURIComponent(syndicated!))).toMatchObject({ preference: 'J4U' });
    await expect(page.locator('[data-pantry-store]')).toContainText(`Your store: ${store}`);
  });
});
