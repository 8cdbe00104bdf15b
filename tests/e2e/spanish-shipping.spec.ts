import { expect, test, type Page } from './support/test';
import { openFirstProductInSpanish } from './support/shipped-products';

/** Shipping estimates on the wine and marketplace product pages in Spanish (decision 0116), JS on and off. */

const LLEGA =
  /^Llega a más tardar el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]{3,4}\.?$/;

async function addToCartHere(page: Page) {
  await page.getByRole('button', { name: 'Agregar al carrito', exact: true }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText('Se agregó a su carrito.');
}

async function setShipZip(page: Page, zipcode: string) {
  const form = page.getByTestId('ship-zip-form').first();
  await form.getByRole('textbox').fill(zipcode);
  await form.getByRole('button').click();
}

test('the arrive-by date and the reasons there is none are Spanish sentences on the product pages', async ({
  page,
}) => {
  await openFirstProductInSpanish(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
  const panel = page.getByTestId('arrive-by');
  await expect(panel.getByTestId('arrive-by-message')).toHaveText('Escriba su código postal para ver cuándo llega.');
  await setShipZip(page, '98101');
  await expect(panel.getByTestId('arrive-by-date')).toHaveText(LLEGA);
  await expect(panel).toContainText('Fecha estimada de entrega en 98101');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // A marketplace seller that does not ship to the state says so in a whole Spanish sentence.
  await page.goto('/shop/marketplace/sellers/heartland-home-and-hearth.html?lng=es');
  const heartland = await page
    .locator('a[href^="/shop/marketplace/product-details."]:not([aria-hidden])')
    .first()
    .getAttribute('href');
  await page.goto(`${heartland}?lng=es`);
  await setShipZip(page, '99501');
  await expect(page.getByTestId('arrive-by-message')).toHaveText('Heartland Home & Hearth no hace envíos a Alaska.');

  await openFirstProductInSpanish(page, '/shop/vineandcellar/search-results.html', 'vineandcellar');
  await setShipZip(page, '98101');
  await expect(page.getByTestId('arrive-by-date')).toHaveText(LLEGA);
  await setShipZip(page, '84101');
  await expect(page.getByTestId('arrive-by-message')).toHaveText('No podemos enviar vino a Utah.');
  await expect(page.getByTestId('arrive-by-date')).toHaveCount(0);
});

test('the cart groups shipped items by who ships them, each with its date or its reason, in Spanish', async ({
  page,
}) => {
  // The header's switch: the cart's own forms (the ZIP code) come back to a Spanish page without ?lng=.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await openFirstProductInSpanish(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
  await setShipZip(page, '98101');
  await addToCartHere(page);
  await openFirstProductInSpanish(page, '/shop/vineandcellar/search-results.html', 'vineandcellar');
  await addToCartHere(page);

  await page.goto('/shop/cart.html');
  const shipments = page.getByTestId('shipment');
  await expect(shipments).toHaveCount(2);
  const basket = shipments.filter({ hasText: 'Enviado por Basket Bay Gifts' });
  const wine = shipments.filter({ hasText: 'Enviado desde nuestra cava' });
  for (const shipment of [basket, wine]) {
    await expect(shipment.getByTestId('shipment-arrive-by')).toHaveText(LLEGA);
    await expect(shipment.getByTestId('shipped-line')).toHaveCount(1);
  }
  await expect(
    page.getByText(
      'No forma parte de su horario de entrega de comestibles · estimaciones para el código postal 98101.',
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByTestId('shipped-only-note')).toHaveText(/^Los artículos enviados todavía no se pagan/);

  // Wine to a state that forbids it: the reason in a Spanish sentence, the other shipment's date as it was.
  await setShipZip(page, '84101');
  await expect(wine.getByTestId('shipment-message')).toHaveText('No podemos enviar vino a Utah.');
  await expect(wine.getByTestId('shipment-arrive-by')).toHaveCount(0);
  await expect(basket.getByTestId('shipment-arrive-by')).toHaveText(LLEGA);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
