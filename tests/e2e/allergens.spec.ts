import path from 'node:path';
import Database from 'better-sqlite3';
import { createAccountOverHttp } from './support/accounts';
import { expect, test } from './support/test';

/** The first seeded product of a shelf item (the e2e server seeds .cache/e2e-data before tests start). */
function productOf(itemKey: string): { id: number; name: string } {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(`SELECT id, name FROM products WHERE kind = 'grocery' AND item_key = ? ORDER BY id LIMIT 1`)
      .get(itemKey) as { id: number; name: string } | undefined;
    if (!row) throw new Error(`the seed has no ${itemKey}`);
    return row;
  } finally {
    db.close();
  }
}

const WARNING = "Contains peanuts — on your household's allergy list";

test.describe('Allergen filters and the household allergy list', () => {
  test('a shopper filters peanut butter search results to "free from peanuts"', async ({ page }) => {
    await page.goto('/shop/search-results.html?q=peanut+butter');
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('link', { name: /Peanut Butter, / }).first()).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const freeFrom = filters.getByRole('group', { name: 'Free from' });
    // Below lg the filters are a disclosure.
    if (!(await freeFrom.isVisible())) await filters.getByText('Filters', { exact: true }).click();
    await freeFrom.getByRole('link', { name: /^Peanuts/ }).click();
    await expect(page).toHaveURL(/[?&]free=peanuts(&|$)/);
    await expect(
      filters.getByRole('group', { name: 'Free from' }).getByRole('link', { name: /^Peanuts/ }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(products.getByRole('listitem').first()).toBeVisible();
    await expect(products.getByRole('link', { name: /Peanut Butter, / })).toHaveCount(0);
  });

  test('an unknown allergen in the address is a clear 400', async ({ page }) => {
    const response = await page.goto('/shop/search-results.html?q=bread&free=gluten');
    expect(response?.status()).toBe(400);
    await expect(page.getByText('“gluten” is not an allergen we know.', { exact: false })).toBeVisible();
  });

  test('a customer lists peanuts for the household and sees the warning on a card and on the product page', async ({
    page,
  }) => {
    await createAccountOverHttp(page, 'Allergy');
    await page.goto('/account/allergies.html');
    await expect(page.getByRole('heading', { level: 1, name: 'Household allergies' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Peanuts' }).check();
    await page.getByRole('button', { name: 'Save allergy list' }).click();
    await expect(page.getByRole('status')).toContainText("Your household's allergy list is saved.");
    await expect(page.getByRole('checkbox', { name: 'Peanuts' })).toBeChecked();

    const peanutButter = productOf('peanut-butter');
    await page.goto('/shop/search-results.html?q=peanut+butter');
    const card = page
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: peanutButter.name }) });
    await expect(card.getByText(WARNING)).toBeVisible();

    // Offered, not applied unasked: one link hides every product with the household's allergens.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const freeFrom = filters.getByRole('group', { name: 'Free from' });
    if (!(await freeFrom.isVisible())) await filters.getByText('Filters', { exact: true }).click();
    await freeFrom.getByRole('link', { name: /^Your household's allergens \(peanuts\)/ }).click();
    await expect(page).toHaveURL(/[?&]free=peanuts(&|$)/);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByText(WARNING)).toHaveCount(0);

    await page.goto(`/shop/product-details.${peanutButter.id}.html`);
    await expect(page.getByTestId('allergy-warning')).toHaveText(WARNING);

    const bananas = productOf('bananas');
    await page.goto(`/shop/product-details.${bananas.id}.html`);
    await expect(page.getByRole('table', { name: /^Nutrition Facts/ })).toBeVisible();
    await expect(page.getByTestId('allergy-warning')).toHaveCount(0);
  });
});
