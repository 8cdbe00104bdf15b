import { axeViolations } from './support/axe';
import { contentLink } from './support/content-link';
import { expect, test } from './support/test';

/**
 * A content editor opens the link `npm run content:link` prints, sees the storefront as of that moment (a preview bar,
 * the draft home hero, an offer not yet started), and leaves the mode: the draft is gone. JavaScript on and off.
 */
const inElevenDays = () => new Date(Date.now() + 11 * 86_400_000);

test('an editor previews a not yet started offer and the draft home hero, then leaves the preview', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/foru/coupons-deals.html?q=Coming+soon');
  await expect(page.getByTestId('offer-card')).toHaveCount(0);
  await expect(page.getByTestId('preview-bar')).toHaveCount(0);

  await page.goto(contentLink(baseURL!, 'preview', inElevenDays()).replace(baseURL!, ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preview the storefront');
  await page.getByRole('button', { name: 'Open preview mode' }).click();

  await expect(page).toHaveURL(/\/$/);
  const bar = page.getByTestId('preview-bar');
  await expect(bar).toContainText('you are seeing the storefront as of');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holiday baking, sorted');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(page, page.context().browser()!, testInfo)).toEqual([]);

  await page.goto('/foru/coupons-deals.html?q=Coming+soon');
  const draft = page.getByTestId('offer-card').filter({ hasText: 'Coming soon:' });
  await expect(draft).toHaveCount(1);
  await expect(draft.getByTestId('offer-content-note')).toHaveText('Not yet live');
  expect(await axeViolations(page, page.context().browser()!, testInfo)).toEqual([]);

  await bar.getByRole('button', { name: 'Leave preview' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('preview-bar')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh groceries, your way');
  await page.goto('/foru/coupons-deals.html?q=Coming+soon');
  await expect(page.getByTestId('offer-card')).toHaveCount(0);
});

test('author mode names the content on the page', async ({ page, baseURL }) => {
  await page.goto(contentLink(baseURL!, 'author', inElevenDays()).replace(baseURL!, ''));
  await page.getByRole('button', { name: 'Open author mode' }).click();
  await expect(page.getByTestId('preview-bar')).toContainText('Author mode');
  await expect(page.getByTestId('content-id')).toHaveText(/^Home hero content #\d+ \(draft\)$/);
  await page.goto('/foru/coupons-deals.html?q=Coming+soon');
  await expect(page.getByTestId('offer-content-note')).toHaveText(/^Offer #\d+ · draft, not yet live$/);
  await page.getByRole('button', { name: 'Leave author mode' }).click();
  await expect(page.getByTestId('content-id')).toHaveCount(0);
});

test('a forged link opens nothing: a clear message, and the storefront as it is', async ({ page }) => {
  const response = await page.goto('/content/mode?token=eyJhbGciOiJIUzI1NiJ9.eyJtb2RlIjoicHJldmlldyJ9.forged');
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('content-link-error')).toHaveText(
    'This preview link was not issued by Pantry. Ask for a new link.',
  );
  await page.goto('/');
  await expect(page.getByTestId('preview-bar')).toHaveCount(0);
});

test.describe('in Spanish', () => {
  // An editor whose browser asks for Spanish: every page of the walk answers in it, the link page included.
  test.use({ locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es' } });

  test('the link page, the preview bar and a refused link speak Spanish', async ({ page, baseURL }) => {
    await page.goto(contentLink(baseURL!, 'preview', inElevenDays()).replace(baseURL!, ''));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(/Vista previa del contenido/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ver una vista previa de la tienda');
    await expect(
      page.getByText(
        /^Las páginas mostrarán la tienda tal como se ve el .+ UTC, con las ofertas que aún no están activas, hasta que salga del modo de vista previa\. Los compradores no ven esto\.$/,
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Abrir el modo de vista previa' }).click();

    await expect(page).toHaveURL(/\/$/);
    const bar = page.getByRole('region', { name: 'Modo de vista previa' });
    await expect(bar).toContainText(/^Vista previa: está viendo la tienda tal como se ve el .+ UTC, con las ofertas/);
    await page.goto('/content/mode');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('El modo de vista previa está activado');
    await expect(page.getByText(/^Está viendo la tienda tal como se ve el .+ UTC\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Salir del modo de vista previa' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('preview-bar')).toHaveCount(0);

    const forged = await page.goto('/content/mode?token=eyJhbGciOiJIUzI1NiJ9.eyJtb2RlIjoicHJldmlldyJ9.forged');
    expect(forged?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No pudimos abrir esta vista previa');
    await expect(page.getByTestId('content-link-error')).toHaveText(
      'Pantry no emitió este enlace de vista previa. Pida un enlace nuevo.',
    );
  });
});
