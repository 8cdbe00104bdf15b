import type { PageCheck } from './check';

/**
 * WCAG 2.2 SC 1.4.10 Reflow: in a window 320 CSS px wide the document scrolls no wider than the window
 * (scrollWidth <= 321).
 */

export const REFLOW_WIDTH = 320;

/** Runs in the page: the outermost elements reaching past the window's right edge, when the document scrolls. */
export function reflowFailures(width: number): string[] {
  if (document.documentElement.scrollWidth <= width + 1) return [];
  // What a scroller of its own (a carousel) holds does not widen the page.
  const inScroller = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.right > width + 1 && !inScroller(el);
  });
  const outermost = wide.filter((el) => !wide.some((other) => other !== el && other.contains(el)));
  return [
    `the page scrolls to ${document.documentElement.scrollWidth}px`,
    ...outermost.slice(0, 5).map((el) => {
      const rect = el.getBoundingClientRect();
      const parent = el.parentElement!;
      return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> in <${parent.tagName.toLowerCase()} class="${
        parent.getAttribute('class') ?? ''
      }"> reaches ${Math.round(rect.right)}px`;
    }),
  ];
}

const settled = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/**
 * Narrows the window to 320 × 640 px, checks, and puts the window back. Layout follows the window through CSS and
 * resize listeners (the greeting), so a narrowed page lays out as one opened at that width.
 */
export const reflow: PageCheck = {
  name: '1.4.10 reflow at 320px',
  run: async (page) => {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
    try {
      await page.evaluate(settled);
      return await page.evaluate(reflowFailures, REFLOW_WIDTH);
    } finally {
      if (viewport) await page.setViewportSize(viewport);
      await page.evaluate(settled);
    }
  },
};
