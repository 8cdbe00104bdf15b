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

/**
 * Signs in with a password over HTTP, as the sign-in page's password step posts it, for tests where being signed
 * in is the starting point and not what is tested (those drive the pages: signInWithPassword). The redirects
 * through the identity provider are followed and their cookies land in the page's context; the page it ends on
 * must greet the customer. Not touched: the page itself, which stays where it was. Main host only: Node's resolver,
 * which the HTTP client uses, does not resolve business.localhost (Chromium does).
 */
export async function signInOverHttp(page: Page, email: string, firstName: string, password = DEMO_PASSWORD) {
  const response = await page.context().request.post('/account/sign-in.html', {
    form: { intent: 'password', email, password, goto: '/' },
  });
  expect(response.status(), `signing ${email} in`).toBe(200);
  expect((await response.text()).replaceAll('<!-- -->', ''), `signing ${email} in`).toContain(`Hi, ${firstName}`);
}
