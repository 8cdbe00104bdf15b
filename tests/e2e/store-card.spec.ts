import { DEMO_STORE_CARDS } from '~/db/seed/demo-customers';
import { STORE_CARD_NOT_FOUND_MESSAGE } from '~/modules/customers/store-card-words';
import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { expectSignedIn } from './support/sign-in';

/** Each browser project steps up its own demo card, so both find theirs unlinked in the run's fresh database. */
const cardFor = (project: string) => DEMO_STORE_CARDS[project === 'js' ? 1 : 2]!;

async function fillAccount(page: Page, firstName: string, email: string) {
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    ['First name', firstName],
    ['Last name', 'Shopper'],
    ['Email', email],
    ['Mobile phone', '(206) 555-0177'],
    ['Password', 'Fresh-basil-42'],
    ['ZIP code', '98101'],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByText('Have a store card? Keep your points').click();
}

test('a shopper with a store card creates an account that keeps the card’s points and household', async ({
  page,
  browser,
}, testInfo) => {
  const card = cardFor(testInfo.project.name);
  await fillAccount(page, card.firstName, `card-${testInfo.project.name}-${Date.now()}@pantry.test`);
  await page
    .getByLabel('Store card number')
    .fill(`${card.clubCard.slice(0, 4)} ${card.clubCard.slice(4, 8)} ${card.clubCard.slice(8)}`);
  await page.getByLabel('Phone number on the card').fill(card.phone);
  if (testInfo.project.name === 'js') {
    // Leaving the card part looks the card up and greets its holder before the form is sent.
    await page.getByLabel('ZIP code').focus();
    await expect(page.getByTestId('store-card-lookup')).toHaveText(
      `Welcome back, ${card.firstName}! Your points come with your new account.`,
    );
  }
  expect(await axeViolations(page, browser, testInfo)).toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('notice')).toHaveText('Account successfully created! You are now signed in.');
  await expectSignedIn(page, card.firstName);

  await page.goto('/foru/rewards.html');
  const history = page.getByTestId('rewards-history');
  await expect(history).toContainText('Points from your store card');
  await expect(history).toContainText(`+${card.points.toLocaleString('en-US')}`);
});

test('a store card number with the wrong phone is refused on its field, and the account is not made', async ({
  page,
}, testInfo) => {
  const card = DEMO_STORE_CARDS[0]!;
  const email = `wrong-card-${testInfo.project.name}-${Date.now()}@pantry.test`;
  await fillAccount(page, 'Alex', email);
  await page.getByLabel('Store card number').fill(card.clubCard);
  await page.getByLabel('Phone number on the card').fill('2065550000');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#clubCard-error')).toHaveText(STORE_CARD_NOT_FOUND_MESSAGE);
  await expect(page.getByLabel('Store card number')).toHaveValue(card.clubCard);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page).toHaveURL(/\/account\/create-account\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
});
