import { expect, test, type Page } from './support/test';

/** Search, product cards, the product page, the home page, aisles and the store finder in Spanish (decision 0116). */

const isJs = () => test.info().project.name === 'js';

/** The header's switch: a plain form post that sets the language cookie and comes back to the page. */
async function chooseSpanish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

const productList = (page: Page) => page.getByRole('list', { name: 'Productos' });

test('search results in Spanish through ?lng=es: heading, correction, filters, sort, cards and pages', async ({
  page,
}) => {
  await page.goto('/shop/search-results.html?q=bananna&lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de “banana”');
  await expect(page).toHaveTitle(/banana: resultados de búsqueda/);
  await expect(page.getByTestId('spelling')).toContainText('Mostrando resultados de banana. Buscar en su lugar');
  await expect(page.getByText('Precios y disponibilidad en')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toContainText('Más relevantes');
  await expect(page.getByRole('complementary', { name: 'Filtros' })).toBeAttached();
  const card = productList(page).getByRole('listitem').first();
  await expect(card).toContainText(/Banana/);
  await expect(card.getByRole('button', { name: /^Agregar al carrito: .+/ })).toHaveText('Agregar al carrito');
  await expect(card.getByRole('button', { name: /^Agregar a la lista: .+/ })).toHaveText('Agregar a la lista');
  await expect(page.getByRole(isJs() ? 'tab' : 'link', { name: /^Recetas/ })).toBeVisible();

  await page.goto('/shop/search-results.html?q=milk&lng=es');
  const filters = page.getByRole('complementary', { name: 'Filtros' });
  await expect(filters.getByText('Departamento', { exact: true })).toBeAttached();
  await expect(filters.getByRole('link', { name: /^Lácteos, huevos y quesos/ })).toBeAttached();
  await expect(
    page.getByRole('navigation', { name: 'Páginas' }).getByRole('link', { name: /Siguiente/ }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'productos' }).first()).toContainText(/\d+ productos/);
});

test('a search that finds nothing says so in Spanish, with the departments by their Spanish names', async ({
  page,
}) => {
  await page.goto('/shop/search-results.html?q=lawn+mower&lng=es');
  await expect(page.getByRole('heading', { name: 'Ningún producto coincide con “lawn mower”' })).toBeVisible();
  await expect(page.getByText('Revise la ortografía, use menos palabras o quite un filtro.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Búsquedas populares' })).toBeVisible();
  const departments = page.getByRole('region', { name: 'Comprar por departamento' });
  await expect(departments.getByRole('link', { name: 'Frutas y verduras' })).toBeVisible();
  // A department's listing is headed by its Spanish name, and so is its title.
  await page.goto('/shop/search-results.html?department=produce&lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frutas y verduras');
  await expect(page).toHaveTitle(/Frutas y verduras: comprar/);
});

test('Spanish words find their groceries: "leche" finds milk, "papel higiénico" bath tissue', async ({ page }) => {
  await page.goto('/shop/search-results.html?q=leche&lng=es');
  await expect(productList(page).getByRole('listitem').first()).toContainText(/Milk/i);
  await page.goto(`/shop/search-results.html?q=${encodeURIComponent('papel higiénico')}&lng=es`);
  await expect(productList(page).getByRole('listitem').first()).toContainText(/Bath Tissue/i);
});

test('the product page after choosing Spanish in the header: details, nutrition and the cart form', async ({
  page,
}) => {
  await page.goto('/shop/product-details.960000086.html');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { name: 'Acerca de este artículo' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar al carrito', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar a Favoritos' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link').first()).toHaveText(
    'Inicio',
  );
  await expect(page.getByText(/^Precio en /)).toBeVisible();
});

test('the home page and the aisles in Spanish, with a plural count', async ({ page }) => {
  await page.goto('/?lng=es');
  // The hero is content: its Spanish words come from the version's own Spanish columns.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compras frescas, a tu manera');
  await expect(page.getByText('Entrega a domicilio, recogida con DriveUp & Go')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comprar por departamento' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Populares esta semana' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Empezar a comprar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Frutas y verduras' })).toBeVisible();

  await page.goto('/shop/aisles.html?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pasillos en /);
  await expect(page.getByRole('heading', { name: 'Lácteos, huevos y quesos' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Fruta fresca \d+ artículos$/ })).toBeVisible();
});

test('the store finder in Spanish after choosing it: stores near a ZIP code and its messages', async ({ page }) => {
  await page.goto('/set-store.html');
  await chooseSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elija cómo comprar');
  await expect(page).toHaveTitle(/Elegir una tienda/);
  await page.getByRole('textbox', { name: 'Código postal' }).fill('98101');
  await page.getByRole('button', { name: 'Buscar tiendas' }).click();
  await expect(page.getByRole('heading', { name: /^\d+ tiendas cerca de 98101$/ })).toBeVisible();
  await expect(page.getByTestId('store-result').first().getByRole('button')).toHaveText(
    /Comprar en esta tienda|Mantener esta tienda|Comprar en .+/,
  );
  await page.goto('/set-store.html?zipcode=12');
  await expect(page.getByRole('alert')).toContainText('Escriba un código postal de 5 dígitos, como 98101.');
  await page.goto('/set-store.html?zipcode=00000');
  await expect(page.getByRole('alert')).toContainText('No reconocemos el código postal 00000.');
});

test('the weekly ad, the brands and the wine shop in Spanish through ?lng=es', async ({ page }) => {
  await page.goto('/shop/weekly-ad.html?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anuncio semanal');
  await expect(page.getByTestId('ad-dates')).toContainText('Precios válidos');
  await expect(page.getByRole('link', { name: 'Lista para imprimir' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Todos los departamentos \(\d+\)$/ })).toBeVisible();

  await page.goto('/shop/brand-index?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marcas de la A a la Z');
  await expect(page.getByRole('navigation', { name: 'Marcas por letra' }).getByRole('link').first()).toHaveText(
    'Todas',
  );

  await page.goto('/shop/vineandcellar/search-results.html?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tienda de vinos');
  await expect(
    page.getByRole('search', { name: 'Buscar vinos' }).getByRole('button', { name: 'Buscar' }),
  ).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Filtros' }).getByText('Variedad')).toBeAttached();
});
