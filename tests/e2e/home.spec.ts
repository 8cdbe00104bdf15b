import { expect, test } from './support/test';
import { axeViolations } from './support/axe';

test.describe('home page', () => {
  test('shows the banner, departments and priced products', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Greenleaf Market/);
    await expect(page.getByRole('link', { name: 'Greenleaf Market home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shop by department' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular this week' })).toBeVisible();
    const cards = page.locator('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(cards.first()).toContainText(/\$\d+\.\d{2}/);
    const firstImage = cards.first().locator('img');
    await expect(firstImage).toHaveAttribute('src', /\/images\/products\/.+\.svg$/);
    expect(await firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId('store-chip')).toContainText('Choose a store');
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  });

  test('shows another banner on its own host', async ({ page }) => {
    const port = new URL(test.info().project.use.baseURL!).port;
    await page.goto(`http://sunridge.localhost:${port}/`);
    await expect(page).toHaveTitle(/Sunridge Foods/);
    await expect(page.getByRole('link', { name: 'Sunridge Foods home' })).toBeVisible();
  });

  test('submits the header search as a plain GET form', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Search products and recipes').fill('milk');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/shop\/search-results\.html\?q=milk$/);
  });

  test('fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('has no accessibility violations', async ({ page, browser }, testInfo) => {
    await page.goto('/');
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  });
});

test.describe('errors never show a stack trace', () => {
  test('an unknown page is a real 404 inside the store layout', async ({ page }) => {
    const response = await page.goto('/no/such/page.html');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  });

  test('the generic error page answers 500 with a friendly message', async ({ page }) => {
    const response = await page.goto('/error-page/500.html');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { name: 'Something went wrong on our side' })).toBeVisible();
    expect(await page.content()).not.toMatch(/at .+\.js:\d+/);
  });
});

test.describe('cookies', () => {
  test('an anonymous visit sets no cookies', async ({ page, context }) => {
    await page.goto('/');
    expect(await context.cookies()).toEqual([]);
  });

  test('a tampered session cookie is dropped and the shopper continues as a fresh visitor', async ({
    page,
    context,
  }) => {
    const url = new URL(test.info().project.use.baseURL!);
    await context.addCookies([
      { name: 'PANTRY_SESSION', value: 'eyJpbmZvIjp7fX0%3D.forged', domain: url.hostname, path: '/' },
    ]);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('store-chip')).toContainText('Choose a store');
    expect((await context.cookies()).find((c) => c.name === 'PANTRY_SESSION')).toBeUndefined();
  });

  test('the business site reads and clears only B_ cookies', async ({ page, context }) => {
    const port = new URL(test.info().project.use.baseURL!).port;
    await context.addCookies([
      { name: 'B_PANTRY_SESSION', value: 'garbage', domain: 'business.localhost', path: '/' },
      { name: 'PANTRY_SESSION', value: 'garbage', domain: 'business.localhost', path: '/' },
    ]);
    const response = await page.goto(`http://business.localhost:${port}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Greenleaf Market home' })).toContainText('business');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('B_PANTRY_SESSION');
    expect(names).toContain('PANTRY_SESSION');
  });
});
