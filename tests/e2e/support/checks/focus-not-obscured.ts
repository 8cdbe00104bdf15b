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

interface FocusStop {
  /** Where focus is (its markup's start); null on the page itself. */
  where: string | null;
  /** Why the focused element is hidden; null when some of it shows. */
  obscured: string | null;
}

/**
 * Runs in the page: after each Tab key's keyup (focus has moved and been scrolled into view by then) it records
 * where focus is and whether it is hidden, into `window.__focusStops`. Recording in the page lets the Tab presses
 * go out back to back instead of waiting for a round trip to the page after each.
 */
export function recordFocusStops(): void {
  const stop = (): FocusStop => {
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
  };
  const recorded = window as unknown as { __focusStops: FocusStop[] };
  recorded.__focusStops = [];
  window.addEventListener(
    'keyup',
    (event) => {
      if (event.key === 'Tab') recorded.__focusStops.push(stop());
    },
    true,
  );
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, 0);
}

const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 } as const;

export async function tabThrough(page: Page): Promise<string[]> {
  await page.evaluate(recordFocusStops);
  // The key events go to Chromium in order without awaiting each (DevTools delivers a session's input in order);
  // the stops they record are the same, element for element, as pressing Tab and reading the page after each.
  const devtools = await page.context().newCDPSession(page);
  try {
    const presses: Promise<unknown>[] = [];
    for (let press = 0; press < MAX_TAB_STOPS; press++)
      presses.push(
        devtools.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...TAB }),
        devtools.send('Input.dispatchKeyEvent', { type: 'keyUp', ...TAB }),
      );
    await Promise.all(presses);
  } finally {
    await devtools.detach();
  }
  const stops = await page.evaluate(() => (window as unknown as { __focusStops: FocusStop[] }).__focusStops);
  const failures: string[] = [];
  let first: string | null = null;
  for (const { where, obscured } of stops) {
    if (where === null || where === first) break; // round the page and back to the start
    first ??= where;
    if (obscured) failures.push(obscured);
  }
  return failures;
}

export const focusNotObscured: PageCheck = { name: '2.4.11 focus not obscured', run: tabThrough };
