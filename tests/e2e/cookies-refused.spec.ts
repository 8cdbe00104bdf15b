import { COOKIES_REFUSED_NOTICE } from '~/components/CookiesRefused';
import { expect, test, type Page } from './support/test';

/**
 * A browser that refuses cookies (spec section 5, decision 0101): the storefront's Set-Cookie headers are dropped
 * before the page sees them and the browser reports cookies as disabled, as Chromium does when a site's cookies are
 * blocked. The shopper can still choose a store and browse with it for the page's life, is told once what needs
 * cookies, and no script throws.
 */
test.beforeEach(() => {
  const reason = 'the in-memory session belongs to the page scripts; without them every page is a fresh visit';
  if (test.info().project.name !== 'js') console.log(`skipped without JavaScript: ${reason}`);
  test.skip(test.info().project.name !== 'js', reason);
});

async function refuseCookies(page: Page) {
  await page.context().clearCookies();
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
  });
  // Fetched outside the browser (route.fetch would keep the cookies in the context's jar), Set-Cookie dropped.
  await page.route('**/*', async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    delete headers.cookie;
    const response = await fetch(request.url(), {
      method: request.method(),
      headers,
      body: (request.postDataBuffer() as Uint8Array<ArrayBuffer> | null) ?? undefined,
      redirect: 'manual',
    });
    const answer: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      // fetch has already decoded the body, so its encoding and length no longer describe it.
      if (!['set-cookie', 'content-encoding', 'content-length'].includes(name)) answer[name] = value;
    });
    await route.fulfill({ status: response.status, headers: answer, body: Buffer.from(await response.arrayBuffer()) });
  });
}

test('a shopper whose browser refuses cookies chooses a store and keeps it across pages, with one notice', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await refuseCookies(page);
  await page.goto('/set-store.html?zipcode=98101&preference=J4U');
  await expect(page.getByTestId('cookies-refused')).toHaveText(COOKIES_REFUSED_NOTICE);
  const result = page.getByTestId('store-result').first();
  const storeName = (await result.getByRole('heading').textContent())!.trim();
  await result.getByRole('button').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByTestId('store-chip').first()).toContainText(storeName);
  // Client-side navigation: the same page, the session still in its memory.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Aisles', exact: true }).click();
  await expect(page).toHaveURL(/aisles/);
  await expect(page.getByTestId('store-chip').first()).toContainText(storeName);
  await expect(page.getByTestId('cookies-refused')).toHaveCount(1);
  expect(await page.context().cookies()).toEqual([]);
  // A reload is a fresh page: nothing was stored, so the store is gone.
  await page.reload();
  await expect(page.getByTestId('store-chip').first()).toContainText('Choose a store');
  expect(errors).toEqual([]);
});

test('a browser that takes cookies never sees the notice or the in-memory session', async ({ page }) => {
  const sessionHeaders: string[] = [];
  page.on('response', (response) => {
    const kept = response.headers()['x-pantry-session'];
    if (kept !== undefined) sessionHeaders.push(kept);
  });
  await page.goto('/set-store.html?zipcode=98101&preference=J4U');
  await page.getByTestId('store-result').first().getByRole('button').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByTestId('cookies-refused')).toHaveCount(0);
  expect(sessionHeaders).toEqual([]);
});
