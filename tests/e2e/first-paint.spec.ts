import { expect, test } from './support/test';
import { recordScriptErrors, waitForHydration } from './support/hydration';

/**
 * Decision 0047: the page shows before its scripts are fetched. Every script request starts after the first
 * contentful paint, hydration then moves nothing on the page, and without JavaScript no script is fetched.
 */
const PAGES = ['/', '/shop/search-results.html?q=milk', '/shop/product-details.960000001.html'];

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
])
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path} at ${viewport.width} px fetches its scripts after the first paint and hydrates without moving anything`, async ({
        page,
      }) => {
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (/\/build\/.+\.js$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
        });
        if (test.info().project.name !== 'js') {
          await page.goto(path, { waitUntil: 'networkidle' });
          expect(scripts, 'scripts fetched with JavaScript off').toEqual([]);
          return;
        }
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await recordScriptErrors(page);
        await page.addInitScript(() => {
          type Shift = {
            value: number;
            startTime: number;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          const w = window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] };
          w.__shifts = [];
          const box = (rect: DOMRectReadOnly) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',');
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Shift[]) {
              // What moved, from where to where: enough to tell a late font or stylesheet from hydration.
              const moved = entry.sources.map(
                (source) =>
                  `${(source.node as Element | undefined)?.outerHTML?.slice(0, 100) ?? '?'} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
              );
              w.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path);
        await waitForHydration(page);
        const timing = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => /\/build\/.+\.js$/.test(new URL(entry.name).pathname))
            .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
          shifts: (window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }).__shifts,
        }));
        expect(errors).toEqual([]);
        expect(timing.paint).not.toBeNull();
        expect(timing.scripts.length).toBeGreaterThan(3);
        expect(timing.scripts.filter((script) => script.start < timing.paint!)).toEqual([]);
        // What the page's scripts can move: nothing of theirs runs before the first of them has arrived. Earlier shifts
        // are the browser laying out a document it is still receiving and parsing (a slow host paints a partial page);
        // they are reported beside the test, not counted against hydration.
        const scriptsFrom = Math.min(...timing.scripts.map((script) => script.end));
        const whileLoading = timing.shifts.filter((shift) => shift.at < scriptsFrom);
        if (whileLoading.length)
          test
            .info()
            .annotations.push({ type: 'shift before the scripts arrived', description: JSON.stringify(whileLoading) });
        expect(
          timing.shifts.filter((shift) => shift.at >= scriptsFrom),
          `layout shifts once the scripts could run (from ${Math.round(scriptsFrom)} ms; first contentful paint at ${Math.round(timing.paint!)} ms)`,
        ).toEqual([]);
      });
    }
  });

/**
 * Decision 0052: nothing on a page suspends on the server, so React has the whole document when its shell is
 * ready; it is sent as one body with its length, not streamed in 2 KB pieces (each a stream hop, a socket
 * write and a read by the balancer).
 */
test('a rendered page is sent whole, with its length', async ({ request }) => {
  test.skip(test.info().project.name !== 'js', 'a server response: the same with JavaScript on or off');
  const identity = { 'Accept-Encoding': 'identity' };
  const pages = [
    // A search nobody made yet: rendered, not from the page cache.
    { path: `/shop/search-results.html?q=milk&page=1&n=${Date.now()}`, status: 200 },
    { path: '/shop/no-such-aisle.html', status: 404 },
  ];
  for (const { path, status } of pages) {
    const response = await request.get(path, { headers: identity });
    expect(response.status(), path).toBe(status);
    const headers = response.headers();
    if (status === 200) expect(headers['x-page-cache'], path).toBe('miss');
    expect(headers['transfer-encoding'], path).toBeUndefined();
    expect(Number(headers['content-length']), path).toBe((await response.body()).length);
  }
});
