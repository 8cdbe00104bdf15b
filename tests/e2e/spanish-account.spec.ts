import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { signInOverHttp } from './support/sign-in';

/**
 * Sign-in and the account pages in Spanish, with and without JavaScript. A demo customer is only ever shown Spanish
 * through `?lng=es`: a switch posted while signed in (or before signing in) would save Spanish to their profile,
 * and every later test signing them in would read Spanish. The switch is tried on accounts the tests create.
 */

async function switchToSpanish(page: Page) {
  await page.locator('header').getByTestId('language-switch').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('the sign-in page speaks Spanish through ?lng=es', async ({ page }) => {
  await page.goto('/account/sign-in.html?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await expect(page).toHaveTitle(/Iniciar sesión/);
});

test('after the switch, a wrong password is refused in Spanish', async ({ page }) => {
  await page.goto('/account/sign-in.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await switchToSpanish(page);
  await expect(page).toHaveURL(/\/account\/sign-in\.html/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('jordan@pantry.test');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Iniciando sesión como')).toBeVisible();
  await page.getByLabel('Contraseña').fill('not-the-password-1');
  await expect(page.getByLabel('Mantener mi sesión iniciada')).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(
    page.getByText('Ese correo electrónico y esa contraseña no coinciden con nuestros registros.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviarme un código de un solo uso por correo' })).toBeVisible();
});

test('repeated wrong passwords are slowed with a Spanish sentence saying how long to wait', async ({ page }) => {
  // An address no one has: the wait is per address and browser, so no other test's sign-in is slowed by it.
  const email = `nadie-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@pantry.test`;
  await page.goto('/account/sign-in.html');
  await switchToSpanish(page);
  let message = '';
  for (let attempt = 0; attempt < 7 && !message.startsWith('Demasiados intentos'); attempt++) {
    await page.goto('/account/sign-in.html');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Contraseña').fill(`no-es-la-clave-${attempt}`);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    message = ((await page.getByRole('alert').textContent()) ?? '').trim();
  }
  expect(message).toMatch(/^Demasiados intentos\. Inténtelo de nuevo en \d+ (segundos?|minutos?)\.$/);
});

test('the create-account page and its refusals speak Spanish', async ({ page }) => {
  await page.goto('/account/create-account.html');
  await switchToSpanish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
  await expect(page.getByLabel('Apellido')).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Escriba su nombre.').first()).toBeVisible();
  await expect(page.getByText('Escriba un correo electrónico válido.').first()).toBeVisible();
});

test('a signed-in demo customer reads the account overview in Spanish through ?lng=es', async ({ page }) => {
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/account/overview.html?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Su cuenta' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Su cuenta' });
  await expect(nav.getByRole('link', { name: 'Resumen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inicio de sesión y seguridad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pedidos recientes' })).toBeVisible();
  await expect(page.getByText('Tarjeta de cliente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page).toHaveTitle(/Su cuenta/);
  // ?lng= is read, never saved: the next page without it is English again.
  await page.goto('/account/overview.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
});

test('a customer who switches to Spanish gets the profile, and its code message, in Spanish', async ({ page }) => {
  const email = await createAccountOverHttp(page, 'Lucia');
  await page.goto('/account/profile.html');
  await switchToSpanish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Su perfil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sus datos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar nombre' })).toBeVisible();
  await page.getByTestId('profile-email').getByRole('button', { name: 'Verificar' }).click();
  await expect(
    page.getByText('Le enviamos un código de 6 dígitos a su correo electrónico. Vence en 10 minutos.'),
  ).toBeVisible();
  // The switch saved Spanish to the profile: the message is written in it.
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  await expect(
    outbox.getByTestId('outbox-message').filter({ hasText: email }).first().getByTestId('outbox-subject'),
  ).toHaveText(/^Su código de verificación es \d{6}$/);
  await outbox.close();
});
