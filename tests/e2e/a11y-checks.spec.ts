import { expect, test } from './support/test';
import { analyze } from './support/axe';
import { tabThrough } from './support/checks/focus-not-obscured';
import { CONTROLS, labelInNameFailures } from './support/checks/label-in-name';
import { REFLOW_WIDTH, reflowFailures } from './support/checks/reflow';
import { TARGETS, targetSizeFailures } from './support/checks/target-size';
import { textSpacingFailures } from './support/checks/text-spacing';
import { PAGE_CHECKS, pageFaults } from './support/checks/walk';

/**
 * Each check of the page walk (a11y-walk.spec.ts) on a small page with known faults, so a check that can only pass
 * fails here; and the walk's sequence, which must report every check's fault and leave the page as it found it.
 */

test('the axe check reports what it should (a page with known faults)', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>
    <p style="color:#bbb;background:#fff">Low contrast text</p></main></body></html>`);
  const violations = await analyze(page);
  expect(violations.map((line) => line.split(':')[0]).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(violations.find((line) => line.startsWith('image-alt'))).toBe('image-alt: img');
});

test('the label-in-name rule finds a control whose name leaves out its visible words', async ({ page }) => {
  await page.setContent(`<main><button aria-label="Shop at Greenleaf">Shop this store</button>
    <button aria-label="Shop this store: Greenleaf">Shop this store</button>
    <a href="/x">Cart <span class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">3 items</span></a>
    <button aria-label="Close"><svg width="10" height="10"></svg></button>
    <label for="e">Email</label><input id="e" aria-label="Your address"></main>`);
  expect(await page.evaluate(labelInNameFailures, CONTROLS)).toEqual([
    '<button> shows "shop this store", named "shop at greenleaf"',
    '<input> shows "email", named "your address"',
  ]);
});

test('the reflow and text-spacing checks find a page too wide and a box that cuts its text', async ({ page }) => {
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await page.setContent(`<main><div class="wide" style="width:400px">Wide</div>
    <p class="box" style="height:20px;line-height:20px;overflow:hidden;width:200px">Fits on one line</p></main>`);
  expect(await page.evaluate(reflowFailures, REFLOW_WIDTH)).toEqual([
    'the page scrolls to 408px',
    '<div class="wide"> in <main class=""> reaches 408px',
  ]);
  expect(await textSpacingFailures(page)).toEqual(['<p class="box"> "Fits on one line"']);
});

test('the focus check finds a control hidden behind a fixed banner', async ({ page }) => {
  await page.setContent(`<main><div style="height:560px"></div><a href="#a" id="under">Hidden link</a>
    <div style="height:2000px"></div></main>
    <section style="position:fixed;inset:auto 0 0 0;height:200px;background:#fff" data-testid="banner">Cookies</section>`);
  await page.setViewportSize({ width: 800, height: 600 });
  expect(await tabThrough(page)).toEqual([
    '<a#under> "Hidden link" is covered by <section data-testid=banner> "Cookies"',
  ]);
});

test('the target-size check finds small targets that crowd each other, and passes spaced or inline ones', async ({
  page,
}) => {
  await page.setContent(`<main>
    <div><button style="width:16px;height:16px;padding:0">a</button><button style="width:16px;height:16px;padding:0">b</button></div>
    <div style="margin-top:40px"><button style="width:16px;height:16px;padding:0">c</button>
      <button style="width:16px;height:16px;padding:0;margin-left:30px">d</button></div>
    <p style="margin-top:40px">Read the <a href="/terms">terms</a> before you buy.</p>
    <label style="display:block;margin-top:40px"><input type="checkbox"> Keep me signed in, with a label wide enough</label>
  </main>`);
  const failures = await page.evaluate(targetSizeFailures, TARGETS);
  expect(failures.map((line) => line.split(' ')[1])).toEqual(['"a"', '"b"']);
});

test('one visit runs every check in turn, each reports its fault, and the page is left as it was', async ({ page }) => {
  const viewport = page.viewportSize();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button aria-label="Close">Shop now</button>
    <div style="margin-top:40px"><button style="width:16px;height:16px;padding:0">a</button><button style="width:16px;height:16px;padding:0">b</button></div>
    <p style="height:20px;line-height:20px;overflow:hidden;width:200px">Fits on one line</p>
    <div style="width:400px">Wide</div>
    <div style="height:400px"></div><a href="#a" id="under">Hidden link</a><div style="height:2000px"></div></main>
    <section style="position:fixed;inset:auto 0 0 0;height:200px;background:#fff">Cookies</section></body></html>`);
  const faults = await pageFaults(page);
  expect(faults.map(({ check }) => check)).toEqual(PAGE_CHECKS.map(({ name }) => name));
  expect(faults.filter(({ failures }) => failures.length === 0).map(({ check }) => check)).toEqual([]);
  expect(faults.find(({ check }) => check === 'axe')?.failures.map((line) => line.split(':')[0])).toContain(
    'image-alt',
  );
  // What a check changes for itself, it puts back: the window's size, the spacing sheet, axe's reduced motion.
  expect(page.viewportSize()).toEqual(viewport);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
});
