import { expect, test, type Page } from './support/test';
import { cartPostAnswered } from './support/cart';
import { readyCheckoutAsCopy } from './support/orders';
import { signInOverHttp } from './support/sign-in';

/** The first product card's add button, whatever language its label is in. */
async function chooseSpanish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

async function addFirstFromHome(page: Page) {
  const form = page.locator('form:has(input[name="intent"][value="add"])').first();
  const answered = cartPostAnswered(page);
  await form.locator('button[type="submit"]').click();
  await answered;
}

test.describe('orders in Spanish', () => {
  test('a shopper who chose Español adds an item and reads the cart in Spanish', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await addFirstFromHome(page);
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await page.goto('/shop/cart.html');
    await expect(page).toHaveTitle(/Su carrito/);
    await expect(page.getByRole('heading', { level: 1, name: 'Su carrito' })).toBeVisible();
    await expect(page.getByTestId('cart-summary-line')).toContainText('1 artículo · precios en');
    await expect(page.getByRole('heading', { name: 'Resumen del pedido' })).toBeVisible();
    await expect(page.getByText('Total estimado')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión para pagar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actualizar' })).toBeVisible();

    // A change made on the page answers in Spanish too.
    await page.getByLabel(/^Cantidad de /).fill('2');
    const answered = cartPostAnswered(page);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await answered;
    await expect(page.getByTestId('cart-summary-line')).toContainText('2 artículos');
  });

  test("a demo customer's order summary in Spanish", async ({ page }) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    // ?lng= leaves the customer's saved language as it is (other tests sign in as Jordan).
    await page.goto('/account/order-summary.html?orderNumber=C10000001&lng=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedido C10000001' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estado del pedido' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detalles' })).toBeVisible();
    await expect(page.getByText('Pedido hecho').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '← Sus pedidos' })).toBeVisible();
    // The status and the window in Spanish: "Entregado · Entrega a domicilio · jue, 3 de dic, 2:00 p.m. – …".
    await expect(page.getByTestId('order-status')).not.toContainText(/Order placed|Delivered|Picked up|Delivery/);
    await expect(page.getByTestId('order-status')).toContainText(/[ap]\.\s?m\./);

    await page.goto('/account/orders.html?lng=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Sus pedidos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedido C10000001' })).toBeVisible();
    await expect(page.getByTestId('order-row').first()).toContainText(/\d+ artículos?/);
  });

  test('delivery windows and checkout in Spanish', async ({ page }) => {
    await page.goto('/shop/slots.html?lng=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Elegir un horario' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Días' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Forma de entrega' }).getByRole('link', { name: 'Entrega a domicilio' }),
    ).toBeVisible();
    await expect(page.getByText('Agregue algo a su carrito antes de elegir un horario.')).toBeVisible();
    // Tomorrow always has windows; their times are written the Spanish way ("2:00 p.m.").
    const tomorrow = await page.getByRole('navigation', { name: 'Días' }).getByRole('link').nth(1).getAttribute('href');
    await page.goto(`${tomorrow!}&lng=es`);
    await expect(page.getByTestId('slot').first()).toContainText(/[ap]\.\s?m\./);
    await expect(page.getByTestId('slot').first()).toContainText(/Gratis|\$/);

    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    await page.goto('/shop/checkout.html?lng=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagar' })).toBeVisible();
  });

  test('a tip out of range is refused at checkout with its range, written in Spanish', async ({ page }) => {
    // The switch saves Spanish to the profile: a copy of the demo customer.
    await readyCheckoutAsCopy(page, 'Propina');
    await page.goto('/shop/checkout.html');
    await chooseSpanish(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagar' })).toBeVisible();
    await page.getByRole('radio', { name: 'Otra cantidad' }).check();
    await page.getByLabel('Otra cantidad en dólares').fill('-5');
    await page.getByRole('button', { name: 'Hacer el pedido' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Escriba una propina de \$0\.00 a \$\d+\.\d{2} \(como máximo \$200\.00 y nunca más que sus comestibles\)\.$/,
    );
    await expect(page).toHaveURL(/\/shop\/checkout\.html/);
  });

  test("the pending order's alert names its window in Spanish", async ({ page }) => {
    await readyCheckoutAsCopy(page, 'Pendiente');
    await page.goto('/shop/checkout.html');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('status')).toContainText(/Your order C\d{8} is placed/);
    const orderNumber = (await page.getByRole('heading', { level: 1 }).innerText()).match(/C\d{8}/)![0];

    await page.goto('/shop/search-results.html?q=milk&lng=es');
    const alert = page.getByRole('complementary', { name: 'Su próximo pedido' });
    // "Pedido C… está programado para sáb, 5 de dic, 2:00 p.m. – 4:00 p.m.": the window the Spanish way.
    await expect(alert).toContainText(`Pedido ${orderNumber} está programado para `);
    await expect(alert).toContainText(/[ap]\.\s?m\./);
    await expect(alert).toContainText('Todavía puede cambiarlo.');
    await expect(alert).not.toContainText(/\b(AM|PM|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/);
    await expect(alert.getByRole('link', { name: 'Editar pedido' })).toBeVisible();
  });
});
