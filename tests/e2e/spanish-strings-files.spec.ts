import { test as plainTest } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';

/**
 * Decision 0120: a Spanish document carries references to its strings files, which the browser loads (once)
 * before it hydrates; a client-side navigation gets its strings with its data; a file that cannot load leaves the
 * page as the server wrote it. Without JavaScript the page already has its words (every Spanish spec, nojs).
 */
const JS_ONLY = 'the strings files are for the page’s scripts: without JavaScript the HTML has every word';

// A browser that asks for Spanish: every page, the ones a navigation reaches included, answers in it.
test.use({ locale: 'es-US' });
plainTest.use({ locale: 'es-US' });

/** The strings files the page asks for, by path, as they are requested. */
function stringsRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/build/strings/')) paths.push(pathname);
  });
  return paths;
}

test('a Spanish page loads its strings files once, hydrates, and a clip reads Spanish', async ({ page }) => {
  test.skip(test.info().project.name !== 'js', JS_ONLY);
  await createAccountOverHttp(page, 'Stringsfiles');
  const requested = stringsRequests(page);
  await page.goto('/foru/coupons-deals.html?sort=value');
  // The document's loader data: references to the files, not the strings (the search box's words are common's).
  const handoff = await page.evaluate(() => JSON.stringify((window as { __remixContext?: unknown }).__remixContext));
  await expect(page.locator('#site-search')).toHaveAttribute('placeholder', 'Buscar productos, marcas y recetas');
  expect(handoff).not.toContain('Buscar productos, marcas y recetas');
  expect(handoff).not.toContain('"strings"');
  expect(requested.sort()).toEqual([
    expect.stringMatching(/^\/build\/strings\/es-common-[0-9a-f]{12}\.json$/),
    expect.stringMatching(/^\/build\/strings\/es-offers-[0-9a-f]{12}\.json$/),
  ]);
  // Words only the browser renders, from the loaded files.
  const card = page.getByTestId('offer-card').first();
  const title = (await card.getByRole('heading').innerText()).trim();
  await card.getByRole('button', { name: /^Recortar cupón/ }).click();
  await expect(card.getByRole('status')).toHaveText(`Recortado: ${title}`);
});

test('a client-side navigation to a page of another namespace shows Spanish at once', async ({ page }) => {
  test.skip(test.info().project.name !== 'js', JS_ONLY);
  const requested = stringsRequests(page);
  await page.goto('/foru/coupons-deals.html');
  expect(requested.some((path) => path.includes('/es-shop-'))).toBe(false);
  // Anything English the product cards would show before their strings came: noted as soon as React commits it.
  await page.evaluate(() => {
    const w = window as { __englishSeen?: boolean };
    new MutationObserver(() => {
      if (/Add to cart|Add to list/.test(document.body.textContent ?? '')) w.__englishSeen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const searchData = page.waitForResponse((response) =>
    /\/shop\/search-results\.html\?.*_data=routes/.test(response.url()),
  );
  await page.locator('#site-search').fill('milk');
  await page.locator('#site-search').press('Enter');
  const data = (await (await searchData).json()) as { i18n?: { strings?: Record<string, string> } };
  await expect(page.getByRole('button', { name: /^Agregar al carrito: / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Agregar a la lista: / }).first()).toBeVisible();
  expect(documents).toEqual([]);
  expect(data.i18n?.strings?.['Add to cart']).toBe('Agregar al carrito');
  expect(requested.some((path) => path.includes('/es-shop-'))).toBe(false);
  expect(await page.evaluate(() => (window as { __englishSeen?: boolean }).__englishSeen ?? false)).toBe(false);
});

test('without JavaScript a Spanish page loads no strings file: the server wrote every word', async ({ page }) => {
  test.skip(test.info().project.name !== 'nojs', 'with JavaScript the page loads its files, as the tests above show');
  const requested = stringsRequests(page);
  await page.goto('/foru/coupons-deals.html');
  await expect(page.locator('#site-search')).toHaveAttribute('placeholder', 'Buscar productos, marcas y recetas');
  await page.goto('/shop/search-results.html?q=milk');
  await expect(page.getByRole('button', { name: /^Agregar al carrito: / }).first()).toBeVisible();
  expect(requested).toEqual([]);
});

// Playwright's own `test`: the page never hydrates, so the fixture's wait for hydration would never end.
plainTest(
  'a strings file that cannot load leaves the Spanish page as the server wrote it, working without scripts',
  async ({ page }) => {
    plainTest.skip(plainTest.info().project.name !== 'js', JS_ONLY);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/build/strings/**', (route) => route.abort());
    await page.goto('/shop/product-details.960000086.html');
    await expect.poll(() => errors.join('\n')).toContain('its strings did not load');
    await expect(page.getByRole('heading', { name: 'Acerca de este artículo' })).toBeVisible();
    // Not hydrated: React never took the document over, so the server's words stay.
    expect(await page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))).toBe(
      false,
    );
    // The cart form posts as it does without JavaScript, and the answer is a Spanish page.
    await page.getByRole('button', { name: 'Agregar al carrito', exact: true }).click();
    await expect(page.getByTestId('cart-notice')).toHaveText('Se agregó a su carrito.');
  },
);
