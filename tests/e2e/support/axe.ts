import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';

/**
 * axe-core violations of a page. axe runs as script, so for the no-JavaScript project the page is
 * opened again with JavaScript on but the app's own bundles blocked: the markup a no-JS browser gets.
 */
export async function axeViolations(page: Page, browser: Browser, testInfo: TestInfo): Promise<string[]> {
  let target = page;
  let cleanup = async () => {};
  if (testInfo.project.name === 'nojs') {
    const context = await browser.newContext({ javaScriptEnabled: true, baseURL: testInfo.project.use.baseURL });
    await context.addCookies(await page.context().cookies());
    await blockAppScripts(context);
    target = await context.newPage();
    await target.goto(page.url());
    cleanup = () => context.close();
  }
  try {
    return await analyze(target);
  } finally {
    await cleanup();
  }
}

/**
 * Makes a JavaScript-enabled context serve the no-JS markup (the app's bundles never load), so axe
 * can run on it without opening the page twice (e.g. a modal that shows once).
 */
export async function blockAppScripts(context: BrowserContext) {
  await context.route('**/build/**', (route) => route.abort());
}

/** axe-core on the page as it is now, one line per violation: rule id and the nodes' selectors. */
export async function analyze(target: Page): Promise<string[]> {
  // Contrast is judged on the settled page: no hover left from the last click, no colour transition half-way.
  // (The stylesheet drops transitions for reduced motion; the page's own DOM is left alone, React owns it.)
  await target.mouse.move(0, 0);
  await target.emulateMedia({ reducedMotion: 'reduce' });
  // axe.run in the page (legacy mode) rather than runPartial per frame plus finishRun in a second, blank page:
  // the same rules on the same DOM (no page has an iframe), at a third to a half of the time. Only violations are
  // read, so only they carry every node (resultTypes); passes and incomplete keep one node each.
  const results = await new AxeBuilder({ page: target })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
