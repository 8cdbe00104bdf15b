import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Pantry-demo-2026';

/** Signs in through the real pages (email step, password step), from wherever the page is. */
export async function signInWithPassword(
  page: Page,
  email: string,
  options: { remember?: boolean; password?: string } = {},
) {
  if (!page.url().includes('/account/sign-in.html')) await page.goto('/account/sign-in.html');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(options.password ?? DEMO_PASSWORD);
  if (options.remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectSignedIn(page: Page, firstName: string) {
  await expect(page.getByTestId('greeting')).toContainText(`Hi, ${firstName}`);
}
