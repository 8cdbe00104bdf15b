import { expect, test } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { cloneCustomer } from './support/clone-customer';
import { resolve } from './support/pages';
import { DEMO_PASSWORD, signInOverHttp } from './support/sign-in';

/**
 * The clip, reward and cart actions answer a plain form post (no JavaScript: the browser follows a redirect) and a
 * hydrated page's fetcher (its form adds `answer=json`) differently; the post without the field is redirected
 * back exactly as a form without JavaScript expects.
 */

test('a clip posted without the script field is redirected back to its card, with it answered in JSON', async ({
  page,
  baseURL,
}) => {
  await createAccountOverHttp(page, 'Poster');
  const gallery = await (await page.request.get('/api/offers/gallery?sort=value')).json();
  const offerId = String(gallery.offers[0].id);
  const returnTo = '/foru/coupons-deals.html?sort=value';
  const headers = { Origin: baseURL! };

  const plain = await page.request.post('/foru/clip', {
    form: { intent: 'clip', offerId, returnTo },
    headers,
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(302);
  expect(plain.headers().location).toBe(`${returnTo}#offer-${offerId}`);

  const script = await page.request.post('/foru/clip', {
    form: { intent: 'unclip', offerId, returnTo, answer: 'json' },
    headers,
    maxRedirects: 0,
  });
  expect(script.status()).toBe(200);
  expect(await script.json()).toMatchObject({ ok: true, offerId: Number(offerId), clipped: false });
});

test('a cart add posted without the script field is redirected back with its message, with it answered in JSON', async ({
  page,
  baseURL,
}) => {
  const productId = resolve('{grocery}');
  const headers = { Origin: baseURL! };
  const plain = await page.request.post('/shop/cart', {
    form: { intent: 'add', productId, returnTo: '/shop/search-results.html?q=milk' },
    headers,
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(302);
  expect(plain.headers().location).toBe('/shop/search-results.html?q=milk&cartMessage=add');

  const script = await page.request.post('/shop/cart', {
    form: { intent: 'add', productId, returnTo: '/shop/search-results.html?q=milk', answer: 'json' },
    headers,
    maxRedirects: 0,
  });
  expect(script.status()).toBe(200);
  expect(await script.json()).toMatchObject({ ok: true, intent: 'add', message: 'Added to your cart.' });
});

test('a reward redemption posted without the script field is redirected back to its card, with it answered in JSON', async ({
  page,
  baseURL,
}) => {
  // A copy of the demo customer, whose points these redemptions spend.
  const copy = cloneCustomer(500001, 'Rewardposter');
  await signInOverHttp(page, copy.email, 'Rewardposter', DEMO_PASSWORD);
  const grocery = (await (await page.request.get('/api/rewards/grocery')).json()) as {
    storeRewards: { storeId: string };
    rewards: { id: number }[];
  };
  const rewardId = String(grocery.rewards[0]!.id);
  const storeId = grocery.storeRewards.storeId;
  const returnTo = '/foru/rewards.html';
  const headers = { Origin: baseURL! };

  const plain = await page.request.post('/foru/reward', {
    form: { intent: 'redeem', rewardId, storeId, returnTo },
    headers,
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(302);
  expect(plain.headers().location).toBe(`${returnTo}#reward-${rewardId}`);

  const script = await page.request.post('/foru/reward', {
    form: { intent: 'remove', rewardId, storeId, returnTo, answer: 'json' },
    headers,
    maxRedirects: 0,
  });
  expect(script.status()).toBe(200);
  expect(await script.json()).toMatchObject({ ok: true, rewardId: Number(rewardId), redeemed: false });
});
