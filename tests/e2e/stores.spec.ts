import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { readSignedCookie } from './support/cookies';

// The seed's default Greenleaf store: the Seattle metro centre (ZIP 98101), id 1001, every service on.
const DEFAULT_STORE = '1001';

test.describe('choosing a store', () => {
  test('by ZIP code for delivery, landing on the delivery welcome page', async ({ page, context }) => {
    await page.goto('/set-store.html');
    await expect(page.getByRole('heading', { name: 'Choose how you shop' })).toBeVisible();
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByRole('button', { name: 'Find stores' }).click();
    await expect(page.getByRole('heading', { name: /stores? near 98101/ })).toBeVisible();
    const results = page.getByTestId('store-result');
    expect(await results.count()).toBeGreaterThan(0);
    await expect(results.first()).toContainText(/\d+\.\d mi/);
    await results.first().getByRole('button').click();
    await expect(page).toHaveURL(/\/shop\/delivery-welcome\.html$/);
    await expect(page.getByRole('heading', { name: 'Delivery to 98101 is set' })).toBeVisible();
    await expect(page.getByTestId('store-chip')).toContainText('Delivery');
    const session = (await readSignedCookie(context, 'PANTRY_SESSION')) as {
      info: { COMMON: Record<string, unknown> };
    };
    expect(session.info.COMMON).toMatchObject({
      userType: 'G',
      preference: 'Delivery',
      Selection: 'user',
      zipcode: '98101',
      resolvedBy: 'zipcode',
    });
    const cookie = (await context.cookies()).find((c) => c.name === 'PANTRY_SESSION')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  test('for DriveUp & Go pickup', async ({ page }) => {
    await page.goto('/set-store.html?zipcode=98101&preference=Dug');
    await page.getByTestId('store-result').first().getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('store-chip')).toContainText('DriveUp & Go');
  });

  test('shows a clear message for an unknown ZIP code and keeps the current store', async ({ page }) => {
    await page.goto('/set-store.html?zipcode=00000');
    await expect(page.getByRole('alert')).toContainText("We don't recognize the ZIP code 00000");
    await page.goto('/set-store.html?zipcode=12');
    await expect(page.getByRole('alert')).toContainText('Enter a 5-digit ZIP code, like 98101.');
  });

  test('returns to a safe goto after choosing, and ignores an unsafe one', async ({ page }) => {
    await page.goto('/set-store.html?zipcode=98101&preference=J4U&goto=%2Fshop%2Faisles.html');
    await page.getByTestId('store-result').first().getByRole('button').click();
    await expect(page).toHaveURL(/\/shop\/aisles\.html$/);
    await page.goto('/set-store.html?zipcode=98101&preference=J4U&goto=%2F%2Fevil.example');
    await page.getByTestId('store-result').first().getByRole('button').click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});

test.describe('deep links', () => {
  for (const [preference, label, stored] of [
    ['DELIVERY', 'Delivery', 'Delivery'],
    ['pickup', 'DriveUp & Go', 'Dug'],
    ['InStore', 'In-store', 'J4U'],
  ] as const) {
    test(`create a guest session for ${preference} and strip the link parameters`, async ({ page, context }) => {
      await page.goto(`/?storeId=${DEFAULT_STORE}&preference=${preference}&zipcode=98101&utm_source=mail`);
      await expect(page).toHaveURL(/\/\?utm_source=mail$/);
      await expect(page.getByTestId('store-chip')).toContainText(label);
      const session = (await readSignedCookie(context, 'PANTRY_SESSION')) as {
        info: { COMMON: Record<string, unknown> };
      };
      expect(session.info.COMMON).toMatchObject({
        userType: 'G',
        storeId: DEFAULT_STORE,
        preference: stored,
        resolvedBy: 'deeplink',
      });
    });
  }

  test('are ignored when a state parameter is present', async ({ page, context }) => {
    await page.goto(`/?storeId=${DEFAULT_STORE}&preference=PICKUP&state=abc`);
    await expect(page).toHaveURL(/state=abc/);
    await expect(page.getByTestId('store-chip')).toContainText('Choose a store');
    expect((await context.cookies()).find((c) => c.name === 'PANTRY_SESSION')).toBeUndefined();
  });

  test('that fail validation leave the page as it was', async ({ page }) => {
    const response = await page.goto('/?storeId=9999&preference=DELIVERY');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('store-chip')).toContainText('Choose a store');
  });
});

test.describe('consent and the geo address cookie', () => {
  test('is not set without consent to functional cookies', async ({ page, context }) => {
    await page.goto('/set-store.html?zipcode=98101&preference=J4U');
    await page.getByTestId('store-result').first().getByRole('button').click();
    await expect(page.getByTestId('store-chip')).toContainText('In-store');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('PANTRY_GEO_ADDRESS');
  });

  test('is set once the shopper accepts, and pre-fills the store finder', async ({ page, context }) => {
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await page.goto('/set-store.html?zipcode=98101&preference=J4U');
    await page.getByTestId('store-result').first().getByRole('button').click();
    // With JavaScript the chip can update before the page's own redirect to the home page starts; a goto issued
    // in between is interrupted by it, so wait until the shopper has landed.
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByTestId('store-chip')).toContainText('In-store');
    expect((await context.cookies()).map((c) => c.name)).toContain('PANTRY_GEO_ADDRESS');
    await page.goto('/set-store.html');
    await expect(page.getByLabel('ZIP code')).toHaveValue('98101');
  });

  test('"Necessary only" keeps the geo cookie off', async ({ page, context }) => {
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Necessary only' }).click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await page.goto('/set-store.html?zipcode=98101&preference=J4U');
    await page.getByTestId('store-result').first().getByRole('button').click();
    await expect(page.getByTestId('store-chip')).toContainText('In-store');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('PANTRY_GEO_ADDRESS');
  });
});

test('a store of another banner hands the shopper off to that banner host', async ({ page, context, baseURL }) => {
  const port = new URL(baseURL!).port;
  // Greenleaf has no stores in San Francisco; Bayside Grocers delivers there.
  await page.goto('/set-store.html?zipcode=94103&preference=Delivery');
  const bayside = page.getByTestId('store-result').filter({ hasText: 'Bayside Grocers' }).first();
  await expect(bayside).toContainText('Delivered by our sister store Bayside Grocers.');
  await bayside.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`^http://bayside\\.localhost:${port}/set-store/handoff\\?token=`));
  await expect(page.getByRole('heading', { name: 'Welcome to Bayside Grocers' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(`http://bayside.localhost:${port}/`);
  await expect(page.getByTestId('store-chip')).toContainText('Delivery');
  const origin = (await readSignedCookie(context, 'PANTRY_SESSION', baseURL)) as {
    info: { offbanner?: Record<string, unknown> };
  };
  expect(origin.info.offbanner).toMatchObject({ banner: 'bayside', preference: 'Delivery', zipcode: '94103' });
});

test('the aisles page reads the store id from its path and establishes a guest session', async ({ page, context }) => {
  const response = await page.goto(`/shop/aisles.${DEFAULT_STORE}.html`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Aisles at Greenleaf Market/ })).toBeVisible();
  await expect(page.getByText(`Store ${DEFAULT_STORE},`)).toBeVisible();
  await expect(page.getByTestId('store-chip')).toContainText('In-store · Greenleaf Market Seattle');
  expect(await page.getByRole('link', { name: /\d+ items?$/ }).count()).toBeGreaterThan(20);
  const session = (await readSignedCookie(context, 'PANTRY_SESSION')) as { info: { COMMON: Record<string, unknown> } };
  expect(session.info.COMMON).toMatchObject({
    userType: 'G',
    storeId: DEFAULT_STORE,
    preference: 'J4U',
    resolvedBy: 'url',
  });
});

test('the header store chip opens the zipcode dialog with JavaScript, and links to the finder without', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByTestId('store-chip').click();
  if (testInfo.project.name === 'nojs') {
    await expect(page).toHaveURL(/\/set-store\.html$/);
    return;
  }
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('ZIP code').fill('98101');
  await dialog.getByRole('button', { name: 'Find stores' }).click();
  await expect(page).toHaveURL(/\/set-store\.html\?preference=Delivery&zipcode=98101$/);
  await expect(page.getByTestId('store-result').first()).toBeVisible();
});

test('the store finder has no accessibility violations', async ({ page, browser }, testInfo) => {
  await page.goto('/set-store.html?zipcode=98101&preference=Delivery');
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
});
