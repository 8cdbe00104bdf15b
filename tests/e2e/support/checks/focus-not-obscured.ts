import type { Page } from '@playwright/test';
import type { PageCheck } from './check';

/**
 * WCAG 2.2 SC 2.4.11 Focus Not Obscured (Minimum), with the cookie banner showing (never accepted): up to
 * MAX_TAB_STOPS presses of Tab, and after each the focused element must show at least one of its sample points (a
 * 5×5 grid over the part of it inside the viewport) that is not covered by a fixed or sticky element that does not
 * contain it (the consent banner, the sticky header, a toast). Covering is hit-testing (elementFromPoint), so an
 * overlay with pointer-events: none is not seen as covering.
 */

const MAX_TAB_STOPS = 60;

/**
 * Runs in the page, after a Tab: where focus is (its markup's start; null on the page itself) and why the focused
 * element is hidden (null when some of it shows). One call per stop: a round trip to the page is most of a stop's cost.
 */
export function focusStop(): { where: string | null; obscured: string | null } {
  const active = document.activeElement;
  const where = active && active !== document.body ? active.outerHTML.slice(0, 200) : null;
  const obscured = (): string | null => {
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
  };
  return { where, obscured: where === null ? null : obscured() };
}

export async function tabThrough(page: Page): Promise<string[]> {
  const failures: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  let first: string | null = null;
  for (let stop = 0; stop < MAX_TAB_STOPS; stop++) {
    await page.keyboard.press('Tab');
    const { where, obscured } = await page.evaluate(focusStop);
    if (where === null || where === first) break; // round the page and back to the start
    first ??= where;
    if (obscured) failures.push(obscured);
  }
  return failures;
}

export const focusNotObscured: PageCheck = { name: '2.4.11 focus not obscured', run: tabThrough };
