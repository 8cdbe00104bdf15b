import { expect, test, type Page } from './support/test';
import { walkPages } from './support/pages';

/**
 * WCAG 2.2 SC 2.4.11 Focus Not Obscured (Minimum), on every walked page with the cookie banner showing (never
 * accepted): up to MAX_TAB_STOPS presses of Tab, and after each the focused element must show at least one of its
 * sample points (a 5×5 grid over the part of it inside the viewport) that is not covered by a fixed or sticky
 * element that does not contain it (the consent banner, the sticky header, a toast). Covering is hit-testing
 * (elementFromPoint), so an overlay with pointer-events: none is not seen as covering.
 */

const MAX_TAB_STOPS = 60;

/** Runs in the page: why the focused element is hidden, or null when some of it shows (or nothing is focused). */
function focusObscured(): string | null {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement) return null;
  const rect = focused.getBoundingClientRect();
  const left = Math.max(rect.left, 0);
  const right = Math.min(rect.right, window.innerWidth);
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  if (right <= left || bottom <= top) return null; // a zero-sized or scrolled-away element is not what this checks
  const pinned = (element: Element | null): Element | null => {
    for (let el = element; el; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky') return el;
    }
    return null;
  };
  let cover: Element | null = null;
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 5; j++) {
      const x = left + ((right - left) * (i + 0.5)) / 5;
      const y = top + ((bottom - top) * (j + 0.5)) / 5;
      const hit = document.elementFromPoint(x, y);
      const over: Element | null = hit && !focused.contains(hit) && !hit.contains(focused) ? pinned(hit) : null;
      if (!over || over.contains(focused)) return null;
      cover = over;
    }
  const describe = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
      el.getAttribute('data-testid') ? ` data-testid=${el.getAttribute('data-testid')}` : ''
    }> "${(el.textContent ?? el.getAttribute('aria-label') ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
  return `${describe(focused)} is covered by ${cover ? describe(cover) : 'a pinned element'}`;
}

async function tabThrough(page: Page): Promise<string[]> {
  const failures: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  let first: string | null = null;
  for (let stop = 0; stop < MAX_TAB_STOPS; stop++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el !== document.body ? el.outerHTML.slice(0, 200) : null;
    });
    if (where === null || where === first) break; // round the page and back to the start
    first ??= where;
    const obscured = await page.evaluate(focusObscured);
    if (obscured) failures.push(obscured);
  }
  return failures;
}

test('the focus check finds a control hidden behind a fixed banner', async ({ page }) => {
  await page.setContent(`<main><div style="height:560px"></div><a href="#a" id="under">Hidden link</a>
    <div style="height:2000px"></div></main>
    <section style="position:fixed;inset:auto 0 0 0;height:200px;background:#fff" data-testid="banner">Cookies</section>`);
  await page.setViewportSize({ width: 800, height: 600 });
  expect(await tabThrough(page)).toEqual([
    '<a#under> "Hidden link" is covered by <section data-testid=banner> "Cookies"',
  ]);
});

// English only: see wcag22-reflow-text-spacing.spec.ts.
walkPages({
  title: '2.4.11 focus not obscured',
  check: async (page) => expect(await tabThrough(page)).toEqual([]),
});
