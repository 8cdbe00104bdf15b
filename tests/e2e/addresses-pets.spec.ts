import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { axeViolations } from './support/axe';
import { signInOverHttp } from './support/sign-in';

/**
 * With JavaScript on, a form used before React hydrates posts natively and the page then hydrates under
 * the test's typing; wait until React owns the form (its fiber is attached) before using it.
 */
async function ready(page: Page, formSelector: string) {
  if (test.info().project.name !== 'js') return;
  await page.waitForFunction(
    (selector) => Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__reactFiber')),
    `${formSelector} form`,
  );
}

test.describe('saved addresses', () => {
  test('a customer adds an address, sees it selected and in user info, and cannot save it twice', async ({
    page,
    browser,
  }, testInfo) => {
    await createAccountOverHttp(page, 'Addie');
    await page.goto('/account/addresses.html');
    await ready(page, '#address-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Your addresses' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Addresses' }),
    ).toBeVisible();
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    const form = page.locator('#address-form');
    await form.getByLabel('Address name').fill('Home');
    await form.getByLabel('Street address').fill('12 Elm St');
    await form.getByLabel('City').fill('Seattle');
    await form.getByLabel('State').selectOption('WA');
    await form.getByLabel('ZIP code').fill('98101-1234');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status')).toHaveText('Address saved.');
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Seattle, WA 98101-1234');
    await expect(cards.first().getByTestId('selected-badge')).toHaveText([
      'Selected for deliveries',
      'Selected for billing',
    ]);
    const info = await (await page.request.get('/api/userinfo')).json();
    expect(info.customer.deliveryAddress).toBe('DELIVERY,12 Elm St,,Seattle,WA,98101,Home');

    // The ZIP code must be in the chosen state; nothing is saved.
    await form.getByLabel('Address name').fill('Cabin');
    await form.getByLabel('Street address').fill('8 Lake Rd');
    await form.getByLabel('City').fill('Seattle');
    await form.getByLabel('State').selectOption('OR');
    await form.getByLabel('ZIP code').fill('98101');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'ZIP code 98101 is not in Oregon. Please check the state and ZIP code.',
    );
    await expect(cards).toHaveCount(1);
    await expect(form.getByLabel('Street address')).toHaveValue('8 Lake Rd');

    // A second address, for deliveries only, not selected yet; then chosen for deliveries.
    await form.getByLabel('State').selectOption('WA');
    await form.getByLabel('Billing').uncheck();
    await form.getByLabel(/Make it my selected address/).uncheck();
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status')).toHaveText('Address saved.');
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Use for deliveries (Cabin)' }).click();
    await expect(page.getByRole('status')).toHaveText('Selected address updated.');
    await expect(cards.first()).toContainText('8 Lake Rd');
    await expect(cards.first().getByTestId('selected-badge')).toHaveText(['Selected for deliveries']);
    const after = await (await page.request.get('/api/userinfo')).json();
    expect(after.customer.deliveryAddress).toBe('DELIVERY,8 Lake Rd,,Seattle,WA,98101,Cabin');

    // The same place again (other case and punctuation) is not a second row.
    await form.getByLabel('Address name').fill('Home again');
    await form.getByLabel('Street address').fill('12 ELM ST.');
    await form.getByLabel('City').fill('seattle');
    await form.getByLabel('State').selectOption('WA');
    await form.getByLabel('ZIP code').fill('98101');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status')).toHaveText('This address is already saved, so we kept the one you have.');
    await expect(cards).toHaveCount(2);

    // Edit, then remove.
    await page.getByRole('link', { name: 'Edit Home' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Home' })).toBeVisible();
    await form.getByLabel('Apartment, suite (optional)').fill('Apt 2');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Address updated.');
    await expect(cards.filter({ hasText: 'Apt 2' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove Home' }).click();
    await expect(page.getByRole('status')).toHaveText('Address removed.');
    await expect(cards).toHaveCount(1);
  });
});

test.describe('pet profiles', () => {
  test('a customer adds, edits and removes a pet on /account/pet.html', async ({ page, browser }, testInfo) => {
    await createAccountOverHttp(page, 'Petra');
    await page.goto('/account/pet.html');
    await ready(page, '#pet-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Your pets' })).toBeVisible();
    await expect(page.getByText('No pet profiles yet.')).toBeVisible();
    expect(await axeViolations(page, browser, testInfo)).toEqual([]);

    const form = page.locator('#pet-form');
    // Bad input: a message, and nothing is added.
    await form.getByLabel('Kind of pet').selectOption('Cat');
    await form.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your pet’s name.');
    await expect(page.getByTestId('pet-card')).toHaveCount(0);

    await form.getByLabel('Name').fill('Mochi');
    await form.getByLabel('Kind of pet').selectOption('Cat');
    await form.getByLabel('Breed (optional)').fill('Siamese');
    await form.getByLabel('Birthday (optional)').fill('2022-09-01');
    await form.getByText('Cat portrait').click();
    await form.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('status')).toHaveText('Pet profile added.');
    const card = page.getByTestId('pet-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Mochi');
    await expect(card).toContainText('Cat · Siamese');
    await expect(card).toContainText('Born September 1, 2022');
    const list = await (await page.request.get('/api/userinfo')).json();
    const pets = await (await page.request.get(`/api/customers/${list.customer.customerId}/pets`)).json();
    expect(pets.pets).toEqual([
      {
        petId: expect.any(Number),
        name: 'Mochi',
        type: 'Cat',
        breed: 'Siamese',
        birthday: '2022-09-01',
        photo: 'pet-cat',
      },
    ]);

    await page.getByRole('link', { name: 'Edit Mochi' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Mochi' })).toBeVisible();
    await form.getByLabel('Breed (optional)').fill('Ragdoll');
    await form.getByText('Paw print').click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Pet profile updated.');
    await expect(card).toContainText('Cat · Ragdoll');

    await page.getByRole('button', { name: 'Remove Mochi' }).click();
    await expect(page.getByRole('status')).toHaveText('Pet profile removed.');
    await expect(page.getByText('No pet profiles yet.')).toBeVisible();
  });

  test("the demo customer's pet Biscuit is listed", async ({ page }) => {
    await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
    await page.goto('/account/pet.html');
    await expect(page.getByTestId('pet-card').filter({ hasText: 'Biscuit' })).toContainText('Dog · Golden Retriever');
  });
});
