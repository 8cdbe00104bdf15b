import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';

const isJs = () => test.info().project.name === 'js';

const productsTab = (page: Page) => page.getByRole(isJs() ? 'tab' : 'link', { name: /^Products/ });
const recipesTab = (page: Page) => page.getByRole(isJs() ? 'tab' : 'link', { name: /^Recipes/ });
const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const recipeList = (page: Page) => page.getByRole('list', { name: 'Recipes' });

async function hydrated(page: Page) {
  // The tabs take their ARIA roles once React has hydrated the page.
  if (isJs()) await expect(page.getByRole('tablist')).toBeVisible();
}

test.describe('search', () => {
  test('the header search finds what a misspelt query meant', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Search products and recipes').fill('bananna');
    await page.getByLabel('Search products and recipes').press('Enter');
    await expect(page).toHaveURL(/\/shop\/search-results\.html\?q=bananna$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “banana”');
    await expect(page.getByTestId('spelling')).toContainText('Showing results for banana');
    await expect(productList(page).getByRole('listitem').first()).toContainText(/Banana/);
    await expect(productList(page).getByRole('listitem').first()).toContainText(/\$\d+\.\d{2}/);
  });

  test('an empty or all-punctuation query shows a helpful page', async ({ page }) => {
    for (const q of ['', '%3F%21...']) {
      const response = await page.goto(`/shop/search-results.html?q=${q}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'chocolate milk' })).toBeVisible();
    }
  });

  test('a bad parameter gets a clear message, not an error page with a trace', async ({ page }) => {
    const response = await page.goto('/shop/search-results.html?q=milk&page=abc');
    expect(response?.status()).toBe(400);
    await expect(page.getByText('The page is a number.')).toBeVisible();
  });

  test('switches to the recipes tab by its link, and back', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=chicken');
    await hydrated(page);
    await expect(productList(page)).toBeVisible();
    await recipesTab(page).click();
    await expect(page).toHaveURL(/tab=recipes/);
    await expect(recipeList(page)).toBeVisible();
    await expect(productList(page)).toHaveCount(0);
    await productsTab(page).click();
    await expect(page).toHaveURL(/\?q=chicken$/);
    await expect(productList(page)).toBeVisible();
  });

  test('the server renders the tab the address names', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=chicken&tab=recipes');
    await hydrated(page);
    await expect(recipeList(page)).toBeVisible();
    if (isJs()) await expect(recipesTab(page)).toHaveAttribute('aria-selected', 'true');
    else await expect(recipesTab(page)).toHaveAttribute('aria-current', 'page');
  });

  test('arrow keys, Home and End move between the tabs (JavaScript only)', async ({ page }) => {
    test.skip(!isJs(), 'Keyboard tabs need JavaScript; without it the tabs are plain links (tested above).');
    await page.goto('/shop/search-results.html?q=chicken');
    await hydrated(page);
    await expect(productsTab(page)).toHaveAttribute('tabindex', '0');
    await expect(recipesTab(page)).toHaveAttribute('tabindex', '-1');
    await productsTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(recipesTab(page)).toBeFocused();
    await expect(recipesTab(page)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=recipes/);
    await expect(recipeList(page)).toBeVisible();
    await page.keyboard.press('Home');
    await expect(productsTab(page)).toBeFocused();
    await expect(productsTab(page)).toHaveAttribute('aria-selected', 'true');
    await expect(productList(page)).toBeVisible();
    await page.keyboard.press('End');
    await expect(recipesTab(page)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(productsTab(page)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(recipesTab(page)).toHaveAttribute('aria-selected', 'true');
  });

  test('browser back and forward restore the tab', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=chicken');
    await hydrated(page);
    await recipesTab(page).click();
    await expect(recipeList(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?q=chicken$/);
    await expect(productList(page)).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/tab=recipes/);
    await expect(recipeList(page)).toBeVisible();
  });

  test('facets narrow the results and pages follow on', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=cheese');
    const count = async () =>
      Number(
        (
          await page
            .getByRole('status')
            .filter({ hasText: /products?$/ })
            .first()
            .innerText()
        ).replace(/\D/g, ''),
      );
    const before = await count();
    expect(before).toBeGreaterThan(24);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const brand = filters.getByRole('group', { name: 'Brand' }).getByRole('link').first();
    await brand.click();
    await expect(page).toHaveURL(/brand=/);
    await expect(filters.locator('[aria-current="true"]')).toHaveCount(1);
    expect(await count()).toBeLessThan(before);
    await page.goto('/shop/search-results.html?q=cheese');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('sorting by price puts the cheapest first', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=cheese');
    await hydrated(page);
    await page.getByLabel('Sort by').selectOption('price-asc');
    if (!isJs()) await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    // The address changes as the navigation starts; the sorted list may land a moment later.
    await expect
      .poll(async () => {
        const prices = await productList(page)
          .getByRole('article')
          .getByText(/^\$\d+\.\d{2}$/)
          .allInnerTexts();
        const cents = prices.map((p) => Number(p.replace(/[$.]/g, '')));
        return cents.length > 1 && cents.every((value, i) => i === 0 || cents[i - 1]! <= value);
      })
      .toBe(true);
  });

  test('suggests as the shopper types (combobox, JavaScript only)', async ({ page }) => {
    test.skip(!isJs(), 'Suggestions need JavaScript; without it the box is a plain search form (tested above).');
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products and recipes' });
    await box.pressSequentially('choc', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option').first()).toHaveText(/chocolate/);
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/search-results\.html\?q=chocolate/);
  });

  test('shows wine and marketplace carousels beside grocery results', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=chocolate');
    await expect(page.getByRole('heading', { name: 'From marketplace sellers' })).toBeVisible();
    await page.goto('/shop/search-results.html?q=cabernet');
    await expect(page.getByRole('heading', { name: 'From the wine shop' })).toBeVisible();
  });

  test('has no accessibility violations', async ({ page, browser }, testInfo) => {
    await page.goto('/shop/search-results.html?q=chicken');
    await hydrated(page);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await page.goto('/shop/search-results.html?q=chicken&tab=recipes');
    await hydrated(page);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  });

  test('the filters are one panel: a closed disclosure on a phone, a sidebar on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/shop/search-results.html?q=milk');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // Rendered once: one Price group in the document, shown or not.
    await expect(page.locator('fieldset').filter({ hasText: /^Price/ })).toHaveCount(1);
    const toggle = filters.getByText('Filters', { exact: true });
    await expect(toggle).toBeVisible();
    await expect(filters.getByRole('group', { name: 'Price' })).toBeHidden();
    await toggle.click();
    await expect(filters.getByRole('group', { name: 'Price' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(filters.getByRole('group', { name: 'Price' })).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test("only the first row's pictures load at once, the first at high priority", async ({ page }) => {
    await page.goto('/shop/search-results.html?q=milk');
    const pictures = productList(page).getByRole('article').locator('img');
    await expect(pictures.nth(4)).toBeAttached();
    const loading = await pictures.evaluateAll((images) =>
      images.map((image) => `${image.getAttribute('loading')} ${image.getAttribute('fetchpriority') ?? '-'}`),
    );
    expect(loading.slice(0, 5)).toEqual(['eager high', 'eager -', 'eager -', 'eager -', 'lazy -']);
    expect(new Set(loading.slice(4))).toEqual(new Set(['lazy -']));
  });

  test('fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/shop/search-results.html?q=milk');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
