import type { Locator, Page } from '@playwright/test';

/** Waits for the answer to the next cart post (a fetcher's JSON with JavaScript, the redirect without). */
export function cartPostAnswered(page: Page) {
  return page.waitForResponse((response) => {
    const request = response.request();
    return request.method() === 'POST' && new URL(request.url()).pathname === '/shop/cart';
  });
}

/**
 * Clicks an "Add … to cart" button and waits until the add has landed. With JavaScript the add is a fetcher
 * and the header count moves before the answer (and the guest cart's cookie) arrives, so the count alone does
 * not say the add is saved; leaving the page before the answer would abort it.
 */
export async function addToCart(card: Locator) {
  const answered = cartPostAnswered(card.page());
  await card.getByRole('button', { name: /^(Add to cart|Adding…|Add another): / }).click();
  await answered;
}
