import { expect, test } from './support/test';
import { openFirstProductInSpanish } from './support/shipped-products';

/** The marketplace's seller and product pages and the wine shop's product page in Spanish (decision 0116). */

test('a seller page in Spanish: how the seller ships, with a plural count, search and filters', async ({ page }) => {
  await page.goto('/shop/marketplace/sellers/basket-bay-gifts.html?lng=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basket Bay Gifts');
  await expect(page).toHaveTitle(/^Basket Bay Gifts: Marketplace/);
  // The seller's own tagline is the catalogue's Spanish (decision 0123).
  await expect(page.getByText('Canastas de regalo empacadas a mano en Nueva Inglaterra.')).toBeVisible();
  await expect(page.getByText('Hand-packed gift baskets from New England.')).toHaveCount(0);
  await expect(
    page.getByText('Envía desde 02108 con envío exprés y entrega a la transportadora en un plazo de 2 días hábiles.'),
  ).toBeVisible();
  await expect(
    page.getByRole('search', { name: 'Buscar en Basket Bay Gifts' }).getByRole('button', { name: 'Buscar' }),
  ).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Filtros' })).toBeAttached();
  await expect(page.getByRole('list', { name: 'Productos' }).getByRole('listitem').first()).toBeVisible();

  // One business day is singular.
  await page.goto('/shop/marketplace/sellers/hound-and-hearth.html?lng=es');
  await expect(
    page.getByText('Envía desde 80202 con envío terrestre y entrega a la transportadora en un plazo de 1 día hábil.'),
  ).toBeVisible();

  // An unknown seller is a 404 page in Spanish.
  const missing = await page.goto('/shop/marketplace/sellers/no-such-seller.html?lng=es');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esa página');
});

test('a marketplace product page in Spanish: breadcrumb, shipping note, cart form and its answer', async ({ page }) => {
  await openFirstProductInSpanish(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
  await expect(page).toHaveTitle(/: Marketplace$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(breadcrumb.getByRole('link')).toHaveText(['Inicio', 'Marketplace', 'Basket Bay Gifts']);
  await expect(page.getByTestId('shipping-note')).toHaveText(
    'Vendido y enviado por Basket Bay Gifts desde 02108: envío exprés, entregado a la transportadora en un plazo de 2 días hábiles.',
  );
  await expect(page.getByRole('heading', { name: 'Acerca de este artículo' })).toBeVisible();
  // The description is the item's Spanish with the seller's name; the product's own name stays as it is.
  const about = page.getByRole('region', { name: 'Acerca de este artículo' });
  await expect(about.locator('p').first()).toHaveText(/^\S.* de Basket Bay Gifts\. Envío directo del vendedor\.$/);
  await expect(about).not.toContainText('Ships from the seller');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Envío directo del vendedor\.$/);
  await page.getByRole('spinbutton', { name: 'Cantidad' }).fill('2');
  await page.getByRole('button', { name: 'Agregar al carrito', exact: true }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText('Se agregó a su carrito.');
});

test('a wine product page in Spanish: shipping note, wine details and title', async ({ page }) => {
  await openFirstProductInSpanish(page, '/shop/vineandcellar/search-results.html', 'vineandcellar');
  await expect(page).toHaveTitle(/: tienda de vinos$/);
  await expect(
    page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Tienda de vinos' }),
  ).toBeVisible();
  await expect(page.getByTestId('shipping-note')).toHaveText(
    'Se envía directamente desde nuestra cava en 2 a 4 días hábiles. Un adulto (21+) firma al recibir la entrega.',
  );
  await expect(page.getByTestId('availability')).toContainText('Disponible solo con entrega con firma');
  for (const term of ['Variedad', 'Color', 'Región', 'Cosecha']) {
    await expect(page.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Agregar al carrito', exact: true })).toBeVisible();

  // A product that is not a wine is a 404 page in Spanish.
  const missing = await page.goto('/shop/vineandcellar/product-details.960000001.html?lng=es');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esa página');
});
