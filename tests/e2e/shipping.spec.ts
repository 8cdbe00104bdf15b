import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';

const ARRIVES_BY = /^Arrives by (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]{2} \d{1,2}$/;

/** Opens the first product of a listing (a seller's page or the wine shop) and returns its page path. */
async function openFirstProduct(page: Page, listing: string, kind: 'marketplace' | 'vineandcellar') {
  await page.goto(listing);
  const link = page.locator(`a[href^="/shop/${kind}/product-details."]:not([aria-hidden])`).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/shop/${kind}/product-details\\.\\d+\\.html$`));
  return new URL(page.url()).pathname;
}

async function setShipZip(page: Page, zipcode: string) {
  const form = page.getByTestId('ship-zip-form').first();
  await form.getByRole('textbox').fill(zipcode);
  await form.getByRole('button').click();
}

async function addToCartHere(page: Page) {
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText('Added to your cart.');
}

test.describe('shipping estimates', () => {
  test('product pages ask for a ZIP code, then show the arrive-by date for it', async ({ page }) => {
    await openFirstProduct(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
    const panel = page.getByTestId('arrive-by');
    await expect(panel.getByTestId('arrive-by-message')).toHaveText('Enter your ZIP code to see when it arrives.');
    await setShipZip(page, '98101');
    await expect(panel.getByTestId('arrive-by-date')).toHaveText(ARRIVES_BY);
    await expect(panel).toContainText('Delivery estimate to 98101');
    const date = await panel.getByTestId('arrive-by-date').getAttribute('data-date');
    expect(date! > new Date().toISOString().slice(0, 10)).toBe(true);

    // The ZIP is remembered for the wine shop too.
    await openFirstProduct(page, '/shop/vineandcellar/search-results.html', 'vineandcellar');
    await expect(page.getByTestId('arrive-by-date')).toHaveText(ARRIVES_BY);

    // A wine to a state that forbids it says so, and a ZIP that does not exist is refused on the page.
    await setShipZip(page, '84101');
    await expect(page.getByTestId('arrive-by-message')).toHaveText("We can't ship wine to Utah.");
    await expect(page.getByTestId('arrive-by-date')).toHaveCount(0);
    await setShipZip(page, '00000');
    await expect(page.getByRole('alert').filter({ hasText: 'ZIP code' })).toHaveText(
      "We couldn't find that ZIP code. Check it and try again.",
    );
    await expect(page.getByTestId('arrive-by')).toContainText('Delivery estimate to 84101');
  });

  test('a marketplace item and a wine in the cart show their arrive-by dates, grouped by who ships them', async ({
    page,
  }) => {
    await openFirstProduct(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
    await setShipZip(page, '98101');
    await addToCartHere(page);
    await openFirstProduct(page, '/shop/marketplace/sellers/heartland-home-and-hearth.html', 'marketplace');
    await addToCartHere(page);
    await openFirstProduct(page, '/shop/vineandcellar/search-results.html', 'vineandcellar');
    await addToCartHere(page);

    await page.goto('/shop/cart.html');
    const shipments = page.getByTestId('shipment');
    await expect(shipments).toHaveCount(3);
    const basket = shipments.filter({ hasText: 'Ships from Basket Bay Gifts' });
    const heartland = shipments.filter({ hasText: 'Ships from Heartland Home & Hearth' });
    const wine = shipments.filter({ hasText: 'Ships from our wine cellar' });
    for (const shipment of [basket, heartland, wine]) {
      await expect(shipment.getByTestId('shipment-arrive-by')).toHaveText(ARRIVES_BY);
      await expect(shipment.getByTestId('shipped-line')).toHaveCount(1);
    }
    // Shipped items are not part of the grocery delivery.
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await expect(page.getByTestId('shipped-only-note')).toBeVisible();

    // To Alaska the freight seller cannot ship (a partial answer); the express seller still can.
    await setShipZip(page, '99501');
    await expect(heartland.getByTestId('shipment-message')).toHaveText(
      'Heartland Home & Hearth does not ship to Alaska.',
    );
    await expect(heartland.getByTestId('shipment-arrive-by')).toHaveCount(0);
    await expect(basket.getByTestId('shipment-arrive-by')).toHaveText(ARRIVES_BY);
    // The seller shipping methods call with the cart request answers the same, as a 206.
    const answer = await page.request.post('/api/shipping/seller-methods', { data: { cart: true } });
    expect(answer.status()).toBe(206);
    const body = (await answer.json()) as { shipMethods: { sellerName: string; displayArriveByTS?: number }[] };
    expect(body.shipMethods.filter((m) => m.displayArriveByTS === undefined).map((m) => m.sellerName)).toEqual([
      'Heartland Home & Hearth',
    ]);
    expect(body.shipMethods.filter((m) => typeof m.displayArriveByTS === 'number').map((m) => m.sellerName)).toEqual([
      'Basket Bay Gifts',
    ]);

    // A wine to a state that forbids it shows the message in the cart.
    await setShipZip(page, '84101');
    await expect(wine.getByTestId('shipment-message')).toHaveText("We can't ship wine to Utah.");
    await expect(wine.getByTestId('shipment-arrive-by')).toHaveCount(0);
    await expect(basket.getByTestId('shipment-arrive-by')).toHaveText(ARRIVES_BY);
  });

  test('the shipping panel and the shipped cart items have no accessibility violations', async ({
    page,
    browser,
  }, testInfo) => {
    await openFirstProduct(page, '/shop/marketplace/sellers/basket-bay-gifts.html', 'marketplace');
    await setShipZip(page, '98101');
    await expect(page.getByTestId('arrive-by-date')).toHaveText(ARRIVES_BY);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
    await addToCartHere(page);
    await page.goto('/shop/cart.html');
    await expect(page.getByTestId('shipment')).toHaveCount(1);
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  });
});
