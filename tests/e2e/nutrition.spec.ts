import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { axeViolations } from './support/axe';
import { LYNX } from './support/lynx';
import { expect, test } from './support/test';

/** The first seeded product of a shelf item (the e2e server seeds .cache/e2e-data before tests start). */
function productOf(itemKey: string): number {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(`SELECT id FROM products WHERE kind = 'grocery' AND item_key = ? ORDER BY id LIMIT 1`)
      .get(itemKey) as { id: number } | undefined;
    if (!row) throw new Error(`the seed has no ${itemKey}`);
    return row.id;
  } finally {
    db.close();
  }
}

const productPath = (id: number) => `/shop/product-details.${id}.html`;

test.describe('Nutrition Facts on a product page', () => {
  test('a 2 % milk shows its label as a table, its ingredients and "Contains: Milk."', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto(productPath(productOf('reduced-fat-milk')));
    const label = page.getByRole('table', { name: /^Nutrition Facts/ });
    await expect(label).toBeVisible();
    await expect(label.getByRole('rowheader', { name: 'Serving size' })).toBeVisible();
    await expect(label.getByRole('row', { name: /^Serving size/ })).toContainText('1 cup (240mL)');
    await expect(label.getByRole('columnheader', { name: '% Daily Value*' })).toBeVisible();
    await expect(label.getByRole('row', { name: /^Total Fat/ })).toHaveText(/Total Fat\s*\d+(\.5)?g\s*\d+%/);
    await expect(label.getByRole('row', { name: /^Calcium/ })).toHaveText(/Calcium\s*\d+mg\s*\d+%/);
    await expect(page.getByTestId('ingredients')).toContainText('Reduced Fat Milk');
    await expect(page.getByTestId('allergens')).toHaveText('Contains: Milk.');
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  });

  test('a peanut butter contains peanuts; bananas name no allergen', async ({ page }) => {
    await page.goto(productPath(productOf('peanut-butter')));
    await expect(page.getByTestId('allergens')).toHaveText('Contains: Peanuts.');
    await page.goto(productPath(productOf('bananas')));
    await expect(page.getByRole('table', { name: /^Nutrition Facts/ })).toContainText('1 medium banana (126g)');
    await expect(page.getByTestId('ingredients')).toHaveText(/^Ingredients: (Organic )?Bananas\.$/);
    await expect(page.getByTestId('allergens')).toHaveCount(0);
  });

  test('the label follows a move to another product without a page load', async ({ page }, testInfo) => {
    const reason = 'a move without a page load needs JavaScript; the nojs project loads every page';
    if (testInfo.project.name === 'nojs') {
      console.log(`skipped: ${reason}`);
      test.skip(true, reason);
    }
    await page.goto(productPath(productOf('peanut-butter')));
    await expect(page.getByTestId('allergens')).toHaveText('Contains: Peanuts.');
    const related = page.getByRole('region', { name: 'You might also like' }).getByRole('link').first();
    await related.click();
    await expect(page).not.toHaveURL(new RegExp(`${productOf('peanut-butter')}\\.html$`));
    await expect(page.getByRole('table', { name: /^Nutrition Facts/ })).toBeVisible();
  });

  test('lynx -dump reads the Nutrition Facts table and the allergen statement', async ({ baseURL }, testInfo) => {
    const once =
      'lynx is its own browser, so this runs once (in the js project); the nojs project would only repeat it';
    if (testInfo.project.name !== 'js') {
      console.log(`skipped: ${once}`);
      test.skip(true, once);
    }
    const text = execFileSync(
      LYNX,
      [
        '-dump',
        '-nolist',
        '-width=160',
        '-display_charset=utf-8',
        `${baseURL}${productPath(productOf('reduced-fat-milk'))}`,
      ],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, HOME: '/tmp' } },
    );
    expect(text).toContain('Nutrition Facts');
    expect(text).toMatch(/Serving size\s+1 cup \(240mL\)/);
    expect(text).toMatch(/Calories\s+1[1-4]0/);
    expect(text).toMatch(/Nutrient\s+Amount per serving\s+% Daily Value\*/);
    expect(text).toMatch(/Total Fat\s+\d+g\s+\d+%/);
    expect(text).toMatch(/Sodium\s+\d+mg\s+\d+%/);
    expect(text).toContain('Contains: Milk.');
  });
});
