import { expect, test } from './support/test';
import { axeViolations } from './support/axe';

const isJs = () => test.info().project.name === 'js';

/** No dead ends (decision 0075): a query that finds nothing shows what fewer words find, or where to go next. */
test.describe('search without dead ends', () => {
  test('a query that finds nothing shows the results of its relaxed words, and a link to the exact words', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto('/');
    const box = page.getByLabel('Search products and recipes');
    await box.fill('unscented laundry detergent');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\/search-results\.html\?q=unscented\+laundry\+detergent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “laundry detergent”');
    const note = page.getByTestId('spelling');
    await expect(note).toHaveText(
      'Nothing matches “unscented laundry detergent”. Showing results for laundry detergent. Search instead for unscented laundry detergent',
    );
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('listitem').first()).toContainText(/Laundry Detergent/);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    await note.getByRole('link', { name: 'unscented laundry detergent' }).click();
    await expect(page).toHaveURL(/\?q=unscented\+laundry\+detergent&spell=off$/);
    // The exact words are searched as typed: no second relaxation.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “unscented laundry detergent”');
    await expect(page.getByTestId('spelling')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No products match “unscented laundry detergent”' })).toBeVisible();
  });

  test('a truly empty search offers popular searches and the departments', async ({ page, browser }, testInfo) => {
    await page.goto('/shop/search-results.html?q=lawn+mower');
    await expect(page.getByRole('heading', { name: /^No products match “lawn mower”/ })).toBeVisible();
    // A spelling correction that finds nothing either is not offered as what the page shows.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lawn mower”');
    await expect(page.getByTestId('spelling')).toHaveCount(0);
    const popular = page.getByRole('region', { name: 'Popular searches' });
    const searches = popular.getByRole('link');
    expect(await searches.count()).toBeGreaterThanOrEqual(4);
    const departments = page.getByRole('region', { name: 'Shop by department' });
    await expect(departments.getByRole('link', { name: 'Produce' })).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    // A popular search finds what it names.
    const first = (await searches.first().textContent())!.trim();
    await searches.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${first}”`);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();

    await page.goto('/shop/search-results.html?q=lawn+mower');
    await departments.getByRole('link', { name: 'Produce' }).click();
    await expect(page).toHaveURL(/\?department=produce$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produce');
  });

  test('the wine shop relaxes its search the same way', async ({ page }) => {
    await page.goto('/shop/vineandcellar/search-results.html?q=zzqx+cabernet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wine: “cabernet”');
    await expect(page.getByTestId('spelling')).toContainText('Showing results for cabernet');
    await page.getByTestId('spelling').getByRole('link', { name: 'zzqx cabernet' }).click();
    await expect(page).toHaveURL(/spell=off/);
    await expect(page.getByText('Nothing matches “zzqx cabernet”')).toBeVisible();
  });

  test('the suggestions understand abbreviations (combobox, JavaScript only)', async ({ page }) => {
    test.skip(!isJs(), 'Suggestions need JavaScript; without it the box is a plain search form (search.spec.ts).');
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products and recipes' });
    await box.pressSequentially('oj', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option').first()).toHaveText(/\borange juice$/);
    await expect(list.getByRole('option').nth(1)).toHaveText(/Orange Juice/);
  });
});
