import { expect, type Page } from '@playwright/test';

/** Creates a fresh customer through the real page (signed in afterwards), so a test owns its data. */
export async function createAccount(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${test_id()}@pantry.test`;
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    ['First name', firstName],
    ['Last name', 'Tester'],
    ['Email', email],
    ['Mobile phone', '2065550100'],
    ['Password', 'Fresh-basil-42'],
    ['ZIP code', '98101'],
  ] as const)
    await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('greeting')).toContainText(`Hi, ${firstName}`);
  // The first signed-in page shows the onboarding modal once; close it so it does not cover the page.
  const onboarding = page.getByTestId('onboarding-modal');
  if (await onboarding.isVisible()) await onboarding.getByRole('link', { name: 'Start shopping' }).click();
  return email;
}

function test_id() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
