import { expect, test, type Page } from './support/test';
import { LANGUAGES, walkPages } from './support/pages';

/**
 * WCAG 2.2 SC 1.4.10 Reflow and SC 1.4.12 Text Spacing, on every walked page.
 * Reflow: in a window 320 CSS px wide the document scrolls no wider than the window (scrollWidth <= 321).
 * Text spacing: with the criterion's spacing forced on every element (line height 1.5, paragraph spacing 2em, letter
 * spacing 0.12em, word spacing 0.16em), no element that clips its overflow (overflow hidden or clip) and holds text
 * cuts off more of it than it did before (scrollHeight or scrollWidth beyond the client box by more than 1 px where it
 * was not before). Exempt: visually hidden text (1 px boxes) and line-clamped text (a chosen truncation whose
 * whole text is on the page its link opens). The markup is the same without JavaScript.
 */

const REFLOW_WIDTH = 320;

/** Runs in the page: the outermost elements reaching past the window's right edge, when the document scrolls. */
function reflowFailures(width: number): string[] {
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

/** Runs in the page: the elements that clip text by more than 1 px. */
function clippedText(): string[] {
  const clipping = (value: string) => value === 'hidden' || value === 'clip';
  return Array.from(document.body.querySelectorAll('*'))
    .filter((el) => {
      const style = getComputedStyle(el);
      if (!clipping(style.overflowX) && !clipping(style.overflowY)) return false;
      // A line clamp is a chosen truncation (a product card's title, whole on the page its link opens).
      if (style.webkitLineClamp && style.webkitLineClamp !== 'none') return false;
      if (!(el.textContent ?? '').trim() || !el.checkVisibility({ visibilityProperty: true })) return false;
      const html = el as HTMLElement;
      if (html.clientWidth <= 1 || html.clientHeight <= 1) return false; // visually hidden text
      return (
        (clipping(style.overflowY) && html.scrollHeight > html.clientHeight + 1) ||
        (clipping(style.overflowX) && html.scrollWidth > html.clientWidth + 1)
      );
    })
    .map(
      (el) =>
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40)}"`,
    );
}

/** The criterion's spacing, over whatever the page sets. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }`;

async function textSpacingFailures(page: Page): Promise<string[]> {
  const before = new Set(await page.evaluate(clippedText));
  // A constructed style sheet: the pages' Content-Security-Policy refuses an inline <style>, not the CSSOM.
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return (await page.evaluate(clippedText)).filter((line) => !before.has(line));
}

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

// Reflow in both languages: Spanish words are longer and move what fits on a phone.
for (const language of LANGUAGES)
  walkPages({
    title: '1.4.10 reflow at 320px',
    language,
    viewport: { width: REFLOW_WIDTH, height: 640 },
    check: async (page) => expect(await page.evaluate(reflowFailures, REFLOW_WIDTH)).toEqual([]),
  });
// Text spacing, focus not obscured and target size walk the English pages only: each walk in a second language
// costs minutes of the suite, and these follow the layout, which the Spanish reflow walk already exercises.
walkPages({
  title: '1.4.12 text spacing',
  check: async (page) => expect(await textSpacingFailures(page)).toEqual([]),
});
