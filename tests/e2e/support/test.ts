import { test as base, type Page } from '@playwright/test';
import { recordScriptErrors, waitForHydration } from './hydration';

export { expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, whose `page.goto` in the JavaScript project returns once the page has hydrated. A page's
 * scripts start after its first paint, so the `load` event that `goto` waits for can come before
 * them, and a click straight after `goto` would take the no-JavaScript path the other project tests. Pages
 * without the storefront's scripts (the identity provider's, JSON) return at `load`, as before.
 */
export const test = base.extend({
  page: async ({ page }, run, testInfo) => {
    if (testInfo.project.name === 'js') {
      await recordScriptErrors(page);
      const goto = page.goto.bind(page);
      page.goto = (async (url: string, options?: Parameters<Page['goto']>[1]) => {
        const response = await goto(url, options);
        if (await hasStorefrontScripts(page)) await waitForHydration(page);
        return response;
      }) as Page['goto'];
    }
    await run(page);
  },
});

export async function hasStorefrontScripts(page: Page): Promise<boolean> {
  return page
    .evaluate(() => document.querySelector('link[rel="pantry-modulepreload"], link[rel="modulepreload"]') !== null)
    .catch(() => false);
}
