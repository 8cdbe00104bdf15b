import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { ageSignIn } from './support/elevation';
import { expectSignedIn, signInOverHttp, signInWithPassword } from './support/sign-in';

const PASSWORD = 'Fresh-basil-42';

/** Chromium's virtual authenticator (CDP): a platform passkey with user verification. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function confirmPassword(page: Page, password = PASSWORD) {
  await expect(page).toHaveURL(/\/account\/confirm-password\.html\?goto=/);
  // The address can change a moment before the page that belongs to it has rendered.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your password' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

async function signOut(page: Page) {
  await page.goto('/account/overview.html');
  await page.getByRole('button', { name: 'Sign out' }).click();
  if (test.info().project.name === 'nojs') await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
}

test('a passkey is enrolled after confirming the password, signs the customer in, and can be removed', async ({
  page,
  baseURL,
}) => {
  test.skip(
    test.info().project.name === 'nojs',
    'a passkey needs JavaScript (the nojs test checks what the page says)',
  );
  const authenticator = await addVirtualAuthenticator(page);
  await createAccountOverHttp(page, 'Paula');
  // The account was made over 10 minutes ago as far as the token says: the confirm step is due.
  await ageSignIn(page.context(), baseURL!, 11);

  await page.goto('/account/security.html');
  await expect(page.getByRole('heading', { name: 'Sign-in & security' })).toBeVisible();
  await expect(page.getByTestId('confirm-notice')).toBeVisible();
  await expect(page.getByTestId('no-passkeys')).toBeVisible();
  await page.getByRole('link', { name: 'Confirm your password to add a passkey' }).click();
  await confirmPassword(page);

  await expect(page).toHaveURL(/\/account\/security\.html$/);
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);
  await page.getByLabel('Name (optional)').fill('Test laptop');
  const createCall = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/customers\/[^/]+\/factors$/.test(request.url()),
  );
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Passkey “Test laptop” added');
  // The factor call carries the service headers (decision 0085), and the answer echoes its correlation id.
  const sent = await createCall;
  expect(sent.headers()).toMatchObject({
    'x-banner': 'greenleaf',
    'x-client-id': 'web-portal',
    'pantry-subscription-key': expect.stringMatching(/.{16,}/),
    accept: expect.stringContaining('application/vnd.pantry.v2+json'),
  });
  const answered = await sent.response();
  expect(answered!.headers()['x-correlation-id']).toBe(sent.headers()['x-correlation-id']);
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Test laptop');
  await expect(passkeys).toContainText('Not used yet');
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
  const countAtEnrolment = stored[0]!.signCount;

  await signOut(page);
  await page.goto('/account/sign-in.html?goto=%2Faccount%2Fsecurity.html');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/account\/security\.html$/);
  await expectSignedIn(page, 'Paula');
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(countAtEnrolment);
  await expect(passkeys).toContainText('Last used');

  // A passkey sign-in is an elevated sign-in: removing needs no password now.
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);
  await passkeys.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await expect(page.getByRole('status')).toContainText('The passkey was removed.');
  await expect(page.getByTestId('no-passkeys')).toBeVisible();

  // The server forgot it: the authenticator still offers it, and the sign-in is refused.
  await signOut(page);
  await page.goto('/account/sign-in.html');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText("We couldn't sign you in with that passkey");
});

test('the password is changed from the security page after the confirm step', async ({ page, baseURL }) => {
  const email = await createAccountOverHttp(page, 'Petra');
  await ageSignIn(page.context(), baseURL!, 11);
  await page.goto('/account/security.html');
  await expect(page.getByTestId('confirm-notice')).toBeVisible();
  if (test.info().project.name === 'nojs') {
    await expect(page.getByTestId('passkey-needs-js')).toHaveText(
      'Adding a passkey needs JavaScript, which is turned off in this browser. You can keep signing in with your password, and change it below.',
    );
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  }

  const changePassword = async (password: string) => {
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat new password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
  };
  await changePassword('Ripe-mango-77');
  await confirmPassword(page, 'not-my-password-1');
  await expect(page.getByRole('alert')).toHaveText("That password isn't right. Please try again.");
  await confirmPassword(page);
  await expect(page).toHaveURL(/\/account\/security\.html$/);
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);

  await changePassword('Ripe-mango-77');
  await expect(page.getByRole('status')).toHaveText(
    'Your password was changed. You were signed out on your other devices.',
  );

  await signOut(page);
  await signInWithPassword(page, email, { password: PASSWORD });
  await expect(page.getByRole('alert')).toContainText("That email and password don't match our records.");
  await page.goto('/account/sign-in.html');
  await signInWithPassword(page, email, { password: 'Ripe-mango-77' });
  await expectSignedIn(page, 'Petra');
});

test('the security page is for signed-in customers only', async ({ page }) => {
  await page.goto('/account/security.html');
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?goto=%2Faccount%2Fsecurity\.html/);
  await signInWithPassword(page, 'jordan@pantry.test');
  await expect(page).toHaveURL(/\/account\/security\.html$/);
  // A fresh password sign-in is elevated for 10 minutes: no confirm step.
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible();
});

test('a silent sign-on on another banner host is not an elevated sign-in: the email change asks for the password', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const email = await createAccountOverHttp(page, 'Sunny');
  const sunridge = `http://sunridge.localhost:${port}`;
  await page.goto(`${sunridge}/account/security.html`);
  await expect(page).toHaveURL(`${sunridge}/account/security.html`);
  await expect(
    page.getByText('A passkey works only on the site where you made it (sunridge.localhost).'),
  ).toBeVisible();
  await expect(page.getByTestId('confirm-notice')).toBeVisible();

  await page.getByLabel('New email').fill('jordan@pantry.test');
  await page.getByRole('button', { name: 'Change email' }).click();
  await confirmPassword(page);
  await expect(page).toHaveURL(`${sunridge}/account/security.html`);
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);
  await page.getByLabel('New email').fill('jordan@pantry.test');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('alert')).toHaveText('That email address already belongs to another account.');
  await expect(page.getByText(`You sign in with ${email}`)).toBeVisible();

  const next = email.replace('@', '.new@');
  await page.getByLabel('New email').fill(next);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your email address is now ${next}.`);
  await expect(page.getByText(`You sign in with ${next}`)).toBeVisible();
});

test('the security and confirm-password pages have no accessibility violations', async ({
  page,
  browser,
}, testInfo) => {
  await signInOverHttp(page, 'bartholomew@pantry.test', 'Bartholomew');
  await page.goto('/account/security.html');
  await expect(page.getByRole('heading', { name: 'Sign-in & security' })).toBeVisible();
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  await page.goto('/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html');
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
});
