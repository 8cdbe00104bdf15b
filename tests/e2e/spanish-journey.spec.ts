import { expect, test, type Page } from './support/test';
import { cloneCustomer } from './support/clone-customer';
import { DEMO_PASSWORD } from './support/sign-in';

/**
 * A shopper reads the storefront in Spanish from start to finish, with JavaScript on and off: the switch, a search in
 * Spanish words, the cart, sign-in (the choice goes into the profile) and an order summary.
 */

async function switchToSpanish(page: Page) {
  await page.getByTestId('language-switch').first().getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('a shopper switches to Spanish, searches "leche", fills the cart and signs in in Spanish', async ({ page }) => {
  const lucia = cloneCustomer(500001, 'Lucía');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await switchToSpanish(page);
  await expect(page.getByRole('button', { name: 'English' }).first()).toBeVisible();
  await expect(page.getByTestId('header-sign-in')).toHaveText('Iniciar sesión');

  await page.getByLabel('Buscar productos y recetas').fill('leche');
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/search-results\.html\?q=leche/);
  const cards = page.locator('article.product-card');
  await expect(cards.first()).toContainText(/milk/i);

  await cards
    .first()
    .getByRole('button', { name: /^Agregar al carrito/ })
    .click();
  await expect(page.getByRole('link', { name: /^Carrito, 1 artículo$/ })).toBeVisible();

  await page.getByTestId('header-sign-in').click();
  await page.getByLabel('Correo electrónico').fill(lucia.email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByTestId('greeting')).toContainText('Hola, Lucía');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.goto(`/account/order-summary.html?orderNumber=${lucia.orderNumbers[0]}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido/);
});

test('the profile keeps the language: signing in on another browser answers in Spanish', async ({ page, browser }) => {
  const marisol = cloneCustomer(500001, 'Marisol');
  await page.goto('/');
  await switchToSpanish(page);
  await page.context().request.post('/account/sign-in.html', {
    form: { intent: 'password', email: marisol.email, password: DEMO_PASSWORD, goto: '/' },
  });
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const fresh = await other.newPage();
    await fresh.goto('/');
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
    const signedIn = await other.request.post('/account/sign-in.html', {
      form: { intent: 'password', email: marisol.email, password: DEMO_PASSWORD, goto: '/' },
    });
    expect(await signedIn.text()).toContain('lang="es"');
    await fresh.goto('/');
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'es');
  } finally {
    await other.close();
  }
  // The switch of a signed-in customer saves the profile too.
  await page.goto('/');
  await page.getByTestId('language-switch').first().getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('search engines get both languages: ?lng= and hreflang alternates', async ({ page }) => {
  const response = await page.request.get('/shop/search-results.html?q=milk&lng=es');
  const html = await response.text();
  expect(html).toContain('<html lang="es"');
  expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*q=milk&amp;lng=en"/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*q=milk&amp;lng=es"/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*search-results\.html\?q=milk"/);
  expect(response.headers()['set-cookie'] ?? '').not.toContain('PANTRY_LANG');
});

test('a bad language never breaks a page: it answers in English', async ({ page }) => {
  for (const path of ['/?lng=../../etc/passwd', '/?lng=de', '/?lng=%00']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain('<html lang="en"');
  }
  const huge = await page.request.get('/', { headers: { 'Accept-Language': `${'zz-ZZ;q=0.5,'.repeat(900)}es` } });
  expect(huge.status()).toBe(200);
  expect(await huge.text()).toContain('<html lang="en"');
  const forged = await page.request.get('/', { headers: { Cookie: 'PANTRY_LANG=ImZyIg%3D%3D.forged' } });
  expect(forged.status()).toBe(200);
  expect(await forged.text()).toContain('<html lang="en"');
  const spanish = await page.request.get('/', { headers: { 'Accept-Language': 'es-MX,es;q=0.9' } });
  expect(await spanish.text()).toContain('<html lang="es"');
});
