import { expect, test, type Page } from './support/test';
import { createAccountOverHttp } from './support/accounts';
import { signInOverHttp } from './support/sign-in';

/**
 * The pharmacy and the health dashboard in Spanish, with and without JavaScript. The demo customer is shown Spanish
 * through `?lng=es` only (a switch would save Spanish to their profile); the switch is tried on an account the test
 * creates, so that the pages reached through redirects (the handshake, the saved form) speak Spanish too.
 */

async function switchToSpanish(page: Page) {
  await page.locator('header').getByTestId('language-switch').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('the pharmacy page and its services speak Spanish through ?lng=es', async ({ page }) => {
  await page.goto('/pharmacy.html?lng=es');
  await expect(page).toHaveTitle(/Farmacia/);
  await expect(page.getByRole('heading', { level: 1, name: 'Su farmacia, junto a sus comestibles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Panel de salud' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inicie sesión para ver sus recetas' })).toBeVisible();
  for (const service of ['Resurtido de recetas', 'Transferencias de recetas gratis', 'Pregunte a un farmacéutico'])
    await expect(page.getByRole('heading', { name: service })).toBeVisible();
  await expect(page.getByText('Prescription refills')).toHaveCount(0);
});

test("a demo customer's prescriptions, their statuses and refills in Spanish", async ({ page }) => {
  await signInOverHttp(page, 'jordan@pantry.test', 'Jordan');
  await page.goto('/pharmacy.html?lng=es');
  const handshakes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/health/handshake?token=')) handshakes.push(request.url());
  });
  await page.getByRole('button', { name: 'Abrir su panel de salud' }).click();
  await expect(page).toHaveURL(/\/health\/dashboard\.html$/);
  // The health session outlives the page: the same dashboard, asked for in Spanish.
  await page.goto('/health/dashboard.html?lng=es');
  await expect(page).toHaveTitle(/Panel de salud/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de salud de Jordan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recetas' })).toBeVisible();
  // The medicines and their directions are the pharmacy's own words; the page's words around them are Spanish.
  const atorvastatin = page.getByTestId('prescription').filter({ hasText: 'Atorvastatin 20 mg tablet' });
  await expect(atorvastatin).toContainText('Lista para recoger');
  await expect(atorvastatin).toContainText('Le quedan 3 resurtidos');
  await expect(atorvastatin).toContainText(/último surtido: .*\d{4}/);
  const lisinopril = page.getByTestId('prescription').filter({ hasText: 'Lisinopril 10 mg tablet' });
  await expect(lisinopril).toContainText('Toca resurtir');
  await expect(lisinopril).toContainText('Le queda 1 resurtido');
  await expect(page.getByTestId('prescription').filter({ hasText: 'Cetirizine' })).toContainText('Sin resurtidos');
  await expect(page.getByRole('button', { name: 'Salir del panel de salud' })).toBeVisible();

  expect(handshakes).toHaveLength(1);
  const replay = await page.goto(`${handshakes[0]!}&lng=es`);
  expect(replay?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya se usó' })).toBeVisible();
  await expect(page.getByTestId('handshake-refused')).toHaveText(
    'Cada enlace a su panel de salud lo abre una sola vez. Empiece de nuevo desde la página de la farmacia.',
  );
  await expect(page.getByRole('link', { name: 'Empezar de nuevo' })).toBeVisible();
});

test('a tampered handshake link and an ended health session are explained in Spanish', async ({ page }) => {
  const tampered = await page.goto('/health/handshake?token=eyJhbGciOiJIUzI1NiJ9.e30.tampered&lng=es');
  expect(tampered?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos abrir su panel de salud' })).toBeVisible();
  await expect(page.getByTestId('handshake-refused')).toHaveText(
    'Este enlace no es válido. Empiece de nuevo desde la página de la farmacia.',
  );
  const ended = await page.goto('/health/dashboard.html?lng=es');
  expect(ended?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Su sesión de salud terminó' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('solo se abre desde la página de la farmacia');
});

test('a new customer sets up a pharmacy account in Spanish, refused once, then opens an empty dashboard', async ({
  page,
}) => {
  await createAccountOverHttp(page, 'Paciente');
  await page.goto('/pharmacy.html');
  await switchToSpanish(page);
  await page.getByRole('link', { name: 'Configurar su cuenta de farmacia' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/create-account\.html\?newPharmacyAccount=true/);
  await expect(page).toHaveTitle(/Cuenta de farmacia/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear su cuenta de farmacia' })).toBeVisible();
  await expect(page.getByText('Inició sesión como Paciente.')).toBeVisible();
  await page.getByLabel('Fecha de nacimiento').fill('1992-06-30');
  await expect(page.getByLabel('Alergias (opcional)')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar cuenta de farmacia' }).click();
  await expect(page.getByRole('alert')).toHaveText('Acepte el aviso de privacidad de la farmacia para continuar.');
  await page.getByLabel('Fecha de nacimiento').fill('1992-06-30');
  await page.getByLabel(/^Acepto el aviso de privacidad de la farmacia/).check();
  await page.getByRole('button', { name: 'Guardar cuenta de farmacia' }).click();
  await expect(page).toHaveURL(/\/pharmacy\.html\?ready=1/);
  await expect(page.getByRole('status')).toHaveText('Su cuenta de farmacia está lista.');
  await page.getByRole('button', { name: 'Abrir su panel de salud' }).click();
  await expect(page).toHaveURL(/\/health\/dashboard\.html$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de salud de Paciente' })).toBeVisible();
  await expect(page.getByTestId('rx-empty')).toContainText('Todavía no tiene recetas.');

  await page.goto('/pharmacy/create-account.html');
  await expect(page.getByTestId('pharmacy-ready')).toHaveText('Paciente, su cuenta de farmacia está lista.');
  await expect(page.getByRole('link', { name: 'Seguir comprando comestibles' })).toBeVisible();
});
