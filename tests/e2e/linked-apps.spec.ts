import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { analyze } from './support/axe';
import { signInWithPassword } from './support/sign-in';

/**
 * Linking the assistant to an account (decision 0066): the identity provider's consent page comes
 * before any code, and the account's linked-apps page lists the link and revokes it. Each test owns a
 * fresh customer, so the list holds only its own link.
 */
const CONSENT_HEADING = 'Link Pantry Assistant to your Pantry account?';

async function startLinking(page: Page, baseURL: string, email: string, state: string) {
  // The assistant's link opens the sign-in page, which a signed-in customer does not see: start signed out.
  await page.context().clearCookies();
  const query = new URLSearchParams({
    client_id: 'pantry-assistant',
    redirect_uri: `${baseURL}/dev/assistant`,
    scope: 'openid profile offline_access',
    state,
  });
  await page.goto(`/account/sign-in.html?${query}`);
  await signInWithPassword(page, email, { password: 'Fresh-basil-42' });
  await expect(page.getByRole('heading', { name: CONSENT_HEADING })).toBeVisible();
}

test('the assistant is linked only when the customer allows it, then listed and revoked under linked apps', async ({
  page,
  baseURL,
}) => {
  const email = await createAccountOverHttp(page, 'Linus');
  await startLinking(page, baseURL!, email, 'link-allow');
  await expect(page.getByRole('heading', { name: 'Pantry Assistant will get' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText([
    'know it is you (your Pantry account number)',
    'your name, customer number, household number and club card number',
    'stay linked when you are away (offline access)',
  ]);
  if (test.info().project.name === 'js') expect(await analyze(page)).toEqual([]);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dev\/assistant\?code=[^&]+&state=link-allow/);

  await page.goto('/account/security.html');
  await page.getByRole('link', { name: 'See and revoke linked apps' }).click();
  await expect(page).toHaveURL(/\/account\/linked-apps\.html$/);
  const linked = page.getByTestId('linked-app');
  await expect(linked).toHaveCount(1);
  await expect(linked.getByRole('heading', { name: 'Pantry Assistant' })).toBeVisible();
  await expect(linked).toContainText('stay linked when you are away (offline access)');

  await page.getByRole('button', { name: 'Revoke Pantry Assistant' }).click();
  await expect(page.getByRole('status')).toHaveText('The app was unlinked. It can no longer reach your account.');
  await expect(page.getByText('No apps are linked to your account.')).toBeVisible();
  await expect(linked).toHaveCount(0);
});

test('a customer who denies sends the assistant access_denied, and nothing is linked', async ({ page, baseURL }) => {
  const email = await createAccountOverHttp(page, 'Dena');
  await startLinking(page, baseURL!, email, 'link-deny');
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/dev\/assistant\?error=access_denied&/);
  await expect(page.getByTestId('assistant-result')).toHaveText('Error: access_denied');
  await expect(page.getByTestId('assistant-state')).toHaveText('link-deny');
  await page.goto('/account/linked-apps.html');
  await expect(page.getByText('No apps are linked to your account.')).toBeVisible();
});
