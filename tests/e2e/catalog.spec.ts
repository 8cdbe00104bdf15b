import { expect, test } from './support/test';
import { axeViolations } from './support/axe';

test.describe('product pages', () => {
  test('a product opened from search shows price, availability and an add-to-cart form', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=bananas');
    const first = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    const name = await first.getByRole('heading').innerText();
    await first.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/shop\/product-details\.\d+\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('price')).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(page.getByTestId('availability')).toContainText(
      /In stock|This item is currently out of stock\.|This item is not available right now/,
    );
    const image = page.getByRole('img', { name });
    await expect(image).toHaveAttribute('width', '400');
    await expect(image).toHaveAttribute('height', '400');
    await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('cart-notice')).toHaveText('Added to your cart.');
    await page.goto('/shop/cart.html');
    await expect(page.getByRole('main')).toContainText(name);
  });

  test('the store id after the first dot and loc choose whose prices show', async ({ page }) => {
    const plain = await page.goto('/shop/product-details.960000001.html?loc=12');
    expect(plain?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown product is a real 404', async ({ page }) => {
    for (const path of [
      '/shop/product-details.999999999.html',
      '/shop/vineandcellar/product-details.960000001.html',
      '/shop/marketplace/product-details.1234.960000001.html',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    }
  });

  test('wine and marketplace products show how they ship', async ({ page }) => {
    await page.goto('/shop/vineandcellar/search-results.html?q=cabernet');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/shop\/vineandcellar\/product-details\.\d+\.html$/);
    await expect(page.getByTestId('shipping-note')).toContainText('wine cellar');
    await expect(page.getByTestId('availability')).toContainText('Available only with Attended Delivery');
    await page.goto('/shop/marketplace/search-results.html');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/shop\/marketplace\/product-details\.\d+\.html$/);
    await expect(page.getByTestId('shipping-note')).toContainText('Sold and shipped by');
  });

  test('has no accessibility violations', async ({ page, browser }, testInfo) => {
    await page.goto('/shop/product-details.960000001.html');
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  });
});

test.describe('brands', () => {
  test('the letter filter lists only brands under that letter; empty letters are not links', async ({ page }) => {
    await page.goto('/shop/brand-index');
    const letters = page.getByRole('navigation', { name: 'Brands by letter' });
    await letters.getByRole('link', { name: /^B, \d+ brands?$/ }).click();
    await expect(page).toHaveURL(/letter=B$/);
    // The address changes before the new page has rendered: wait for its current letter first.
    await expect(letters.getByRole('link', { name: /^B,/ })).toHaveAttribute('aria-current', 'page');
    const names = await page.getByTestId('brand-list').getByRole('link').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^B/);
    const disabled = letters.locator('[aria-disabled="true"]');
    expect(await disabled.count()).toBeGreaterThan(0);
    await expect(disabled.locator('a')).toHaveCount(0);
  });

  test('a brand page lists the brand products', async ({ page }) => {
    await page.goto('/shop/brand-index?letter=B');
    const brand = page.getByTestId('brand-list').getByRole('link').first();
    const name = await brand.innerText();
    await brand.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  });
});

test.describe('recipes, sellers and cross-seller search', () => {
  test('a recipe links its ingredients to products and adds them all to the cart', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=chicken&tab=recipes');
    await page
      .getByRole('list', { name: 'Recipes' })
      .getByRole('listitem')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/shop\/recipes\/[a-z0-9-]+\.html$/);
    await expect(page.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
    await expect(page.locator('a[href^="/shop/product-details."]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add all ingredients to cart' }).click();
    await expect(page.getByTestId('cart-notice')).toHaveText(/^Added \d+ of \d+ items to your cart\./);
  });

  test('a seller page lists the seller products', async ({ page }) => {
    await page.goto('/shop/marketplace/search-results.html');
    await page.getByRole('list', { name: 'Sellers' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/shop\/marketplace\/sellers\/[a-z0-9-]+\.html$/);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  });

  test('cross-seller search has a section per source', async ({ page }) => {
    await page.goto('/shop/cross-seller-search-results.html?q=chocolate');
    await expect(page.getByRole('heading', { name: /^Groceries at / })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Marketplace sellers/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Wine shop/ })).toBeVisible();
  });

  test('aisles link to listings with the search facets', async ({ page }) => {
    await page.goto('/shop/aisles.html');
    await page
      .getByRole('link', { name: /^Fresh Fruit/ })
      .first()
      .click();
    await expect(page).toHaveURL(/search-results\.html\?aisle=fresh-fruit/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Fruit');
    await expect(
      page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Price' }),
    ).toBeVisible();
  });
});
