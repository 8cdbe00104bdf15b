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
    target = await pageWithoutAppScripts(context);
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
 * A new page of a JavaScript-enabled context that never loads the app's bundles: the no-JS markup, on which axe (a
 * script) can run, in one visit (e.g. a modal that shows once). Chromium itself refuses the bundles (DevTools'
 * blocked URLs): Playwright's routing would send every request of the context through the test process and turn
 * the HTTP cache off, which made the no-JavaScript axe walk take over twice the time of the JavaScript one.
 */
export async function pageWithoutAppScripts(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setBlockedURLs', { urls: ['*/build/*'] });
  const loaded: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/build/')) loaded.push(response.url());
  });
  appScriptsLoaded.set(page, loaded);
  return page;
}

/** What the app's bundles a page without them loaded all the same (none, or `analyze` throws). */
const appScriptsLoaded = new WeakMap<Page, string[]>();

/** axe-core on the page as it is now, one line per violation: rule id and the nodes' selectors. */
export async function analyze(target: Page): Promise<string[]> {
  // Contrast is judged on the settled page: no hover left from the last click, no colour transition half-way.
  // (The stylesheet drops transitions for reduced motion; the page's own DOM is left alone, React owns it.)
  const loaded = appScriptsLoaded.get(target) ?? [];
  if (loaded.length > 0) throw new Error(`the no-JavaScript page loaded the app's bundles: ${loaded.join(', ')}`);
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
