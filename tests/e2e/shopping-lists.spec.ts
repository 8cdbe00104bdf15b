import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';

/** Shopping lists (docs/decisions/0106-shopping-lists.md), with JavaScript on and off. */

/** One row of the e2e server's demo database (read-only; the server seeds it before tests start). */
function demoRow<T>(query: string, ...args: unknown[]): T | undefined {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

async function addText(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Add something else' }).fill(text);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-items')).toContainText(text);
}

test('a recipe becomes a list, and Add all to cart names what this store does not have', async ({ page }) => {
  const email = await createAccountOverHttp(page, 'Lister');
  const recipe = demoRow<{ slug: string }>(
    `SELECT slug FROM recipes r WHERE EXISTS (SELECT 1 FROM recipe_ingredients i WHERE i.recipe_id = r.id AND i.product_id IS NOT NULL) ORDER BY id LIMIT 1`,
  )!;
  await page.goto(`/shop/recipes/${recipe.slug}.html`);
  await page.getByRole('button', { name: 'Add the ingredients to a list' }).click();
  await expect(page.getByTestId('list-name')).toHaveText('Favorites');
  await expect(page.getByText(/^Added (\d+ items|) ?to this list\.$/)).toBeVisible();
  const fromRecipe = await page.getByTestId('list-item').count();
  expect(fromRecipe).toBeGreaterThan(0);

  // A product this customer's store does not have now, and something no product is.
  const missing = demoRow<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM store_product_overrides o JOIN products p ON p.id = o.product_id
      JOIN customers c ON c.store_id = o.store_id
      WHERE c.email = ? AND o.stock_status IS NOT NULL AND p.kind = 'grocery' ORDER BY p.id LIMIT 1`,
    email,
  )!;
  expect(missing, 'the demo store has products out of stock').toBeDefined();
  await page.goto(`/shop/lists/add.html?productId=${missing.id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-items')).toContainText(missing.name);
  await addText(page, 'birthday candles');

  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText(/^Added \d+ items? to your cart at /)).toBeVisible();
  const report = page.getByTestId('cart-report');
  await expect(report).toContainText('Free-text items to find yourself:');
  await expect(report).toContainText('birthday candles');
  await expect(report).toContainText(/Not available at .+, left on your list:/);
  await expect(report).toContainText(missing.name);
  await report.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page).toHaveURL(/\/shop\/cart\.html/);
  await expect(page.getByTestId('cart-count')).not.toHaveText('0');
});

test('bad input is refused with its message and markup stays text', async ({ page }) => {
  await createAccountOverHttp(page, 'Careful');
  await page.goto('/shop/lists.html');
  const name = page.getByRole('textbox', { name: 'New list name' });
  // The field holds 60; a longer name sent anyway (a script, another client) is refused on the server.
  await name.evaluate((input) => input.removeAttribute('maxlength'));
  await name.fill('x'.repeat(10_000));
  await page.getByRole('button', { name: 'Make a list' }).click();
  await expect(page.getByRole('alert')).toHaveText('Keep the list name to 60 characters or fewer.');
  await page.getByRole('textbox', { name: 'New list name' }).fill('<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Make a list' }).click();
  await expect(page.getByRole('alert')).toHaveText('List names cannot contain < or >.');
  await page.getByRole('textbox', { name: 'New list name' }).fill('Party & "snacks"');
  await page.getByRole('button', { name: 'Make a list' }).click();
  await expect(page.getByTestId('list-name')).toHaveText('Party & "snacks"');
  await page.getByRole('textbox', { name: 'Add something else' }).fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('alert')).toHaveText('Items cannot contain < or >.');
  await addText(page, 'candles');
  const quantityFor = demoRow<{ id: number }>(`SELECT id FROM products WHERE kind = 'grocery' ORDER BY id LIMIT 1`)!;
  await page.goto(`/shop/lists/add.html?productId=${quantityFor.id}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).evaluate((input) => input.removeAttribute('min'));
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('0');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a quantity from 1 to 99.');
  expect((await page.goto('/shop/lists/999999.html'))!.status()).toBe(404);
});

test('store mode checks items off by aisle with a plain form, and unchecks them', async ({ page }) => {
  await createAccountOverHttp(page, 'Aisles');
  const product = demoRow<{ id: number }>(`SELECT id FROM products WHERE kind = 'grocery' ORDER BY id LIMIT 1`)!;
  await page.goto(`/shop/lists/add.html?productId=${product.id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await addText(page, 'birthday candles');
  await page.getByRole('link', { name: 'Store mode' }).click();
  await expect(page.getByTestId('left')).toContainText('2 items left');
  await expect(page.getByRole('heading', { name: 'Other items' })).toBeVisible();
  const candles = page.getByRole('button', { name: /birthday candles/ });
  const box = await candles.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await candles.click();
  await expect(page.getByRole('button', { name: /birthday candles/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('left')).toContainText('1 item left');
  await page.getByRole('button', { name: /birthday candles/ }).click();
  await expect(page.getByRole('button', { name: /birthday candles/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('left')).toContainText('2 items left');
});

test('a guest’s list joins the Favorites of the account they sign in to', async ({ page }) => {
  await page.goto('/shop/search-results.html?q=milk');
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: /^Add to list: / }) })
    .first();
  const productName = (await card.getByRole('heading').innerText()).trim();
  await card.getByRole('button', { name: /^Add to list: / }).click();
  await expect(page.getByTestId('list-name')).toHaveText('Your list');
  await expect(page.getByRole('link', { name: 'Sign in to save your list' })).toBeVisible();
  await expect(page.getByTestId('list-items')).toContainText(productName);
  await addText(page, 'guest candles');

  await createAccountOverHttp(page, 'Merger');
  await page.goto('/shop/lists.html');
  await expect(page.getByText('We added 2 items from this browser’s list to your Favorites.')).toBeVisible();
  await page.getByRole('link', { name: 'Favorites' }).click();
  await expect(page.getByTestId('list-items')).toContainText(productName);
  await expect(page.getByTestId('list-items')).toContainText('guest candles');
  await expect(page.getByRole('link', { name: 'Sign in to save your list' })).toHaveCount(0);
});

test('a list’s items move up and down, change quantity, check off and go', async ({ page }) => {
  await createAccountOverHttp(page, 'Sorter');
  const product = demoRow<{ id: number; name: string }>(
    `SELECT id, name FROM products WHERE kind = 'grocery' ORDER BY id LIMIT 1`,
  )!;
  await page.goto(`/shop/lists/add.html?productId=${product.id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await addText(page, 'candles');
  await addText(page, 'balloons');
  const items = page.getByTestId('list-item');
  await expect(items).toHaveText([new RegExp(product.name), /candles/, /balloons/]);
  await page.getByRole('button', { name: 'Move balloons up' }).click();
  await expect(items).toHaveText([new RegExp(product.name), /balloons/, /candles/]);
  await page.getByRole('button', { name: `Move ${product.name} down` }).click();
  await expect(items).toHaveText([/balloons/, new RegExp(product.name), /candles/]);
  await page.getByRole('spinbutton', { name: `Quantity of ${product.name}` }).fill('3');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toHaveText('Quantity updated.'); // the add's notice gave way
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('3');
  await page.getByRole('button', { name: 'Check off candles' }).click();
  await expect(page.getByRole('button', { name: 'Uncheck candles' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove balloons' }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('list-items')).not.toContainText('balloons');
});

test('a product page adds to Favorites in one press, or to a chosen list', async ({ page }) => {
  await createAccountOverHttp(page, 'Picker');
  await page.goto('/shop/lists.html');
  await page.getByRole('textbox', { name: 'New list name' }).fill('Picnic');
  await page.getByRole('button', { name: 'Make a list' }).click();
  await expect(page.getByTestId('list-name')).toHaveText('Picnic');
  const product = demoRow<{ id: number; name: string }>(
    `SELECT id, name FROM products WHERE kind = 'grocery' ORDER BY id LIMIT 1 OFFSET 3`,
  )!;
  await page.goto(`/shop/product-details.${product.id}.html`);
  await page.getByTestId('add-to-favorites').click();
  await expect(page.getByTestId('list-name')).toHaveText('Favorites');
  await expect(page.getByTestId('list-items')).toContainText(product.name);
  await page.goto(`/shop/product-details.${product.id}.html`);
  await page.getByRole('link', { name: 'Add to list…' }).click();
  await page.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Picnic' });
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-name')).toHaveText('Picnic');
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('2');
});
