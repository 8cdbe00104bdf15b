import { expect, test } from './support/test';
import { resolve } from './support/pages';
import { createAccountOverHttp } from './support/accounts';

/**
 * Words a Spanish page walk still found in English: the weekly ad's savings, the coupon categories, store mode's
 * aisles, a product's servings, the sign-in notices, the password-reset refusal and the Delivery Pass's name.
 */
test.use({ locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es' } });

test("the weekly ad's savings and its print list's store-only note are Spanish", async ({ page }) => {
  await page.goto('/shop/weekly-ad.html');
  await expect(page.getByText(/^Ahorre \$\d+\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByText(/^Save \$/)).toHaveCount(0);
  await page.goto('/shop/weekly-ad.html?view=print');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('only at this store');
});

test('the coupon categories are Spanish, and filtering by one still works', async ({ page }) => {
  await page.goto('/foru/coupons-deals.html');
  const category = page.getByLabel('Categoría');
  await expect(category.locator('option', { hasText: /^Frutas y verduras \(\d+\)$/ })).toHaveAttribute(
    'value',
    'Produce',
  );
  await expect(category.locator('option', { hasText: /^Produce/ })).toHaveCount(0);
  await category.selectOption('Produce');
  await page.getByRole('button', { name: 'Mostrar ofertas' }).click();
  await expect(page).toHaveURL(/category=Produce/);
  await expect(page.getByLabel('Categoría')).toHaveValue('Produce');
});

test("store mode names a list's aisles and its free-text items' group in Spanish", async ({ page }) => {
  // A guest's list: the seed's first grocery product is a bunch of bananas (Fresh Fruit).
  await page.goto(resolve('/shop/lists/add.html?productId={grocery}'));
  await page.getByRole('button', { name: 'Agregar a la lista' }).click();
  await page.getByRole('textbox', { name: 'Agregar otra cosa' }).fill('velas de cumpleaños');
  await page.getByRole('button', { name: 'Agregar a la lista' }).click();
  await expect(page.getByTestId('list-items')).toContainText('velas de cumpleaños');
  // The guest's list still has the name Pantry gave it, so it reads in the page's language.
  await expect(page.getByTestId('list-name')).toHaveText('Su lista');
  await page.goto((await page.getByRole('link', { name: 'Modo tienda' }).getAttribute('href'))!);
  await expect(page.getByRole('heading', { level: 2, name: 'Fruta fresca' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Otros artículos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Fresh Fruit|Other items/ })).toHaveCount(0);
});

test("a product's servings per container are Spanish", async ({ page }) => {
  await page.goto('/shop/search-results.html?q=whole+milk');
  const href = await page.locator('a[href^="/shop/product-details."]:not([aria-hidden])').first().getAttribute('href');
  await page.goto(href!);
  await expect(page.getByTestId('nutrition')).toContainText(/Aproximadamente \d+(\.\d+)? porci(ón|ones) por envase/);
  await expect(page.getByTestId('nutrition')).not.toContainText('servings per container');
});

test('the notice after an automatic sign-in is Spanish', async ({ page }) => {
  await page.goto('/?notice=account-created');
  await expect(page.getByTestId('notice')).toHaveText('¡Su cuenta se creó correctamente! Ya inició sesión.');
  await page.goto('/?notice=password-updated');
  await expect(page.getByTestId('notice')).toHaveText(
    '¡Su contraseña se actualizó correctamente! Cerramos su sesión en sus otros dispositivos.',
  );
});

test('choosing a password without a reset link is refused in Spanish', async ({ page }) => {
  const response = await page.goto('/account/setpassword.html');
  expect(response?.status()).toBe(403);
  await expect(page.getByText(/^Acceso denegado\. Abra el enlace del correo de restablecimiento/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Access denied');
});

test('the Delivery Pass is the Pase de entrega on its pages', async ({ page }) => {
  await page.goto('/shop/delivery-subscription.html');
  await expect(page.locator('#main').getByText('Pase de entrega', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Pase de entrega: /);
  await expect(page.locator('body')).not.toContainText('Delivery Pass');
});

test("an offer's page names its category in Spanish", async ({ page }) => {
  await page.goto(resolve('/foru/offer-details.{offer}.html'));
  const spanish = ['Frutas y verduras', 'Carnes y mariscos', 'Lácteos y huevos', 'Pan y panadería', 'Congelados'];
  const others = ['Salchichonería y comidas preparadas', 'Despensa y desayuno', 'Botanas y dulces', 'Bebidas'];
  const rest = ['Cerveza, vino y licores', 'Bebés y niños', 'Mascotas', 'Hogar y limpieza', 'Salud y cuidado personal'];
  const names = [...spanish, ...others, ...rest, 'Abarrotes', 'Panadería'];
  await expect(page.getByText(new RegExp(` · (${names.join('|')})$`))).toBeVisible();
});

test("a new address's suggested name is Spanish", async ({ page }) => {
  await createAccountOverHttp(page, 'Casa');
  await page.goto('/account/addresses.html');
  await expect(page.getByRole('textbox', { name: 'Nombre de la dirección' })).toHaveValue('Casa');
});
