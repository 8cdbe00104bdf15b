import { expect, test } from './support/test';
import { analyze } from './support/axe';
import { NOT_WALKED, pageRoutes, walk, walkPages } from './support/pages';

/**
 * axe-core on every page route (support/pages.ts), with JavaScript on and off. The walked list is checked against
 * app/routes, so a new page route fails here until it is walked or excluded with a reason.
 */

test('every page route is walked (or excluded with a reason)', () => {
  const walked = Object.keys(walk());
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((route) => !walked.includes(route) && !(route in NOT_WALKED))).toEqual([]);
  // And nothing walked or excluded that is not a page route (renamed or deleted files).
  expect([...walked, ...Object.keys(NOT_WALKED)].filter((route) => !routes.includes(route))).toEqual([]);
});

test('the axe check reports what it should (a page with known faults)', async ({ page }) => {
  if (test.info().project.name === 'nojs') {
    console.log('skipped without JavaScript: it checks the axe helper itself, not a page; once is enough');
    test.skip(true, 'it checks the axe helper itself, not a page');
  }
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>
    <p style="color:#bbb;background:#fff">Low contrast text</p></main></body></html>`);
  const violations = await analyze(page);
  expect(violations.map((line) => line.split(':')[0]).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(violations.find((line) => line.startsWith('image-alt'))).toBe('image-alt: img');
});

walkPages({ title: '', check: async (page) => expect(await analyze(page)).toEqual([]) });
