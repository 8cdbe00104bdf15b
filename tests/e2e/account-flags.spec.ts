import { startFlagServer } from './support/flag-server';
import { createAccountOverHttp } from './support/accounts';
import { placeDeliveryOrder } from './support/orders';
import { expect, test, type Page } from './support/test';

/**
 * The account flags off (decision 0092), on a second storefront with its own origin and the e2e identity provider
 * (support/flag-server.ts): enableACIKMSI (no "Keep me signed in"), enableProfileComplete (no prompt to complete the
 * profile) and isReceiptsOnboardEventEnabled (no note on the first order). Their "on" halves are in identity.spec.ts,
 * accounts.spec.ts and orders.spec.ts, on the e2e server where all three are on. With JavaScript on and off.
 */
test.describe('with enableACIKMSI, enableProfileComplete and isReceiptsOnboardEventEnabled off', () => {
  let flagsOff: { origin: string; stop: () => Promise<void> } | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern.
  test.beforeAll(async ({}, testInfo) => {
    flagsOff = await startFlagServer(testInfo, 12, {
      enableACIKMSI: 'false',
      enableProfileComplete: 'false',
      isReceiptsOnboardEventEnabled: 'false',
    });
  });
  test.afterAll(() => flagsOff?.stop());

  test('no keep-me-signed-in choice, no profile prompt, no first-receipt note', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      baseURL: flagsOff!.origin,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    });
    const page = await context.newPage();
    try {
      await page.goto('/account/sign-in.html');
      await page.getByLabel('Email').fill('jordan@pantry.test');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByLabel('Password')).toBeVisible();
      await expect(page.getByLabel('Keep me signed in')).toHaveCount(0);

      // A new customer, all on this storefront: no delivery address yet, and still no prompt to add one; then the
      // first order, and the order page says nothing about where its receipt will be.
      const signUpWithoutPrompt = async (shopper: Page, firstName: string) => {
        const email = await createAccountOverHttp(shopper, firstName);
        await shopper.goto('/account/overview.html');
        await expect(shopper.getByTestId('account-name')).toContainText(firstName);
        await expect(shopper.getByTestId('profile-prompt')).toHaveCount(0);
        return email;
      };
      const { orderNumber } = await placeDeliveryOrder(page, 'Plain', 2, 'delivery', signUpWithoutPrompt);
      await expect(page.getByRole('status')).toContainText(orderNumber);
      await expect(page.getByTestId('receipts-onboarding')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
