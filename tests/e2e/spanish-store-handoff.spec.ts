import { expect, test } from './support/test';

/** The hand-off to a sister banner's store, for a browser set to Spanish (with and without JavaScript). */
test.use({ locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es' } });

test('a store of another banner welcomes the shopper in Spanish', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  // Greenleaf has no stores in San Francisco; Bayside Grocers delivers there.
  await page.goto('/set-store.html?zipcode=94103&preference=Delivery');
  await page.getByTestId('store-result').filter({ hasText: 'Bayside Grocers' }).first().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`^http://bayside\\.localhost:${port}/set-store/handoff\\?token=`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(/Continuar a su tienda/);
  await expect(page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida a Bayside Grocers' })).toBeVisible();
  await expect(
    page.getByText(/entrega a domicilio en 94103\. Su elección vino con usted desde Greenleaf Market\./),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Seguir comprando' }).click();
  await expect(page).toHaveURL(`http://bayside.localhost:${port}/`);
});

test('an expired hand-off link says so in Spanish through ?lng=es', async ({ page }) => {
  await page.goto('/set-store/handoff?token=expired&lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace venció' })).toBeVisible();
  await expect(page.getByText('Elija su tienda de nuevo y lo llevaremos allí.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Elegir una tienda' }).last()).toHaveAttribute('href', '/set-store.html');
});
