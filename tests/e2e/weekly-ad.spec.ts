import { expect, test } from './support/test';
import { addToCart } from './support/cart';

/** The weekly ad (docs/decisions/0109-weekly-ad.md), with JavaScript on and off. */
test('the home page leads to the weekly ad; a department narrows it and a deal goes to the cart at its sale price', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: "This week's ad" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly ad' })).toBeVisible();
  await expect(page.getByTestId('ad-dates')).toHaveText(/^Prices valid Wed, \w{3} \d{1,2} – Tue, \w{3} \d{1,2}$/);
  const departments = page.getByRole('navigation', { name: 'Weekly ad departments' });
  await expect(departments.getByRole('link', { name: /^All departments \(\d+\)$/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  expect(await sections.count()).toBeGreaterThan(1);

  const department = departments.getByRole('link').nth(1);
  const name = (await department.innerText()).trim();
  await department.click();
  await expect(department).toHaveAttribute('aria-current', 'page');
  await expect(sections).toHaveText([name]);

  // A sale-price deal: its card shows the regular price struck through and what it saves.
  const deal = page.getByTestId('ad-deal').filter({ hasText: 'Save $' }).first();
  const salePrice = (await deal.locator('.price').innerText()).split(/\s/)[0]!;
  const productName = await deal.getByRole('heading', { level: 3 }).innerText();
  await addToCart(deal);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/shop/cart.html');
  const line = page.locator('li').filter({ hasText: productName }).first();
  await expect(line).toContainText('Weekly ad');
  await expect(line).toContainText('You save');
  expect(salePrice).toMatch(/^\$\d+\.\d{2}$/);
});

test('the printable list shows every deal as a table without pictures or buttons', async ({ page }) => {
  await page.goto('/shop/weekly-ad.html');
  const cards = await page.getByTestId('ad-deal').count();
  await page.getByRole('link', { name: 'Printable list' }).click();
  await expect(page).toHaveURL(/view=print/);
  const tables = page.getByRole('table');
  // With JavaScript the address changes a moment before the new page is drawn: wait for it before counting.
  await expect(tables.nth(1)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(cards + (await tables.count()));
  await expect(page.getByRole('button', { name: /^(Add to cart|Adding…|Add another): / })).toHaveCount(0);
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the ad' }).click();
  await expect(page.getByTestId('ad-deal')).toHaveCount(cards);
});

test('a department the ad does not know is a clear message, not an error', async ({ page }) => {
  const answer = await page.goto('/shop/weekly-ad.html?department=%3Cscript%3E');
  expect(answer?.status()).toBe(400);
  await expect(page.getByText('That department is not one we know. Choose one from the weekly ad.')).toBeVisible();
  await page.goto('/shop/weekly-ad.html?department=nosuchdepartment');
  await expect(page.getByTestId('ad-empty')).toHaveText(/No deals in that department this week/);
});
