import { expect, test, type Page } from './support/test';
import { openFirstProductInSpanish } from './support/shipped-products';

/** Shipping estimates on the wine and marketplace product pages in Spanish (decision 0116), JS on and off. */

const LLEGA =
  /^Llega a más tardar el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]{3,4}\.?$/;

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
