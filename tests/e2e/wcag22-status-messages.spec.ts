import { expect, test, type Locator } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { addToCart } from './support/cart';
import { cloneCustomer } from './support/clone-customer';
import { placeDeliveryOrder } from './support/orders';
import { resolve } from './support/pages';
import { DEMO_PASSWORD, signInOverHttp } from './support/sign-in';
import { REWARD_TEMPLATES } from '../../app/modules/offers/reward-catalog';

/**
 * WCAG 2.2 SC 4.1.3 Status Messages (cart, list, reward and order changes), with JavaScript on (without it every change is a new page, read from the
 * top): what a shopper changes without leaving the page is said by a live region (role=status or aria-live) that
 * is in the page before the change, and whose words change with it. A region that appears together with its words
 * is not always read out, so each test first finds the region already there.
 */

async function expectAnnounced(region: Locator, act: () => Promise<void>, words: string | RegExp) {
  await expect(region).toHaveCount(1);
  const before = (await region.textContent()) ?? '';
  await act();
  await expect(region).toHaveText(words);
  expect(((await region.textContent()) ?? '').trim()).not.toBe(before.trim());
}

test('adding to the cart is announced', async ({ page }) => {
  await createAccountOverHttp(page, 'Cartstatus');
  await page.goto('/');
  // A product card's add is a navigation (the card is server markup): the header's cart link is the live region.
  const cart = page.getByRole('link', { name: /^Cart, / });
  await expect(cart).toHaveAttribute('aria-live', 'polite');
  await expectAnnounced(cart, () => addToCart(page.getByTestId('add-to-cart').first()), /1/);
});

test('a change to a list is announced', async ({ page }) => {
  await createAccountOverHttp(page, 'Liststatus');
  await page.goto(resolve('/shop/lists/add.html?productId={grocery}'));
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-items')).toBeVisible();
  await expectAnnounced(
    page.getByTestId('form-outcome-live'),
    async () => {
      await page.getByRole('textbox', { name: 'Add something else' }).fill('birthday candles');
      await page.getByRole('button', { name: 'Add to list' }).click();
    },
    'Added to your list.',
  );
});

test('a change of an order status is announced while its page is open', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { orderNumber } = await placeDeliveryOrder(page, 'Orderstatus');
  const region = page.getByTestId('order-status-live');
  await expect(region).toHaveText('Order status: Order placed');
  const staff = await browser.newContext();
  try {
    const picker = await staff.newPage();
    await signInOverHttp(picker, 'picker@pantry.test', 'Riley');
    await expectAnnounced(
      region,
      async () => {
        await picker.goto(`/staff/orders/${orderNumber}?store=1001`);
        await picker.getByRole('button', { name: 'Claim this order' }).click();
        await expect(picker.getByTestId('staff-order-status')).toContainText('Your shopper is picking');
      },
      /^Order status: (?!Order placed)/,
    );
  } finally {
    await staff.close();
  }
});

/** The same walks in English and in Spanish (`?lng=es`): the region says what happened in the page's language. */
const WORDS = {
  en: {
    clip: 'Clip coupon',
    clipped: 'Clipped',
    clippedTitle: (title: string) => `Clipped: ${title}`,
    removedTitle: (title: string) => `Removed from your list: ${title}`,
    quantityOf: (name: string) => `Quantity of ${name}`,
    update: 'Update',
    remove: (name: string) => `Remove ${name}`,
    quantityUpdated: (name: string) => `${name}: Quantity updated.`,
    removedFromCart: (name: string) => `${name}: Removed from your cart.`,
    addedToCart: 'Added to your cart.',
    addToList: 'Add to list',
    addedToList: 'Added to this list.',
    notInCart: 'That item is no longer in your cart.',
    redeem: 'Redeem',
    redeemed: 'Redeemed',
    redeemedTitle: (title: string) => `Redeemed: ${title}`,
    removedReward: (title: string) => `Removed: ${title}. Your points are back.`,
  },
  es: {
    clip: 'Recortar cupón',
    clipped: 'Recortado',
    clippedTitle: (title: string) => `Recortado: ${title}`,
    removedTitle: (title: string) => `Se quitó de su lista: ${title}`,
    quantityOf: (name: string) => `Cantidad de ${name}`,
    update: 'Actualizar',
    remove: (name: string) => `Quitar ${name}`,
    quantityUpdated: (name: string) => `${name}: Cantidad actualizada.`,
    removedFromCart: (name: string) => `${name}: Se quitó de su carrito.`,
    addedToCart: 'Se agregó a su carrito.',
    addToList: 'Agregar a la lista',
    addedToList: 'Se agregó a esta lista.',
    notInCart: 'Ese artículo ya no está en su carrito.',
    redeem: 'Canjear',
    redeemed: 'Canjeado',
    redeemedTitle: (title: string) => `Canjeado: ${title}`,
    removedReward: (title: string) => `Se quitó: ${title}. Le devolvimos sus puntos.`,
  },
} as const;

for (const lng of ['en', 'es'] as const) {
  const w = WORDS[lng];
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`;

  test(`clipping and unclipping a coupon is announced (${lng})`, async ({ page }) => {
    await createAccountOverHttp(page, `Clipsay${lng}`);
    await page.goto(at('/foru/coupons-deals.html?sort=value'));
    const card = page.getByTestId('offer-card').first();
    const title = (await card.getByRole('heading').innerText()).trim();
    const region = card.getByRole('status');
    await expectAnnounced(
      region,
      () => card.getByRole('button', { name: new RegExp(`^${w.clip}`) }).click(),
      w.clippedTitle(title),
    );
    await expect(page.getByTestId('clip-count')).toContainText('1');
    await expectAnnounced(
      region,
      () => card.getByRole('button', { name: new RegExp(`^${w.clipped}`) }).click(),
      w.removedTitle(title),
    );
    // The script got the action's answer: the page stayed where it was, no redirect back to the card's anchor.
    expect(new URL(page.url()).hash).toBe('');
  });

  test(`redeeming and removing a reward is announced (${lng})`, async ({ page }) => {
    // A copy of the demo customer: their points, spent here and nowhere else.
    const copy = cloneCustomer(500001, `Canjea${lng}`);
    await signInOverHttp(page, copy.email, `Canjea${lng}`, DEMO_PASSWORD);
    await page.goto(at('/foru/rewards.html'));
    // The reward's title is catalogue data, in the shopper's language.
    const bananas = REWARD_TEMPLATES.find((reward) => reward.slug === 'free-bananas')!;
    const title = lng === 'es' ? bananas.titleEs! : bananas.title;
    const card = page.getByTestId('reward-card').filter({ hasText: title });
    const balance = page.getByTestId('points-balance');
    const before = (await balance.innerText()).trim();
    const region = card.getByRole('status');
    await expectAnnounced(
      region,
      () => card.getByRole('button', { name: new RegExp(`^${w.redeem} \\d`) }).click(),
      w.redeemedTitle(title),
    );
    await expect(balance).not.toHaveText(before);
    await expectAnnounced(
      region,
      () => card.getByRole('button', { name: new RegExp(`^${w.redeemed}`) }).click(),
      w.removedReward(title),
    );
    await expect(balance).toHaveText(before);
    // The script got the action's answer: the page stayed where it was, no redirect back to the card's anchor.
    expect(new URL(page.url()).hash).toBe('');
  });

  test(`unclipping on My list is announced after the offer leaves the list (${lng})`, async ({ page }) => {
    await createAccountOverHttp(page, `Listsay${lng}`);
    await page.goto(at('/foru/coupons-deals.html?sort=value'));
    const card = page.getByTestId('offer-card').first();
    const title = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('button', { name: new RegExp(`^${w.clip}`) }).click();
    await expect(card.getByRole('status')).toHaveText(w.clippedTitle(title));
    await page.goto(at('/foru/my-list.html'));
    await expectAnnounced(
      page.getByTestId('my-list-status'),
      () =>
        page
          .getByTestId('my-list-offer')
          .first()
          .getByRole('button', { name: new RegExp(`^${w.clipped}`) })
          .click(),
      w.removedTitle(title),
    );
    await expect(page.getByTestId('my-list-offer')).toHaveCount(0);
  });

  test(`changing and removing a cart line is announced on the cart page (${lng})`, async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('add-to-cart').first();
    await addToCart(card);
    await page.goto(at('/shop/cart.html'));
    const line = page.getByTestId('cart-line').first();
    const name = (await line.getByRole('heading').innerText()).trim();
    const region = page.getByTestId('cart-status');
    await expect(region).toHaveRole('status');
    await expectAnnounced(
      region,
      async () => {
        await line.getByLabel(w.quantityOf(name)).fill('3');
        await line.getByRole('button', { name: w.update, exact: true }).click();
      },
      w.quantityUpdated(name),
    );
    expect(new URL(page.url()).searchParams.get('cartMessage')).toBeNull();
    await expectAnnounced(
      region,
      () => line.getByRole('button', { name: w.remove(name) }).click(),
      w.removedFromCart(name),
    );
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
  });

  test(`a refused cart change is read out and shown beside its line (${lng})`, async ({ page, context }) => {
    await page.goto('/');
    await addToCart(page.getByTestId('add-to-cart').first());
    await page.goto(at('/shop/cart.html'));
    const line = page.getByTestId('cart-line').first();
    const name = (await line.getByRole('heading').innerText()).trim();
    // Another tab empties the cart: this page still shows the line, and its change is refused.
    const other = await context.newPage();
    await other.goto(at('/shop/cart.html'));
    await other
      .getByTestId('cart-line')
      .first()
      .getByRole('button', { name: w.remove(name) })
      .click();
    await expect(other.getByTestId('cart-line')).toHaveCount(0);
    await other.close();
    await expectAnnounced(
      page.getByTestId('cart-status'),
      async () => {
        await line.getByLabel(w.quantityOf(name)).fill('2');
        await line.getByRole('button', { name: w.update, exact: true }).click();
      },
      `${name}: ${w.notInCart}`,
    );
    await expect(page.getByTestId('cart-refusal')).toHaveText(`${name}: ${w.notInCart}`);
  });

  test(`adding to a list from a product card is announced on the list it lands on (${lng})`, async ({ page }) => {
    await createAccountOverHttp(page, `Addsay${lng}`);
    // The list the add lands on is another address: the language goes with the shopper's choice (the header's
    // switch sets it), not with ?lng=.
    await page.goto('/shop/search-results.html?q=milk');
    if (lng === 'es') {
      await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
    }
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^${w.addToList}: `) }) })
      .first();
    await card.getByRole('button', { name: new RegExp(`^${w.addToList}: `) }).click();
    await expect(page.getByTestId('list-items')).toBeVisible();
    await expect(page.getByTestId('form-outcome-live')).toHaveText(w.addedToList);
  });
}

test('the order status region speaks Spanish on a Spanish page', async ({ page }) => {
  test.setTimeout(90_000);
  const { orderNumber } = await placeDeliveryOrder(page, 'Estado');
  await page.goto(`/account/order-summary.html?orderNumber=${orderNumber}&lng=es`);
  await expect(page.getByTestId('order-status-live')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('order-status-live')).toHaveText('Estado del pedido: Pedido hecho');
});
