import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test';
import { signInOverHttp } from './support/sign-in';
import { placeDeliveryOrder } from './support/orders';

/** The recipe page, order editing (/erums) and the page that hands a sign-in back to another site, in Spanish. */

async function switchToSpanish(page: Page) {
  await page.locator('header').getByTestId('language-switch').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/** A recipe with at least two ingredients linked to products (the e2e server seeds the database before tests). */
function recipeSlug(): string {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT r.slug FROM recipes r WHERE (SELECT COUNT(*) FROM recipe_ingredients i
           WHERE i.recipe_id = r.id AND i.product_id IS NOT NULL) >= 2 ORDER BY r.id LIMIT 1`,
      )
      .get() as { slug: string };
    return row.slug;
  } finally {
    db.close();
  }
}

test("a recipe page's own words are Spanish, and adding it all answers in Spanish", async ({ page }) => {
  await page.goto(`/shop/recipes/${recipeSlug()}.html?lng=es`);
  await expect(page).toHaveTitle(/ — receta/);
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link')).toHaveText('Recetas');
  await expect(page.getByText(/^\d+ minutos? · para \d+ personas?$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingredientes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar los ingredientes a una lista' })).toBeVisible();
  await expect(page.getByText(/^\d+ artículos?, \$[\d.,]+ en .+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Agregar todos los ingredientes al carrito' }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText(/^Artículos agregados a su carrito: \d+ de \d+\./);
  await expect(page.getByTestId('cart-notice')).not.toContainText('Added');
});

test('a customer edits a pending order in Spanish: its words, windows and totals', async ({ page }) => {
  const { orderNumber } = await placeDeliveryOrder(page, 'Editora', 2);
  await page.goto(`/erums?orderNumber=${orderNumber}`);
  await switchToSpanish(page);
  await expect(page).toHaveTitle(/Editar su pedido/);
  await expect(page.getByTestId('edit-mode')).toHaveText(
    `Está editando el pedido ${orderNumber}. Los cambios se aplican solo cuando los guarda.`,
  );
  await expect(page.getByRole('heading', { level: 1, name: `Editar el pedido ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/puede cambiarlo hasta el /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Artículos', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agregar artículos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nuevo total' })).toBeVisible();
  await expect(page.getByText(/^Actual: /)).toBeVisible();
  // The windows to change to are written the Spanish way ("2:00 p.m."), their kinds in Spanish.
  await expect(page.getByLabel('Cambiar a').locator('option').first()).toHaveText(/[ap]\.\s?m\./);
  await expect(page.getByRole('button', { name: 'Apartar este horario' })).toBeVisible();
  await expect(page.getByTestId('edit-line')).toHaveCount(2);
  await expect(page.getByTestId('edit-line').first()).toContainText(/c\/u/);

  const first = page.getByTestId('edit-line').first();
  const name = (await first.locator('p.font-semibold').innerText()).trim();
  await first.getByRole('button', { name: `Quitar ${name}` }).click();
  await expect(page.getByTestId('edit-line')).toHaveCount(1);
  await expect(page.getByLabel(/^Cantidad de /)).toHaveCount(1);
  await page.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${orderNumber}` })).toBeVisible();
});

test('the hand-back page to another site says in Spanish that nothing is waiting', async ({ page }) => {
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  const response = await page.goto('/account/saml/continue?lng=es');
  expect(response?.status()).toBe(400);
  await expect(page).toHaveTitle(/Volviendo a otro sitio/);
  await expect(page.getByRole('heading', { level: 1, name: 'No hay nada que continuar' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Aquí no hay ningún inicio de sesión de otro sitio en espera. Vuelva a ese sitio y empiece de nuevo.',
  );
  await expect(page.getByRole('link', { name: 'Ir a la página de inicio' })).toBeVisible();
});
