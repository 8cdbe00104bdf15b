import { expect, test, type Page } from './support/test';

/**
 * Decision 0031: links and forms that work without JavaScript are islands. The browser keeps their server HTML
 * without loading their code; with JavaScript a click or a submit is a client-side navigation (the document
 * stays), and their code loads when their content changes. Without JavaScript they are the same links and forms.
 */
const isJs = () => test.info().project.name === 'js';
const ISLAND_CODE =
  /\/(Facets|Pagination|Footer|ConsentBanner|SearchHeading|NoResults|HeaderLinks|ProductDetailsParts)-/;

async function open(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  if (isJs()) {
    await page.waitForLoadState('networkidle');
    // Marks this document: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  }
  return scripts;
}

async function expectSameDocument(page: Page) {
  if (isJs()) expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test.describe('islands', () => {
  test('search facets: a link adds its filter, client-side with JavaScript, keeping the scroll position', async ({
    page,
  }) => {
    const scripts = await open(page, '/shop/search-results.html?q=milk');
    expect(scripts.filter((src) => ISLAND_CODE.test(src))).toEqual([]);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const first = filters.getByRole('link').first();
    // The link reads "<label> <count>".
    const label = (await first.innerText()).replace(/\s*[\d,]+$/, '').trim();
    if (isJs()) await page.evaluate(() => window.scrollTo(0, 150));
    await first.click();
    await expect(page).toHaveURL(/[?&](department|aisle|brand)=/);
    await expect(filters.locator('a[aria-current="true"]')).toHaveCount(1);
    await expect(filters.locator('a[aria-current="true"]')).toContainText(label);
    await expectSameDocument(page);
    if (isJs()) {
      expect(await page.evaluate(() => window.scrollY)).toBe(150);
      // The facets changed, so their code came.
      expect(scripts.some((src) => /\/Facets-/.test(src))).toBe(true);
    }
  });

  test('the footer and the product breadcrumb navigate, and the page they lead to renders them', async ({ page }) => {
    await open(page, '/shop/search-results.html?q=milk');
    const product = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
    const name = (await product.getByRole('heading').innerText()).trim();
    await product.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const scripts = await open(page, page.url());
    expect(scripts.filter((src) => ISLAND_CODE.test(src))).toEqual([]);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    const aisle = (await crumbs.last().innerText()).trim();
    await crumbs.last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aisle);
    await expectSameDocument(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aisles' }).click();
    await expect(page).toHaveURL(/\/shop\/aisles\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Aisles at');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Aisles' })).toBeVisible();
    await expectSameDocument(page);
  });

  test('the consent banner posts its choice and goes, client-side with JavaScript', async ({ page }) => {
    await open(page, '/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Necessary only' }).click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expectSameDocument(page);
  });
});
