import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import Database from 'better-sqlite3';
import { createAccountOverHttp } from './support/accounts';
import { LYNX, Lynx } from './support/lynx';

/**
 * A text browser can shop: lynx (no JavaScript, no CSS) browses, chooses a store, signs in with a
 * password (through the identity provider's redirects), searches, adds to the cart and clips an
 * offer. What it did is then read from the database, not only from its screen.
 */
test('lynx browses, chooses a store, signs in, searches, adds to cart and clips an offer', async ({
  page,
  baseURL,
}, testInfo) => {
  const once = 'lynx is its own browser, so this runs once (in the js project); the nojs project would only repeat it';
  if (testInfo.project.name !== 'js') {
    console.log(`skipped: ${once}`);
    test.skip(true, once);
  }
  test.setTimeout(120_000);
  for (const tool of [LYNX, '/usr/bin/tmux'])
    expect(existsSync(tool), `${tool} is needed (Debian packages lynx and tmux)`).toBe(true);

  // The customer: a fresh account, so the clip and cart below are this test's alone.
  const email = await createAccountOverHttp(page, 'Lynx');
  await page.context().clearCookies();

  const lynx = new Lynx(`${baseURL}/`);
  try {
    let text = await lynx.read();
    expect(text).toContain('Fresh groceries, your way');
    expect(text).toContain('Cart 0');

    // Choose a store: the store finder by ZIP, then "Shop this store".
    text = await lynx.activate(/\]Choose a store/);
    expect(text).toContain('Choose how you shop');
    await lynx.fill(/ZIP code \[\d+\]/, '98101');
    text = await lynx.activate(/\]BUTTON\) Find stores/);
    expect(text).toMatch(/\d+ stores near 98101/);
    text = await lynx.activate(/\]BUTTON\) Shop this store/);
    expect(text).toContain('Delivery to 98101 is set');

    // Sign in with a password: email step, password step, then the identity provider's redirects.
    text = await lynx.activate(/\]Sign in/);
    await lynx.fill(/Email \[\d+\]/, email);
    text = await lynx.activate(/\]email\) Continue/);
    expect(text).toContain(`Signing in as ${email}`);
    await lynx.fill(/Password \[\d+\]/, 'Fresh-basil-42');
    text = await lynx.activate(/\]password\) Sign in/);
    expect(text).toContain('Hi, Lynx');

    // Search from the header's plain GET form.
    await lynx.fill(/\[\d+\]_+(?= \(\[\d+\]BUTTON\) Search)/, 'milk');
    text = await lynx.activate(/\]BUTTON\) Search/);
    expect(text).toContain('Results for “milk”');
    expect(lynx.url).toContain('/shop/search-results.html?q=milk');
    // Tab and facet counts read apart from their labels ("Products 48", not "Products48").
    expect(text).toMatch(/\]Products \d/);
    expect(text).not.toMatch(/\]Products\d/);

    // Add the first product to the cart; its link (just before the button) names the product.
    const addButton = lynx.numberOf(/\]BUTTON\) Add to cart/);
    const productUrl = lynx.referenceOf(addButton - 1);
    const productId = Number(/product-details\.(\d+)\.html/.exec(productUrl)?.[1]);
    expect(productId).toBeGreaterThan(0);
    text = await lynx.activate(/\]BUTTON\) Add to cart/);
    // The header reads "Cart 1" (words apart in a text browser too).
    expect(text).toMatch(/Cart 1\b/);

    // Clip the first coupon in the gallery that costs no points (a new customer has none).
    text = await lynx.activate(/\]Coupons & deals/);
    expect(text).toContain('Coupons & deals');
    const clip = [...text.matchAll(/\[(\d+)\]BUTTON\) Clip coupon (.+)/g)].find(
      ([, , title]) => !/^Redeem/.test(title!),
    );
    expect(clip, 'a "Clip coupon" button').toBeTruthy();
    const clipButton = Number(clip![1]);
    const offerId = Number(/offer-details\.(\d+)\.html/.exec(lynx.referenceOf(clipButton - 1))?.[1]);
    expect(offerId).toBeGreaterThan(0);
    text = await lynx.activate(clipButton);
    expect(text).toContain(`Clipped: ${clip![2]!.trim()}`);
    expect(text).toContain('Coupons 1 clipped');

    // The cart page lists the product.
    text = await lynx.open(`${baseURL}/shop/cart.html`);
    expect(text).toContain('Your cart');

    const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const customer = db.prepare('SELECT id FROM customers WHERE email = ?').get(email) as { id: number };
      const clips = db.prepare('SELECT offer_id FROM clips WHERE customer_id = ?').all(customer.id);
      expect(clips).toEqual([{ offer_id: offerId }]);
      const items = db
        .prepare(
          `SELECT i.product_id, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id
           WHERE c.customer_id = ? AND c.status = 'active'`,
        )
        .all(customer.id);
      expect(items).toEqual([{ product_id: productId, quantity: 1 }]);
    } finally {
      db.close();
    }
  } finally {
    lynx.close();
  }
});

test('lynx reads the storefront in Spanish: the switch, a search in Spanish words, the cart', async ({
  baseURL,
}, testInfo) => {
  const once = 'lynx is its own browser, so this runs once (in the js project); the nojs project would only repeat it';
  if (testInfo.project.name !== 'js') {
    console.log(`skipped: ${once}`);
    test.skip(true, once);
  }
  test.setTimeout(90_000);
  const lynx = new Lynx(`${baseURL}/`);
  try {
    let text = await lynx.read();
    expect(text).toContain('Sign in');
    // lynx shows a button with a value by its value: "([9]es) Español".
    text = await lynx.activate(/\]es\) Español/);
    expect(text).toContain('Iniciar sesión');
    expect(text).toContain('Carrito 0');
    expect(text).toMatch(/\]en\) English/);

    await lynx.fill(/\[\d+\]_+(?= \(\[\d+\]BUTTON\) Buscar)/, 'leche');
    text = await lynx.activate(/\]BUTTON\) Buscar/);
    expect(lynx.url).toContain('/shop/search-results.html?q=leche');
    expect(text).toMatch(/milk/i);
    text = await lynx.activate(/\]BUTTON\) Agregar al carrito/);
    expect(text).toMatch(/Carrito 1\b/);
  } finally {
    lynx.close();
  }
});
