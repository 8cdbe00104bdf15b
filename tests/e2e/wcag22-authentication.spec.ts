import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { walkPages } from './support/pages';
import { addToCart } from './support/cart';
import { placeDeliveryOrder } from './support/orders';

/**
 * WCAG 2.2 SC 3.3.8 Accessible Authentication (Minimum), SC 3.3.7 Redundant Entry and SC 2.5.7 Dragging Movements.
 * Every password and one-time-code field names its autocomplete token (current-password, new-password,
 * one-time-code), so a password manager or the platform can fill it, and takes a paste (no handler cancels the paste
 * event); sign-in offers a passkey; no sign-in step is a cognitive test (no CAPTCHA, puzzle or challenge). At
 * checkout a saved address is chosen, not typed again. No walked page has anything to drag (draggable elements,
 * drag handlers): lists reorder with up and down buttons. With JavaScript on, where a paste handler would run.
 */

const SECRET_FIELDS = 'input[type=password], input[autocomplete=one-time-code], input[name=code]';
const TOKENS = ['current-password', 'new-password', 'one-time-code'];

/** Runs in the page: what is wrong with each password or code field (no field: an empty list and a count of 0). */
function secretFieldFaults({ selector, tokens }: { selector: string; tokens: string[] }) {
  const fields = Array.from(document.querySelectorAll<HTMLInputElement>(selector));
  const faults: string[] = [];
  for (const field of fields) {
    const name = field.name || field.id;
    const token = field.getAttribute('autocomplete') ?? '';
    if (!tokens.includes(token)) faults.push(`${name}: autocomplete "${token}"`);
    if (field.hasAttribute('onpaste')) faults.push(`${name}: an onpaste attribute`);
    const data = new DataTransfer();
    data.setData('text/plain', 'Pasted-secret-1');
    const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    field.dispatchEvent(paste);
    if (paste.defaultPrevented) faults.push(`${name}: the paste is cancelled`);
  }
  const challenge = Array.from(document.querySelectorAll('iframe, [id], [class], [name]')).find(
    (el) =>
      el.tagName === 'IFRAME' ||
      /captcha|puzzle|challenge/i.test(`${el.id} ${el.getAttribute('class') ?? ''} ${el.getAttribute('name') ?? ''}`),
  );
  if (challenge) faults.push(`a cognitive test: <${challenge.tagName.toLowerCase()}>`);
  return { count: fields.length, faults };
}

async function expectSecretFieldsFine(page: Page, expected: number) {
  const { count, faults } = await page.evaluate(secretFieldFaults, { selector: SECRET_FIELDS, tokens: TOKENS });
  expect(faults).toEqual([]);
  expect(count, 'password and code fields').toBe(expected);
}

test('the field check finds a paste refused and a password without its token', async ({ page }) => {
  await page.setContent(`<form><input type="password" name="p" autocomplete="off" onpaste="return false">
    <input name="code" autocomplete="one-time-code"></form>`);
  const { faults } = await page.evaluate(secretFieldFaults, { selector: SECRET_FIELDS, tokens: TOKENS });
  expect(faults).toEqual(['p: autocomplete "off"', 'p: an onpaste attribute', 'p: the paste is cancelled']);
});

test('sign-in takes a pasted password or code, and offers a passkey', async ({ page }) => {
  await page.goto('/account/sign-in.html');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await page.getByLabel('Email').fill('jordan@pantry.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expectSecretFieldsFine(page, 1);
  await page.getByRole('button', { name: 'Email me a one-time code instead' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await expectSecretFieldsFine(page, 1);
});

test('creating an account, confirming a password and changing it take pasted passwords', async ({ page }) => {
  await page.goto('/account/create-account.html');
  await expectSecretFieldsFine(page, 1);
  await createAccountOverHttp(page, 'Pastetest');
  await page.goto('/account/security.html');
  await expect(page.getByLabel('Repeat new password')).toBeVisible();
  await expectSecretFieldsFine(page, 2);
  await page.goto('/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html');
  await expectSecretFieldsFine(page, 1);
});

test('a second checkout offers the address and card given at the first, instead of asking again', async ({ page }) => {
  test.setTimeout(90_000);
  await placeDeliveryOrder(page, 'Secondorder');
  await page.goto('/');
  await addToCart(page.getByTestId('add-to-cart').first());
  await page.goto('/shop/checkout.html');
  await expect(page.locator('input[type=radio][name=addressId]:checked')).toHaveCount(1);
  await expect(page.getByText('12 Elm St')).toBeVisible();
  await expect(page.getByText('Visa ending in 1111')).toBeVisible();
});

/** Runs in the page: elements that can be dragged or that listen for a drag. */
function draggables(): string[] {
  return Array.from(document.querySelectorAll('[draggable=true], [ondragstart], [ondrag], [ondrop]')).map(
    (el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`,
  );
}

walkPages({
  title: '2.5.7 nothing to drag, 3.3.8 password and code fields',
  check: async (page) => {
    expect(await page.evaluate(draggables)).toEqual([]);
    const { faults } = await page.evaluate(secretFieldFaults, { selector: SECRET_FIELDS, tokens: TOKENS });
    expect(faults).toEqual([]);
  },
});

test('no component listens for a drag or a pointer path', () => {
  const files = readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  expect(files.length).toBeGreaterThan(100);
  const dragging = files.filter((file) =>
    /\b(draggable|onDrag\w*|onDrop|onPointerMove|onTouchMove)\b|'(dragstart|pointermove|touchmove)'/.test(
      readFileSync(path.join('app', file), 'utf8'),
    ),
  );
  expect(dragging).toEqual([]);
});
