import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { addToCart } from './support/cart';

/** Messages with a value in them, error pages, the store dialog and form refusals in Spanish (decision 0116). */

const isJs = () => test.info().project.name === 'js';

async function chooseSpanish(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('a page that does not exist has a Spanish title and message', async ({ page }) => {
  const response = await page.goto('/shop/product-details.1.html?lng=es');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Página no encontrada');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esa página');
  await expect(page.getByText('Es posible que la página se haya movido')).toBeVisible();
});

test('a bad address is refused on its error page in Spanish, whichever strings hold the message', async ({ page }) => {
  // The coupons page's words (offers), and a search's with the value it refused (shop): neither is a common string.
  const coupons = await page.goto('/foru/coupons-deals.html?sort=random&lng=es');
  expect(coupons?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No pudimos hacer eso');
  await expect(page.getByText('Ordene por vencimiento o por valor.')).toBeVisible();
  const search = await page.goto('/shop/search-results.html?q=bread&free=gluten&lng=es');
  expect(search?.status()).toBe(400);
  await expect(page.getByText(/^No conocemos el alérgeno “gluten”\. Elija entre: milk, eggs/)).toBeVisible();
  // zod's own words are never shown: the generic sentence, in Spanish.
  const slots = await page.goto('/shop/slots.html?slotError=' + 'x'.repeat(41) + '&lng=es');
  expect(slots?.status()).toBe(400);
  await expect(page.getByText('Esa dirección tiene un parámetro que no entendemos.')).toBeVisible();
  await page.goto('/foru/coupons-deals.html?sort=random');
  await expect(page.getByText('Sort by expiry or value.')).toBeVisible();
});

test('the weekly ad prints its dates and deals in Spanish', async ({ page }) => {
  await page.goto('/shop/weekly-ad.html?lng=es');
  // "mié, 25 nov – mar, 1 dic": Intl's es-US days, Wednesday to Tuesday.
  await expect(page.getByTestId('ad-dates')).toHaveText(/^Precios válidos mié, \d+ (de )?\S+ – mar, \d+ (de )?\S+$/);
  await expect(page.getByText(/^(Oferta|Compre \d+ y llévese 1 .+)$/).first()).toBeVisible();
  await expect(page.getByText(/^(Sale|Buy \d+, get 1)/)).toHaveCount(0);
});

test('the store chip’s dialog in Spanish, and its link to the store finder without JavaScript', async ({ page }) => {
  await chooseSpanish(page);
  const chip = page.getByTestId('store-chip');
  await expect(chip).toContainText('Elegir una tienda');
  if (isJs()) {
    await chip.click();
    const dialog = page.getByRole('dialog', { name: '¿Dónde va a comprar?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: '¿Cómo le gustaría comprar?' })).toBeAttached();
    await expect(dialog.getByRole('radio', { name: 'Entrega a domicilio' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'En la tienda' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Código postal' }).fill('98101');
    await dialog.getByRole('button', { name: 'Buscar tiendas' }).click();
  } else {
    await chip.click();
  }
  await expect(page).toHaveURL(/\/set-store\.html/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('a sign-in link from another site that cannot be read is refused in Spanish', async ({ page }) => {
  const response = await page.goto('/account/sign-in.html?SAMLRequest=not-a-request&lng=es');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'No pudimos leer este enlace de inicio de sesión de otro sitio. Vuelva a ese sitio e inténtelo de nuevo.',
  );
});

test('a tampered sign-in form is refused with the generic Spanish message', async ({ page, request }) => {
  await page.goto('/account/sign-in.html?lng=es');
  const origin = new URL(page.url()).origin;
  const answer = await request.post('/account/sign-in.html?lng=es', {
    form: { intent: 'hack', email: 'someone@pantry.test' },
    headers: { Origin: origin, Accept: 'text/html' },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain('Algo en el formulario no era válido. Revíselo e inténtelo de nuevo.');
});

test('a promo code’s minimum asks for the missing amount in Spanish, priced for es-US', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('article').filter({ has: page.getByRole('button', { name: /^Add to cart: / }) });
  await addToCart(card.first());
  await createAccountOverHttp(page, 'Minimum');
  await chooseSpanish(page);
  await page.goto('/shop/checkout.html');
  await page.getByRole('textbox', { name: 'Código promocional' }).fill('SAVE10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Agregue \$\d+\.\d{2} más para usar este código\.$/);
});
