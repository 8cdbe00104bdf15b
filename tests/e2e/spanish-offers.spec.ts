import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { cloneCustomer } from './support/clone-customer';
import { DEMO_PASSWORD, signInOverHttp } from './support/sign-in';

/** Coupons & deals, shopping lists, rewards and the 404 page in Spanish (decision 0116), with JavaScript on and off. */

/** The first grocery product of a shelf item in the e2e database, with its brand. */
function productOf(itemKey: string): { id: number; brand: string } {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT p.id, b.name AS brand FROM products p JOIN brands b ON b.id = p.brand_id
         WHERE p.kind = 'grocery' AND p.item_key = ? ORDER BY p.id LIMIT 1`,
      )
      .get(itemKey) as { id: number; brand: string } | undefined;
    if (!row) throw new Error(`the seed has no ${itemKey}`);
    return row;
  } finally {
    db.close();
  }
}

/** The first wine of a country and colour in the e2e database. */
function wineOf(country: string, color: string): { id: number; varietal: string; region: string; vintage: number } {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT product_id AS id, varietal, region, vintage FROM wine_details
         WHERE country = ? AND color = ? ORDER BY product_id LIMIT 1`,
      )
      .get(country, color) as { id: number; varietal: string; region: string; vintage: number } | undefined;
    if (!row) throw new Error(`the seed has no ${color} wine from ${country}`);
    return row;
  } finally {
    db.close();
  }
}

/** The header's switch: a plain form post that sets the language cookie and comes back to the page. */
async function chooseSpanish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('coupons & deals in Spanish through ?lng=es: heading, filters and the sign-in-to-clip button', async ({
  page,
}) => {
  await page.goto('/foru/coupons-deals.html?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupones y ofertas');
  await expect(page).toHaveTitle(/Cupones y ofertas/);
  await expect(page.getByText('Inicie sesión para recortar cupones y guardarlos en su tarjeta.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar ofertas' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toContainText('Vencen primero');
  await expect(page.getByRole('button', { name: 'Mostrar ofertas' })).toBeVisible();
  const card = page.getByTestId('offer-card').first();
  await expect(card.getByRole('button', { name: /^Inicie sesión para recortar/ })).toBeVisible();
  await expect(card).toContainText(/Vence el /);
  // The page's count is a plural: "N ofertas".
  await expect(page.getByRole('main')).toContainText(
    /\d+ ofertas en .+\. Los cupones recortados se descuentan al pagar\./,
  );
});

test('a customer who chose Spanish clips a coupon; the card and my list say so in Spanish', async ({ page }) => {
  await createAccountOverHttp(page, 'Recortadora');
  await page.goto('/foru/coupons-deals.html?sort=value');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupones y ofertas');
  const card = page.getByTestId('offer-card').first();
  await card.getByRole('button', { name: /^Recortar cupón/ }).click();
  const clipped = card.getByRole('button', { name: /Recortado/ });
  await expect(clipped).toHaveAttribute('aria-pressed', 'true');
  await expect(clipped).toContainText('Selecciónelo para quitarlo de su lista.');
  await expect(page.getByTestId('clip-count')).toContainText('1');

  await page.goto('/foru/my-list.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi lista');
  await expect(page.getByTestId('my-list-count')).toHaveText('1 oferta recortada');
  await expect(page.getByTestId('my-list-offer').getByRole('button', { name: /Recortado/ })).toBeVisible();
});

test('a shopping list in Spanish: make a list, add to it, and hear the result', async ({ page }) => {
  await createAccountOverHttp(page, 'Listera');
  await page.goto('/shop/lists.html');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sus listas');
  await expect(page.getByText('Todos en su hogar ven y editan estas listas.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre de la nueva lista' }).fill('Fiesta');
  await page.getByRole('button', { name: 'Crear una lista' }).click();

  await expect(page.getByTestId('list-name')).toHaveText('Fiesta');
  await expect(page.getByText('Esta lista está vacía.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Agregar otra cosa' }).fill('velas');
  await page.getByRole('button', { name: 'Agregar a la lista' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Se agregó a su lista.');
  await expect(page.getByTestId('list-items')).toContainText('velas');
  await expect(page.getByRole('button', { name: 'Quitar velas' })).toBeVisible();

  await page.getByRole('link', { name: 'Sus listas' }).click();
  await expect(page.getByTestId('lists')).toContainText('1 artículo');
});

test('rewards in Spanish through ?lng=es', async ({ page }) => {
  await page.goto('/foru/rewards.html?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recompensas');
  await expect(page.getByText('Inicie sesión para ver sus puntos y canjear recompensas.')).toBeVisible();
});

test('a customer who chose Spanish redeems a reward and removes it; the card says so in Spanish', async ({
  page,
}, testInfo) => {
  // The switch saves Spanish to the profile: a copy of the demo customer, with the demo's points.
  const copy = cloneCustomer(500001, 'Canjeadora');
  await signInOverHttp(page, copy.email, 'Canjeadora', DEMO_PASSWORD);
  await page.goto('/foru/rewards.html');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recompensas');
  // The reward's own Spanish title (decision 0123).
  const title = 'Un racimo de plátanos gratis';
  const card = page.getByTestId('reward-card').filter({ hasText: title });
  await card.getByRole('button', { name: /^Canjear 150 pts por / }).click();
  const redeemed = card.getByRole('button', { name: /^Canjeado/ });
  await expect(redeemed).toHaveAttribute('aria-pressed', 'true');
  await expect(redeemed).toContainText('Selecciónelo para quitarlo.');
  if (testInfo.project.name === 'js') {
    // Read out where the card is, and the page stays where it was.
    await expect(card.getByRole('status')).toHaveText(`Canjeado: ${title}`);
    expect(new URL(page.url()).hash).toBe('');
  } else {
    // Without JavaScript the post comes back to the card.
    expect(new URL(page.url()).hash).toMatch(/^#reward-\d+$/);
  }
  await redeemed.click();
  await expect(card.getByRole('button', { name: /^Canjear 150 pts por / })).toBeVisible();
  if (testInfo.project.name === 'js')
    await expect(card.getByRole('status')).toHaveText(`Se quitó: ${title}. Le devolvimos sus puntos.`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('the 404 page in Spanish, through ?lng=es and through the switch', async ({ page }) => {
  const response = await page.goto('/no-such-aisle.html?lng=es');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esa página');
  await expect(page).toHaveTitle(/Página no encontrada/);

  await page.goto('/no-such-aisle.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esa página');
});

test("the catalogue's own words in Spanish: offer, reward and plan titles and a product description", async ({
  page,
}) => {
  // An offer found by its Spanish words, which only the Spanish titles and descriptions hold.
  await page.goto('/foru/coupons-deals.html?lng=es&q=ahorre');
  const card = page.getByTestId('offer-card').first();
  await expect(card.getByRole('heading')).toContainText(/ahorre \$\d+\.\d\d/i);
  await page.goto('/foru/coupons-deals.html?lng=en&q=ahorre');
  await expect(page.getByTestId('offer-card')).toHaveCount(0);

  await page.goto('/foru/rewards.html?lng=es');
  const reward = page.getByTestId('reward-card').filter({ hasText: 'Un racimo de plátanos gratis' });
  await expect(reward).toContainText('Un racimo de plátanos (unas 2 lb), gratis con cualquier pedido.');
  await expect(page.getByText('Free bunch of bananas')).toHaveCount(0);

  await page.goto('/shop/delivery-subscription.html?lng=es');
  await expect(page.getByTestId('delivery-plan').getByRole('heading', { level: 2 })).toHaveText([
    'Pase de entrega mensual',
    'Pase de entrega anual',
  ]);

  // The item's description with the product's brand; the brand and the product's name stay as they are.
  const apples = productOf('honeycrisp-apples');
  await page.goto(`/shop/product-details.${apples.id}.html?lng=es`);
  await expect(page.getByRole('main')).toContainText(
    `Muy crujientes y jugosas, con un dulzor a miel. Las manzanas Honeycrisp de ${apples.brand} se empacan en plena temporada.`,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Muy crujientes y jugosas/);

  // A wine: its varietal and region are names; its colour, country and the sentence around them are Spanish.
  const wine = wineOf('France', 'red');
  await page.goto(`/shop/vineandcellar/product-details.${wine.id}.html?lng=es`);
  await expect(page.getByRole('main')).toContainText(
    `Un ${wine.varietal} tinto de ${wine.region}, Francia, cosecha ${wine.vintage}.`,
  );
});
