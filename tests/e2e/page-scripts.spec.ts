import { expect, test, type Page } from './support/test';
import { recordScriptErrors, waitForHydration } from './support/hydration';
import { signInOverHttp } from './support/sign-in';

/**
 * A route module that uses a server-only value at its top level loads in the browser with that
 * value missing, throws, and never hydrates: the page still renders, so only its script errors tell.
 */
const PUBLIC_PAGES = [
  '/',
  '/account/sign-in.html',
  '/account/create-account.html',
  '/account/forgot-password.html',
  '/set-store.html',
  '/shop/aisles.html',
  '/shop/delivery-welcome.html',
  '/foru/coupons-deals.html',
  '/foru/rewards.html',
  '/IAUC408.html',
  '/account/signed-out',
  '/?ml=sign-in',
  '/shop/search-results.html?q=milk',
  '/shop/search-results.html?q=pasta&tab=recipes',
  '/shop/product-details.960000001.html',
  '/shop/brand-index',
  '/shop/vineandcellar/search-results.html?q=red',
  '/shop/marketplace/search-results.html?q=candle',
  '/shop/cross-seller-search-results.html?q=coffee',
  '/shop/cart.html',
  '/shop/slots.html',
  '/shop/slots.html?type=pickup',
  '/shop/delivery-subscription.html',
  '/pharmacy.html',
  '/health/handshake?token=not-a-token',
];
const CUSTOMER_PAGES = [
  '/account/overview.html',
  '/foru/my-list.html',
  '/foru/rewards.html',
  '/foru/coupons-deals.html',
  '/shop/cart.html',
  '/shop/checkout.html',
  '/account/orders.html',
  '/account/order-summary.html?orderNumber=C10000001',
  '/shop/buy-it-again.html',
  '/erums?orderNumber=C10000001',
  '/account/addresses.html',
  '/account/addresses.html?edit=1',
  '/account/pet.html',
  '/shop/delivery-subscription/payment.html?subscriptioncode=MONTHLY',
  '/account/delivery-subscription.html',
  '/pharmacy/create-account.html?newPharmacyAccount=true',
  '/account/profile.html',
  '/account/security.html',
  '/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html',
];

async function scriptErrors(page: Page, paths: string[]) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  // The wait for hydration ends early on a thrown error: a route module that throws never hydrates.
  await recordScriptErrors(page);
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
  }
  return errors;
}

test.describe('page scripts', () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'js', 'there are no page scripts without JavaScript');
  });

  test('load without errors on public pages', async ({ page }) => {
    expect(await scriptErrors(page, PUBLIC_PAGES)).toEqual([]);
  });

  test('load without errors on signed-in pages', async ({ page }) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    expect(await scriptErrors(page, CUSTOMER_PAGES)).toEqual([]);
  });
});
