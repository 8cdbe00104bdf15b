import { expect, type Page } from './test';

/** The first product a wine or marketplace listing links to, opened in Spanish; returns the product page's path. */
export async function openFirstProductInSpanish(page: Page, listing: string, kind: 'marketplace' | 'vineandcellar') {
  await page.goto(`${listing}?lng=es`);
  const href = await page
    .locator(`a[href^="/shop/${kind}/product-details."]:not([aria-hidden])`)
    .first()
    .getAttribute('href');
  expect(href).toMatch(new RegExp(`^/shop/${kind}/product-details\\.\\d+\\.html$`));
  await page.goto(`${href}?lng=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  return href!;
}
