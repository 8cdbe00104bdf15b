import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test';

/** A recipe in Spanish (decision 0124): its own words from the database, product names as printed. */

/** The name of the first product a recipe's ingredients link to in the e2e database. */
function firstProductOf(slug: string): string {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT p.name FROM recipe_ingredients i JOIN recipes r ON r.id = i.recipe_id
         JOIN products p ON p.id = i.product_id WHERE r.slug = ? ORDER BY i.position LIMIT 1`,
      )
      .get(slug) as { name: string } | undefined;
    if (!row) throw new Error(`no ingredient of ${slug} links to a product`);
    return row.name;
  } finally {
    db.close();
  }
}

/** The header's switch: a plain form post that sets the language cookie and comes back to the page. */
async function chooseSpanish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('a recipe page switched to Spanish reads its title, ingredient lines and method in Spanish', async ({ page }) => {
  await page.goto('/shop/recipes/chicken-fajitas.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chicken Fajitas');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fajitas de pollo');
  await expect(page).toHaveTitle(/^Fajitas de pollo — receta/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Ingredientes' })).toBeVisible();
  await expect(main.getByText('2 limones verdes', { exact: true })).toBeVisible();
  await expect(main.getByText('1/2 taza de crema agria', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Preparación' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: /^Mezcle la carne en tiras con la mitad/ })).toBeVisible();
  // Product names are names: as printed on the package, in English.
  await expect(main.getByRole('link', { name: firstProductOf('chicken-fajitas') }).first()).toBeVisible();
  await expect(main).not.toContainText('Toss the sliced meat');
});

test('recipe cards in Spanish search results, and the card opens the recipe in Spanish', async ({ page }) => {
  await page.goto('/shop/search-results.html?q=fajitas&tab=recipes');
  await expect(page.getByRole('list', { name: 'Recipes' })).toContainText('Chicken Fajitas');
  await chooseSpanish(page);
  const card = page
    .getByRole('list', { name: 'Recetas' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Fajitas de pollo', exact: true }) });
  await expect(card).toContainText(
    'Tiras de pollo sazonado y chisporroteante con pimientos y cebollas asados, envueltas en tortillas calientes.',
  );
  await card.getByRole('link', { name: 'Fajitas de pollo', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/recipes\/chicken-fajitas\.html/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fajitas de pollo');
});
