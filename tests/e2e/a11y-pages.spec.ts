import { expect, test } from './support/test';
import { analyze } from './support/axe';
import { NOT_WALKED, pageRoutes, walk, walkPages } from './support/pages';

/**
 * axe-core on every page route (support/pages.ts) without JavaScript: the nojs project only (playwright.config.ts);
 * with JavaScript, a11y-walk.spec.ts runs axe with the other checks. The walked list is checked against app/routes,
 * so a new page route fails here until it is walked or excluded with a reason.
 */

test('every page route is walked (or excluded with a reason)', () => {
  const walked = Object.keys(walk());
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((route) => !walked.includes(route) && !(route in NOT_WALKED))).toEqual([]);
  // And nothing walked or excluded that is not a page route (renamed or deleted files).
  expect([...walked, ...Object.keys(NOT_WALKED)].filter((route) => !routes.includes(route))).toEqual([]);
});

walkPages({ title: '', check: async (page) => expect(await analyze(page)).toEqual([]) });
