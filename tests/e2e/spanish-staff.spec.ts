import { expect, test, type Browser, type Page } from './support/test';
import { placeDeliveryOrder } from './support/orders';
import { signInOverHttp } from './support/sign-in';
import { readFileSync } from 'node:fs';

/**
 * The staff pages in Spanish, with and without JavaScript. The demo staff are shown Spanish through `?lng=es` or
 * through the browser's Accept-Language, never by a switch that would save Spanish to their profile (other tests
 * sign them in and read English).
 */

const DEMO_STORE = 1001;
/** The shop's Spanish strings, aisle names among them. */
const SHOP_ES = JSON.parse(readFileSync('app/locales/es/shop.json', 'utf8')) as Record<string, string>;
const STORE_NAME = 'Greenleaf Market Seattle';

/**
 * A browser set to Spanish (its locale and Accept-Language), signed in as the staff member `page` signed in as.
 * Chromium sends its locale's Accept-Language on navigations, so the locale is the context's own.
 */
async function inSpanish(browser: Browser, page: Page, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await page.context().storageState(),
    locale: 'es-US',
    extraHTTPHeaders: { 'Accept-Language': 'es-US,es' },
  });
  return { context, page: await context.newPage() };
}

test('a shopper on a staff page gets the staff-only page in Spanish through ?lng=es', async ({ page }) => {
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  const response = await page.goto('/staff?lng=es');
  expect(response?.status()).toBe(403);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Error 403')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Esta página es para el personal de la tienda');
  await expect(
    page.getByText(/^Su cuenta no tiene una función de personal de tienda para esta página\./),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a la página de inicio' })).toBeVisible();
  // The staff chrome around the refusal speaks Spanish too: its strings come with the page, not the staff route.
  await expect(page.getByRole('link', { name: 'Volver a la tienda' })).toBeVisible();
  await expect(page.getByText(/^Páginas del personal de tienda de Greenleaf Market\./)).toBeVisible();
  await expect(page).toHaveTitle(/^Sus tiendas/);
  await expect(page.locator('body')).not.toContainText('Back to the store');
});

test("a store's order list in Spanish through ?lng=es", async ({ page }) => {
  await signInOverHttp(page, 'picker@pantry.test', 'Riley');
  await page.goto(`/staff/orders?store=${DEMO_STORE}&show=all&lng=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(new RegExp(`Pedidos en ${STORE_NAME}`));
  await expect(page.getByRole('heading', { level: 1, name: `Pedidos en ${STORE_NAME}` })).toBeVisible();
  const which = page.getByRole('navigation', { name: 'Qué pedidos' });
  await expect(which.getByRole('link', { name: 'Por hacer' })).toBeVisible();
  await expect(which.getByRole('link', { name: 'Los pedidos del día' })).toHaveAttribute('aria-current', 'page');
  await expect(which.getByRole('link', { name: 'Actualizar' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Sus tiendas' })).toBeVisible();
  await expect(page.getByTestId('queue-count')).toHaveText(/^\d+ pedidos? hoy y mañana\.$/);
  // The staff chrome around it speaks Spanish too.
  await expect(page.getByRole('navigation', { name: 'Personal' })).toBeVisible();
});

test("a picker claims an order and works its pick list in Spanish; the page's refusals are Spanish", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === 'js';
  const { orderNumber } = await placeDeliveryOrder(page, 'Lista');

  const staff = await browser.newContext({ javaScriptEnabled: js });
  const signedIn = await staff.newPage();
  await signInOverHttp(signedIn, 'picker@pantry.test', 'Riley');
  await signedIn.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}&lng=es`);
  await expect(signedIn.getByRole('heading', { level: 1, name: `Pedido ${orderNumber}` })).toBeVisible();

  const { context: spanish, page: picker } = await inSpanish(browser, signedIn, js);
  await picker.goto(`/staff/orders/${orderNumber}?store=${DEMO_STORE}`);
  await expect(picker.getByRole('heading', { level: 1, name: `Pedido ${orderNumber}` })).toBeVisible();
  await expect(picker.getByRole('link', { name: `← Pedidos en ${STORE_NAME}` })).toBeVisible();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Pedido hecho · Entrega a domicilio ·');
  await expect(picker.getByTestId('staff-order-status')).toContainText(/[ap]\.\s?m\./);
  await expect(picker.getByText('Entregar en 12 Elm St', { exact: false })).toBeVisible();

  await picker.getByRole('button', { name: 'Tomar este pedido' }).click();
  await expect(picker.getByTestId('staff-order-status')).toContainText('Su comprador está escogiendo los artículos');
  await expect(picker.getByRole('status')).toHaveText('Faltan 3 de 3 líneas.');
  const lines = picker.getByRole('list', { name: 'Lista para surtir por orden de pasillo' }).getByTestId('pick-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toContainText('Por surtir');
  // Each line's aisle is named in Spanish, as on the shop's pages.
  const aisles = (await lines.allInnerTexts()).map((text) => /Pasillo: ([^·\n]+)/.exec(text)?.[1]?.trim());
  expect(aisles.length).toBe(3);
  for (const aisle of aisles) expect(Object.values(SHOP_ES), aisle).toContain(aisle);

  // Staging before every line is done is refused, in the staff member's language.
  await picker.getByRole('button', { name: 'Preparar el pedido (todas las líneas listas)' }).click();
  await expect(picker.getByRole('alert')).toHaveText(
    'Surta, sustituya o marque como faltante cada línea antes de preparar el pedido.',
  );

  const first = lines.first();
  const productId = await first.getAttribute('data-product');
  await first.getByRole('button', { name: /^Agotado/ }).click();
  const shorted = picker.locator(`[data-testid="pick-line"][data-product="${productId}"]`);
  await expect(shorted).toContainText('Agotado: marcado como faltante');
  await expect(shorted.getByText('Cambiar esta línea')).toBeVisible();
  await expect(picker.getByRole('status')).toHaveText('Faltan 2 de 3 líneas.');
  await spanish.close();
  await staff.close();
});

test("the store manager's page in Spanish: the times, a refused capacity and a stock change", async ({
  page: signedIn,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  await signInOverHttp(signedIn, 'manager@pantry.test', 'Dana');
  await signedIn.goto(`/staff/store?store=${DEMO_STORE}&lng=es`);
  await expect(signedIn.getByRole('heading', { level: 1, name: `Administración de ${STORE_NAME}` })).toBeVisible();
  await expect(signedIn).toHaveTitle(new RegExp(`Administración de ${STORE_NAME}`));

  const { context, page } = await inSpanish(browser, signedIn, js);
  await page.goto(`/staff/store?store=${DEMO_STORE}`);
  await expect(page.getByRole('heading', { level: 1, name: `Administración de ${STORE_NAME}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Los pedidos del día' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Horarios de entrega y recogida' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mensajes que no se pudieron enviar' })).toBeVisible();

  // A later day: late in the store's evening today has no window left to manage. The days and times are Spanish.
  const days = page.getByRole('navigation', { name: 'Días' }).getByRole('link');
  await days.nth(2).click();
  await expect(days.nth(2)).toHaveAttribute('aria-current', 'date');
  const slot = page
    .getByTestId('managed-slot')
    .filter({ has: page.getByRole('button', { name: /^Cerrar / }) })
    .first();
  await expect(slot).toContainText(/[ap]\.\s?m\./);
  await expect(slot.getByTestId('slot-state')).toContainText(/\d+ de \d+ ocupados · Abierto/);
  const slotId = await slot.getAttribute('data-slot');
  const mine = page.locator(`[data-slot="${slotId}"]`);
  await mine.getByLabel(/^Capacidad de /).fill('-1');
  await mine.getByRole('button', { name: /^Guardar la capacidad de / }).click();
  await expect(mine.getByRole('alert')).toHaveText('Escriba una capacidad de 0 a 200.');

  // A product of its own for each project (they run side by side on one database).
  await page.getByLabel('Nombre del producto').fill(js ? 'hummus' : 'granola');
  await page.getByRole('button', { name: 'Buscar productos' }).click();
  const product = page
    .getByTestId('stock-product')
    .filter({ has: page.getByRole('button', { name: /^Marcar agotado/ }) })
    .first();
  const productId = await product.getAttribute('data-product');
  const stock = page.locator(`[data-testid="stock-product"][data-product="${productId}"]`);
  await expect(stock.getByTestId('stock-state')).toHaveText('Disponible');
  await stock.getByRole('button', { name: /^Marcar agotado/ }).click();
  await expect(page.getByRole('status')).toHaveText('Marcado como agotado en esta tienda.');
  await expect(stock.getByTestId('stock-state')).toHaveText('Agotado');
  await stock.getByRole('button', { name: /^Disponible de nuevo/ }).click();
  await expect(page.getByRole('status')).toHaveText('Disponible de nuevo en esta tienda.');
  await expect(stock.getByTestId('stock-state')).toHaveText('Disponible');
  await context.close();
});
