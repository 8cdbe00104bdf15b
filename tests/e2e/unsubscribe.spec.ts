import { createHmac } from 'node:crypto';
import { analyze } from './support/axe';
import { expect, test } from './support/test';

/**
 * The unsubscribe link of a marketing email (decision 0100), opened as a customer would from their mail: no sign-in,
 * a question first, one button, with JavaScript on and off. The link is signed with the e2e server's SESSION_SECRET
 * (scripts/e2e-server.ts), exactly as `unsubscribeUrl` signs it.
 */
const SECRET = 'e2e-secret-not-for-production';
const linkFor = (customerId: number) =>
  `/account/unsubscribe.html?t=${customerId}.${createHmac('sha256', SECRET).update(`unsubscribe:${customerId}`).digest('base64url')}`;

// Each project unsubscribes its own customer: the two share one database.
const CUSTOMER = { js: { id: 500005, email: 'p•••@pantry.test' }, nojs: { id: 500006, email: 'd•••@pantry.test' } };

test('a marketing email link asks, then unsubscribes without a sign-in, and says so again later', async ({ page }) => {
  const customer = CUSTOMER[test.info().project.name === 'js' ? 'js' : 'nojs'];
  const link = linkFor(customer.id);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Stop offers emails?' })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  // axe runs in the page: with JavaScript off, tests/e2e/a11y-pages.spec.ts walks the markup with app scripts blocked.
  if (test.info().project.name === 'js') expect(await analyze(page)).toEqual([]);
  await page.getByTestId('unsubscribe-button').click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-done')).toContainText(customer.email);
  // Following the link again (a second email, a mail scanner) changes nothing and says where things stand.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
});

test('a forged or altered link says it is not valid, with no one named', async ({ page }) => {
  const altered = linkFor(500004).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
  const response = await page.goto(altered);
  expect(response?.status()).toBe(400);
  await expect(page.getByTestId('unsubscribe-error')).toHaveText(
    'This unsubscribe link is not valid. Use the link in your latest email from us.',
  );
  await expect(page.getByText('@pantry.test')).toHaveCount(0);
});
