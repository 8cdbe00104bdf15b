import { expect, type Page } from '@playwright/test';

/**
 * Creates a fresh customer (signed in afterwards), so a test owns its data: the create-account form is posted over
 * HTTP, as the page posts it, from the page's context, for tests where a new account is the starting point and not
 * what is tested (tests about signing up drive the page: accounts.spec.ts, a11y-pages.spec.ts). The redirects
 * through the identity provider are followed, their cookies land in the context, and the page it ends on must greet
 * the customer. That page also takes the one-time onboarding cookies, as the first page after the form does, so
 * the onboarding modal does not cover the test's next page. The page itself is not touched and stays where it was.
 */
export async function createAccountOverHttp(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${test_id()}@pantry.test`;
  const response = await page.context().request.post('/account/create-account.html', {
    form: {
      goto: '/',
      firstName,
      lastName: 'Tester',
      email,
      phone: '2065550100',
      password: 'Fresh-basil-42',
      zipcode: '98101',
    },
  });
  expect(response.status(), `creating ${email}`).toBe(200);
  expect(new URL(response.url()).pathname, `creating ${email}`).toBe('/');
  // The greeting in either language: a browser that asks for Spanish signs up in Spanish.
  expect((await response.text()).replaceAll('<!-- -->', ''), `creating ${email}`).toMatch(
    new RegExp(`(Hi|Hola), ${firstName}`),
  );
  return email;
}

function test_id() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
