import { expect, test, type Page } from './support/test';
import { expectSignedIn, signInWithPassword } from './support/sign-in';

/** The enforced CSP must not block anything the pages themselves need. */
const PUBLIC_PAGES = [
  '/',
  '/?ml=sign-in',
  '/shop/search-results.html?q=milk',
  '/shop/product-details.960000001.html',
  '/account/sign-in.html',
  '/account/create-account.html',
  '/shop/cart.html',
  '/foru/coupons-deals.html',
  '/set-store.html',
  '/pharmacy.html',
];
const CUSTOMER_PAGES = [
  '/account/overview.html',
  '/account/security.html',
  '/account/profile.html',
  '/foru/my-list.html',
  '/shop/cart.html',
  '/shop/checkout.html',
];

/** Every CSP violation the browser reports, from the DOM event and from the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(text))
      violations.push(`${page.url()}: ${text}`);
  });
  return violations;
}

async function visit(page: Page, path: string, javaScript: boolean) {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, `${path} sends an enforced CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(response?.headers()['content-security-policy-report-only']).toBeUndefined();
  if (javaScript) {
    // The page's module scripts ran: Remix has hydrated and exposes its router.
    await page.waitForFunction(() => '__remixRouter' in window);
    await page.waitForTimeout(200);
  }
  return csp;
}

test.describe('content security policy', () => {
  test('public pages hydrate with no CSP violation, each with its own nonce', async ({ page }, info) => {
    const javaScript = info.project.name === 'js';
    const violations = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const csp = await visit(page, path, javaScript);
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      nonces.add(nonce);
      // Every inline script and style on the page carries this response's nonce (the browser
      // hides nonce attributes from the DOM, but keeps them readable as a property).
      const unsigned = await page.evaluate(
        (expected) =>
          [...document.querySelectorAll('script:not([src]), style')]
            .filter((element) => (element as HTMLElement).nonce !== expected)
            .map((element) => element.outerHTML.slice(0, 80)),
        nonce,
      );
      expect(unsigned, `${path}: inline elements without the nonce`).toEqual([]);
    }
    expect(nonces.size).toBe(PUBLIC_PAGES.length);
    expect(violations).toEqual([]);
  });

  test('signing in, the passkey page and the signed-in pages run with no CSP violation', async ({ page }, info) => {
    const javaScript = info.project.name === 'js';
    const violations = await watchViolations(page);
    // Sign-in posts here, redirects to the identity provider and back (form-action must allow both).
    await signInWithPassword(page, 'jordan@pantry.test');
    await expectSignedIn(page, 'Jordan');
    for (const path of CUSTOMER_PAGES) await visit(page, path, javaScript);
    await expect(page.getByTestId('greeting')).toContainText('Hi, Jordan');
    expect(violations).toEqual([]);
  });

  test("the banner's colours come in the nonce'd style, the same after hydration and a client-side navigation", async ({
    page,
  }, info) => {
    // The server writes the style text into the root's data; the browser renders that text as it is.
    const style = () => page.evaluate(() => document.head.querySelector('style')?.textContent ?? '');
    const brand = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    await page.goto('/');
    const text = await style();
    expect(text).toMatch(
      /^:root\{--brand:\d+ \d+ \d+;--brand-dark:\d+ \d+ \d+;--brand-soft:\d+ \d+ \d+;--brand-accent:\d+ \d+ \d+\}$/,
    );
    expect(await brand()).toBe(/--brand:([\d ]+);/.exec(text)![1]);
    if (info.project.name === 'js') {
      await page.evaluate(() => {
        (window as unknown as { kept: boolean }).kept = true;
        void (
          window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }
        ).__remixRouter.navigate('/foru/coupons-deals.html');
      });
      await page.waitForURL('**/foru/coupons-deals.html');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    } else {
      await page.goto('/foru/coupons-deals.html');
    }
    expect(await style()).toBe(text);
    expect(await brand()).toBe(/--brand:([\d ]+);/.exec(text)![1]);
  });

  test('a data request carries the policy and the baseline headers too', async ({ request }) => {
    const response = await request.get('/shop/search-results.html?q=milk&_data=root');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).toContain("base-uri 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  });
});
