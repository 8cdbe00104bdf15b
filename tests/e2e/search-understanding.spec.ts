import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';

/** What shoppers mean, not only what they type: synonyms (decision 0072) and aisle intent (0077). */

/** The text of the first `n` product cards, once the results list is there. */
async function firstProducts(page: Page, n: number): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Products' });
  await expect(list).toBeVisible();
  return list
    .getByRole('listitem')
    .evaluateAll((items, count) => items.slice(0, count).map((item) => item.textContent ?? ''), n);
}

test.describe('search understands what shoppers mean', () => {
  test('"toilet paper" shows bath tissue', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=toilet+paper');
    const shown = await firstProducts(page, 3);
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(/Bath Tissue/);
  });

  test('"coke" shows cola, never cake', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=coke');
    await expect(page.getByTestId('spelling')).toHaveCount(0);
    const shown = await firstProducts(page, 5);
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) {
      expect(text).toMatch(/Cola/);
      expect(text).not.toMatch(/Cake/);
    }
  });

  test('"beer" shows beer before root beer', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=beer');
    const shown = await firstProducts(page, 5);
    expect(shown.length).toBe(5);
    for (const text of shown) expect(text).not.toMatch(/Root Beer/);
  });

  test('the understood pages have no accessibility violations', async ({ page, browser }, testInfo) => {
    for (const q of ['toilet+paper', 'coke']) {
      await page.goto(`/shop/search-results.html?q=${q}`);
      expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    }
  });

  test('odd input answers a normal page, never an error', async ({ page }) => {
    for (const q of [
      'organic milk '.repeat(100),
      'NEAR(milk eggs, 2)',
      '"mil*',
      "milk'; drop table products; --",
      '🥛 חלב',
    ]) {
      const response = await page.goto(`/shop/search-results.html?q=${encodeURIComponent(q)}`);
      expect(response?.status(), q).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/at \S+ \(|Error:/);
    }
  });
});
