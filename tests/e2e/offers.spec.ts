import { expect, test } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { signInOverHttp, signInWithPassword } from './support/sign-in';

const isJs = () => test.info().project.name === 'js';

test('a guest clips an offer: signs in, and comes back to the gallery with the offer clipped', async ({ page }) => {
  const email = await createAccountOverHttp(page, 'Clipper');
  await page.context().clearCookies();

  await page.goto('/foru/coupons-deals.html');
  await expect(page.getByText('Sign in to clip coupons and save them to your card.')).toBeVisible();
  const card = page.getByTestId('offer-card').nth(2);
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Sign in to clip/ }).click();

  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=/);
  await signInWithPassword(page, email, { password: 'Fresh-basil-42' });
  await expect(page).toHaveURL(/\/foru\/coupons-deals\.html#offer-\d+$/);
  // Every card has a status region of its own (empty until it clips with JavaScript): the page's notice has words.
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /\S/ })).toHaveText(`Clipped: ${title}`);
  const clipped = page.getByTestId('offer-card').filter({ hasText: title });
  await expect(clipped.getByRole('button', { name: /Clipped/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('clip-count')).toHaveText('1 clipped');

  await page.goto('/foru/my-list.html');
  await expect(page.getByTestId('my-list-count')).toHaveText('1 clipped offer');
  await expect(page.getByTestId('my-list-offer')).toContainText(title);
});

test('a customer clips and unclips in the gallery, and my list counts what is clipped', async ({ page }) => {
  await createAccountOverHttp(page, 'Saver');
  await page.goto('/foru/coupons-deals.html?sort=value');
  const cards = page.getByTestId('offer-card');
  for (const index of [0, 1]) {
    await cards
      .nth(index)
      .getByRole('button', { name: /Clip coupon/ })
      .click();
    await expect(cards.nth(index).getByRole('button', { name: /Clipped/ })).toBeVisible();
    // With JavaScript the button reads "Clipped" while the clip is still being sent (optimistic); the header's
    // count comes from the server once it is stored. Leaving the page before that cancels the clip.
    await expect(page.getByTestId('clip-count')).toHaveText(`${index + 1} clipped`);
  }
  await page.goto('/foru/my-list.html');
  await expect(page.getByTestId('my-list-count')).toHaveText('2 clipped offers');

  // Unclip from my list: the offer leaves the list and the count follows.
  await page
    .getByTestId('my-list-offer')
    .first()
    .getByRole('button', { name: /Clipped/ })
    .click();
  await expect(page.getByTestId('my-list-count')).toHaveText('1 clipped offer');
  await page.goto('/foru/coupons-deals.html?sort=value');
  await expect(page.getByTestId('offer-card').getByRole('button', { name: /Clipped/ })).toHaveCount(1);
});

test('filters the gallery by words, category and type, and says when nothing matches', async ({ page }) => {
  await page.goto('/foru/coupons-deals.html');
  await page.getByLabel('Offer type').selectOption('Store Coupon');
  await page.getByRole('button', { name: 'Show offers' }).click();
  await expect(page).toHaveURL(/type=Store\+Coupon/);
  await expect(page.getByTestId('offer-card').first()).toContainText('Store Coupon');
  await page.getByLabel('Search offers').fill('zzzz-no-such-offer');
  await page.getByRole('button', { name: 'Show offers' }).click();
  await expect(page.getByText('No offers match.')).toBeVisible();
  const bad = await page.goto('/foru/coupons-deals.html?sort=random');
  expect(bad?.status()).toBe(400);
  await expect(page.getByText('Sort by expiry or value.')).toBeVisible();
});

test('an offer details page shows the offer and the products it applies to, and clips', async ({ page }) => {
  await createAccountOverHttp(page, 'Details');
  await page.goto('/foru/coupons-deals.html');
  const link = page.getByTestId('offer-card').first().getByRole('link');
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/foru\/offer-details\.\d+\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { name: 'Products this offer applies to' })).toBeVisible();
  await page.getByRole('button', { name: /Clip coupon/ }).click();
  await expect(page.getByRole('button', { name: /Clipped/ })).toBeVisible();
  const missing = await page.goto('/foru/offer-details.99999999.html');
  expect(missing?.status()).toBe(404);
});

test('the same offer is shown under the shop, and under b2b only on the business site', async ({ page, baseURL }) => {
  await page.goto('/foru/coupons-deals.html');
  const href = await page.getByTestId('offer-card').first().getByRole('link').getAttribute('href');
  const offerId = /offer-details\.(\d+)\.html/.exec(href!)![1];
  const title = (await page.getByTestId('offer-card').first().getByRole('link').textContent())!.trim();
  await page.goto(`/shop/offer-details.${offerId}.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect((await page.goto(`/b2b/offer-details.${offerId}.html`))?.status()).toBe(404);
  const port = new URL(baseURL!).port;
  const business = await page.goto(`http://business.localhost:${port}/b2b/offer-details.${offerId}.html`);
  expect(business?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('rewards: a customer redeems a reward with points and removes it again', async ({ page }) => {
  // The demo customer has points; each project redeems a different reward so runs never collide.
  const rewardTitle = isJs() ? 'Free bunch of bananas' : 'Free dozen large eggs';
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/foru/rewards.html');
  await expect(page.getByTestId('points-balance')).toHaveText(/^[\d,]+ points$/);
  const card = page.getByTestId('reward-card').filter({ hasText: rewardTitle });
  await card.getByRole('button', { name: /Redeem/ }).click();
  await expect(card.getByRole('button', { name: /Redeemed/ })).toBeVisible();
  await expect(page.getByTestId('rewards-history')).toContainText(`Redeemed: ${rewardTitle}`);
  await card.getByRole('button', { name: /Redeemed/ }).click();
  await expect(card.getByRole('button', { name: /Redeem \d/ })).toBeVisible();
  await expect(page.getByTestId('rewards-history')).toContainText(`Removed: ${rewardTitle}`);
});

test('rewards: a new customer without points is told so, and nothing is redeemed', async ({ page }) => {
  await createAccountOverHttp(page, 'Nopoints');
  await page.goto('/foru/rewards.html');
  await expect(page.getByTestId('points-balance')).toHaveText('0 points');
  const card = page.getByTestId('reward-card').filter({ hasText: 'Free bunch of bananas' });
  await card.getByRole('button', { name: /Redeem/ }).click();
  await expect(card.getByRole('alert')).toHaveText("You don't have enough points for this reward yet.");
  await page.reload();
  await expect(card.getByRole('button', { name: /Redeem 150/ })).toBeVisible();
});

test('the reward details page names its store in the address', async ({ page }) => {
  await page.goto('/foru/rewards.html');
  await page.getByTestId('reward-card').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/foru\/rewards\/[a-z0-9-]+\.\d{1,4}\.html$/);
  await expect(page.getByText(/^Redeem at /)).toBeVisible();
  expect((await page.goto('/foru/rewards/free-bananas.99999.html'))?.status()).toBe(404);
});

test('the offers APIs answer with stable codes', async ({ page, baseURL }) => {
  const anonymous = await page.request.post('/api/offers/clip', {
    data: { offerId: 1 },
    headers: { Origin: baseURL! },
  });
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.code).toBe('SIGN_IN_REQUIRED');
  const gallery = await page.request.get('/api/offers/gallery?sort=value');
  expect(gallery.status()).toBe(200);
  expect(await gallery.json()).toMatchObject({ registered: false, page: 1 });
  expect((await page.request.get('/api/offers/gallery?sort=nope')).status()).toBe(400);

  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  const form = await page.request.post('/api/offers/clip', {
    form: { offerId: '1' },
    headers: { Origin: baseURL! },
  });
  expect(form.status()).toBe(415);
  const unknown = await page.request.post('/api/offers/clip', {
    data: { offerId: 99_999_999 },
    headers: { Origin: baseURL! },
  });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe('OFFER_NOT_FOUND');
  const count = await page.request.get('/api/offers/mylist/count');
  expect((await count.json()).count).toBeGreaterThanOrEqual(0);
  const crossSite = await page.request.post('/api/offers/unclip', {
    data: { offerId: 1 },
    headers: { Origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
});

test('the coupons gallery has no accessibility violations', async ({ page, browser }) => {
  await page.goto('/foru/coupons-deals.html');
  expect(await axeViolations(page, browser, test.info())).toEqual([]);
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/foru/coupons-deals.html');
  expect(await axeViolations(page, browser, test.info())).toEqual([]);
});

test('the points balance refreshes on an open page every rewardSummaryTime', async ({ page, baseURL }) => {
  test.skip(!isJs(), 'the balance refreshes from the page script; without JavaScript it is read on each visit');
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/foru/rewards.html');
  const before = await page.getByTestId('points-balance').textContent();
  const reward = (await (await page.request.get('/api/rewards/grocery')).json()) as {
    storeRewards: { storeId: string };
  };
  // Another tab redeems a fuel reward: the open page catches up without a reload.
  const partner = page.getByTestId('reward-card').filter({ hasText: 'partner stations' });
  const rewardId = Number((await partner.getAttribute('id'))!.replace('reward-', ''));
  const redeemed = await page.request.post('/api/rewards/clip', {
    data: { rewardId, storeId: reward.storeRewards.storeId },
    headers: { Origin: baseURL! },
  });
  expect(redeemed.status()).toBe(200);
  await expect(page.getByTestId('points-balance')).not.toHaveText(before!, { timeout: 15_000 });
  const removed = await page.request.post('/api/rewards/unclip', {
    data: { rewardId, storeId: reward.storeRewards.storeId },
    headers: { Origin: baseURL! },
  });
  expect((await removed.json()).removed).toBe(true);
});

test('a clipped coupon shows as savings on the cart line and in the cart total', async ({ page }) => {
  await createAccountOverHttp(page, 'Savvy');
  const gallery = (await (await page.request.get('/api/offers/gallery?type=Manufacturer+Coupon')).json()) as {
    offers: { id: number; valueLabel: string }[];
  };
  // The smallest amount off, so the saving is the coupon's whole amount (it never exceeds the price).
  const amountOff = (label: string) => Number(/^\$(\d+\.\d{2}) off$/.exec(label)?.[1] ?? Infinity);
  const offer = gallery.offers.reduce((best, candidate) =>
    amountOff(candidate.valueLabel) < amountOff(best.valueLabel) ? candidate : best,
  );
  expect(amountOff(offer.valueLabel)).toBeLessThan(2);
  const saving = offer.valueLabel.replace(' off', '');
  await page.goto(`/foru/offer-details.${offer.id}.html`);
  await page.getByRole('button', { name: /Clip coupon/ }).click();
  await expect(page.getByRole('button', { name: /Clipped/ })).toBeVisible();
  // The button reads "Clipped" while the clip is still being sent (JavaScript); the header counts it once it is
  // stored. Leaving the page before that could cancel the clip, and the cart would show no saving.
  await expect(page.getByTestId('clip-count')).toHaveText('1 clipped');

  // Add a product the coupon covers that the store has in stock.
  const products = await page
    .getByRole('region', { name: 'Products this offer applies to' })
    .locator('a[href^="/shop/product-details."]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  let added = false;
  for (const href of products) {
    await page.goto(href);
    if (!(await page.getByTestId('availability').textContent())?.includes('In stock')) continue;
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('cart-notice')).toHaveText('Added to your cart.');
    added = true;
    break;
  }
  expect(added, 'one of the offer products is in stock').toBe(true);
  await page.goto('/shop/cart.html');
  await expect(page.getByTestId('line-savings')).toContainText(saving);
  await expect(page.getByTestId('cart-savings')).toHaveText(`-${saving}`);
});
