import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

/**
 * The JavaScript budget: what a page loads, each file gzipped, summed; the integration
 * test fails past it.
 */
export const JS_BUDGET_KB = 95;
/** The same budget in bytes, as the integration test holds every page to it (95 × 1024). */
export const JS_BUDGET_BYTES = JS_BUDGET_KB * 1024;

/**
 * The scripts a page's HTML makes the browser load: module scripts, modulepreloads (also those that wait for the
 * first paint) and inline imports, static or dynamic.
 */
export function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) sources.add(match[1]!);
  const preload = '(?:pantry-)?modulepreload';
  for (const match of html.matchAll(new RegExp(`<link\\b[^>]*\\brel="${preload}"[^>]*\\bhref="([^"]+)"`, 'g')))
    sources.add(match[1]!);
  for (const match of html.matchAll(new RegExp(`<link\\b[^>]*\\bhref="([^"]+)"[^>]*\\brel="${preload}"`, 'g')))
    sources.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*|\(\s*)?["'](\/build\/[^"']+\.js)["']/g))
    sources.add(match[1]!);
  return [...sources];
}

export interface PageWeight {
  files: number;
  /** Each file gzipped on its own (level 9), summed: what the browser downloads compressed. */
  gzip: number;
  /** Scripts the browser loaded that the HTML does not name (chunks imported on demand). */
  lazy: string[];
}

/** A fetch that tries once more when a kept-alive connection was closed under it. */
async function get(url: URL, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers: { ...headers, Connection: 'close' } });
  }
}

/**
 * The scripts a browser loads for the page without any interaction: Chromium (mobile-sized, like
 * Lighthouse) opens it and waits until it has hydrated and no script has been asked for in a second, so
 * chunks that hydration imports on demand count too; the HTML's own list is added in case a script was served from a cache.
 */
async function loadedScripts(browser: Browser, url: string, headers: Record<string, string>): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: headers });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // On a busy machine hydration can start after the network has gone idle: wait for Remix's router, then
    // until a second passes without a new script.
    await page.waitForFunction(() => '__remixRouter' in window, undefined, { timeout: 15_000 });
    for (let seen = -1; seen !== scripts.size;) {
      seen = scripts.size;
      await page.waitForTimeout(1000);
    }
    return [...scripts];
  } finally {
    await context.close();
  }
}

/**
 * Opens each page in Chromium, then sums the gzipped size of every script it loaded. The pages load side by side,
 * each in its own context: most of a page's time is the quiet second it waits for, not work.
 */
export async function pagesJavaScript(
  origin: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await Promise.all(
      paths.map(async (path) => {
        const response = await get(new URL(path, origin), headers);
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        const declared = scriptSources(await response.text());
        const loaded = await loadedScripts(browser, new URL(path, origin).href, headers);
        const sources = [...new Set([...declared, ...loaded])];
        let gzip = 0;
        for (const src of sources) {
          const body = Buffer.from(await (await get(new URL(src, origin))).arrayBuffer());
          gzip += gzipSync(body, { level: 9 }).length;
        }
        return { files: sources.length, gzip, lazy: loaded.filter((src) => !declared.includes(src)) };
      }),
    );
  } finally {
    await browser.close();
  }
}
