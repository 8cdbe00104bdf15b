import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { insertPendingOrder, pickingProducts } from '../integration/support/fulfilment';
import { Browser, signIn } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * The private page cache (decision 0027) against two real storefront processes and the real identity
 * provider on one database: a signed-in customer's browsing pages are served again to the same
 * cookies, but a change through either process, a sign-out or a revocation ends them everywhere at
 * once, and nobody else ever gets them.
 */
const JORDAN = 'jordan@pantry.test';
const SAM = 'sam@pantry.test';
const PICKER = { id: 500005, email: 'picker@pantry.test' };
const MANAGER = 'manager@pantry.test';
const PRODUCT = '/shop/product-details.960000001.html';
const SEARCH = '/shop/search-results.html?q=milk';

const cartCount = (html: string) => Number(/aria-label="Cart, (\d+) items?"/.exec(html)?.[1] ?? NaN);
const clipCount = (html: string) => Number(/(\d+)<span class="sr-only"> clipped<\/span>/.exec(html)?.[1] ?? NaN);
const greeting = (html: string) => /Hi, ([^<]+)</.exec(html)?.[1] ?? null;

async function page(browser: Browser, origin: string, path: string) {
  const { response } = await browser.navigate(`${origin}${path}`);
  const html = await response.text();
  return { status: response.status, cache: response.headers.get('x-page-cache'), response, html };
}

/** Loads a page until the process serves it from its private cache (a render leaves it there). */
async function cached(browser: Browser, origin: string, path: string) {
  await page(browser, origin, path);
  const again = await page(browser, origin, path);
  expect(again.cache, `${origin}${path}`).toBe('private-hit');
  return again;
}

function copyOf(browser: Browser): Browser {
  const copy = new Browser();
  for (const [host, cookies] of browser.jar)
    for (const cookie of cookies.values()) copy.setCookie(host, cookie.name, cookie.value, cookie.path);
  return copy;
}

describe.each(DIALECTS)('private page cache on %s, two storefront processes', (dialect) => {
  let stack: Stack;
  let one: string;
  let two: string;
  beforeAll(async () => {
    stack = await startStack(dialect, 2);
    [one, two] = stack.storefronts as [string, string];
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves a customer their own page again, private, with a fresh CSP nonce, never another shopper', async () => {
    const jordan = new Browser();
    await signIn(jordan, one, JORDAN);
    const first = await cached(jordan, two, SEARCH);
    const second = await page(jordan, two, SEARCH);
    expect(second.cache).toBe('private-hit');
    expect(greeting(second.html)).toBe(greeting(first.html));
    expect(greeting(second.html)).not.toBeNull();
    expect(second.response.headers.get('cache-control')).toBe('private, no-store');
    expect(second.response.headers.get('set-cookie')).toBeNull();
    const nonce = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce(second.html)).toBeTruthy();
    expect(nonce(second.html)).not.toBe(nonce(first.html));
    expect(second.response.headers.get('content-security-policy')).toContain(`'nonce-${nonce(second.html)}'`);

    // Another customer on the same process and page gets their own page, never Jordan's.
    const riley = new Browser();
    await signIn(riley, two, SAM);
    const theirs = await page(riley, two, SEARCH);
    expect(theirs.cache).not.toBe('private-hit');
    expect(greeting(theirs.html)).not.toBe(greeting(first.html));
    // Nor does a visitor without cookies, nor one holding only part of Jordan's cookies.
    const anonymous = await page(new Browser(), two, SEARCH);
    expect(anonymous.html).not.toContain(`Hi, ${greeting(first.html)}`);
    const partial = new Browser();
    for (const cookie of jordan.jar.get('localhost')!.values())
      if (cookie.name !== 'PANTRY_USER') partial.setCookie('localhost', cookie.name, cookie.value, cookie.path);
    const withoutToken = await page(partial, two, SEARCH);
    expect(withoutToken.cache).not.toBe('private-hit');
    expect(withoutToken.html).not.toContain(`Hi, ${greeting(first.html)}`);
  });

  it('shows a cart add made through process 1 on the next page from process 2', async () => {
    const browser = new Browser();
    await signIn(browser, one, SAM);
    const before = await cached(browser, two, PRODUCT);
    const added = await browser.post(one, PRODUCT, { intent: 'add-to-cart', productId: '960000001', quantity: '1' });
    expect(added.response.status).toBe(200);
    const after = await page(browser, two, PRODUCT);
    expect(after.cache).toBe('private-miss');
    expect(cartCount(after.html)).toBe(cartCount(before.html) + 1);
    // And the new page is what process 2 keeps from now on.
    expect((await page(browser, two, PRODUCT)).cache).toBe('private-hit');
  });

  it('shows an offer clipped through process 1 on the next page from process 2', async () => {
    const browser = new Browser();
    await signIn(browser, one, JORDAN);
    const coupons = await page(browser, one, '/foru/coupons-deals.html');
    const offerId = [
      ...coupons.html.matchAll(/name="offerId" value="(\d+)"[^]*?name="intent" value="(clip|unclip)"/g),
    ].find((match) => match[2] === 'clip')?.[1];
    expect(offerId, 'an offer to clip on the coupons page').toBeTruthy();
    const before = await cached(browser, two, '/');
    const clipped = await browser.post(one, '/foru/clip', {
      intent: 'clip',
      offerId: offerId!,
      returnTo: '/foru/coupons-deals.html',
    });
    expect(clipped.response.status).toBeLessThan(400);
    const after = await page(browser, two, '/');
    expect(after.cache).toBe('private-miss');
    expect(clipCount(after.html)).not.toBe(clipCount(before.html));
  });

  it('ends cached pages on every process at once when the customer signs out', async () => {
    const browser = new Browser();
    await signIn(browser, one, JORDAN);
    const stolen = copyOf(browser);
    for (const origin of stack.storefronts) await cached(copyOf(stolen), origin, SEARCH);
    await browser.post(two, '/account/sign-out', {});
    for (const origin of stack.storefronts) {
      const after = await page(copyOf(stolen), origin, SEARCH);
      expect(after.cache, origin).not.toBe('private-hit');
      expect(after.html, origin).not.toContain('Hi, Jordan');
    }
  });

  it("ends cached pages on every process at once when the provider revokes the customer's token", async () => {
    const browser = new Browser();
    await signIn(browser, two, SAM);
    for (const origin of stack.storefronts) await cached(copyOf(browser), origin, '/');
    const raw = decodeURIComponent(browser.cookie('localhost', 'PANTRY_USER')!);
    const payload = JSON.parse(
      decodeURIComponent(escape(Buffer.from(raw.slice(0, raw.lastIndexOf('.')), 'base64').toString('binary'))),
    ) as { refreshToken: string };
    const revoked = await fetch(`${stack.idp}/oauth2/v1/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: payload.refreshToken, client_id: 'pantry-storefront' }),
    });
    expect(revoked.status).toBe(200);
    for (const origin of stack.storefronts) {
      const after = await page(copyOf(browser), origin, '/');
      expect(after.cache, origin).not.toBe('private-hit');
      expect(greeting(after.html), origin).not.toBe('Sam');
    }
  });

  it("keeps a picker's queue and pick list until anything at the store moves, through any process", async () => {
    const { db } = stack.database;
    const { store_id: storeId } = await db
      .selectFrom('staff_roles')
      .select('store_id')
      .where('customer_id', '=', PICKER.id)
      .executeTakeFirstOrThrow();
    const products = await pickingProducts(db);
    const [first, second] = products.inAisle;
    const { orderNumber } = await insertPendingOrder(db, {
      customer: { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' },
      storeId,
      lines: [first!, second!].map((product) => ({ productId: product.id, quantity: 1, unitPriceCents: 399 })),
    });
    const queue = `/staff/orders?store=${storeId}`;
    const pickList = `/staff/orders/${orderNumber}?store=${storeId}`;
    const picker = new Browser();
    await signIn(picker, one, PICKER.email);
    const manager = new Browser();
    await signIn(manager, one, MANAGER);

    // Another member of staff changes the order through process 1: the picker's kept pages on process 2 end,
    // although nothing of the picker's own changed.
    const before = await cached(picker, two, queue);
    expect(before.html).toContain(orderNumber);
    expect(before.html).not.toContain('Picker: Dana');
    const claimed = await manager.post(one, queue, { intent: 'claim', orderNumber });
    expect(claimed.response.status).toBe(200);
    const after = await page(picker, two, queue);
    expect(after.cache).toBe('private-miss');
    expect(after.html).toContain('Picker: Dana');

    const toPick = (html: string) => html.split('>To pick</p>').length - 1;
    expect(toPick((await cached(picker, two, pickList)).html)).toBe(2);
    const short = await manager.post(one, pickList, { intent: 'short', productId: String(first!.id) });
    expect(short.response.status).toBe(200);
    const picked = await page(picker, two, pickList);
    expect(picked.cache).toBe('private-miss');
    expect(toPick(picked.html)).toBe(1);

    // A shopper never gets a kept staff page; a revoked role ends the picker's at once.
    const shopper = new Browser();
    await signIn(shopper, two, JORDAN);
    const refused = await page(shopper, two, queue);
    expect(refused.status).toBe(403);
    expect(refused.html).not.toContain(orderNumber);
    await cached(picker, two, queue);
    await db.deleteFrom('staff_roles').where('customer_id', '=', PICKER.id).execute();
    const revoked = await page(picker, two, queue);
    expect(revoked.cache).not.toBe('private-hit');
    expect(revoked.status).toBe(403);
  });

  it('never keeps account pages or data requests', async () => {
    const browser = new Browser();
    await signIn(browser, one, JORDAN);
    for (const path of ['/account/overview.html', '/shop/cart.html', '/?_data=root']) {
      await page(browser, one, path);
      const again = await page(browser, one, path);
      expect(again.cache, path).toBeNull();
    }
  });
});
