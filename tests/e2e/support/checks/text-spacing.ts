import type { Page } from '@playwright/test';
import type { PageCheck } from './check';

/**
 * WCAG 2.2 SC 1.4.12 Text Spacing: with the criterion's spacing forced on every element (line height 1.5, paragraph
 * spacing 2em, letter spacing 0.12em, word spacing 0.16em), no element that clips its overflow (overflow hidden or
 * clip) and holds text cuts off more of it than it did before (scrollHeight or scrollWidth beyond the client box by
 * more than 1 px where it was not before). Exempt: visually hidden text (1 px boxes) and line-clamped text (a chosen
 * truncation whose whole text is on the page its link opens).
 */

/** Runs in the page: the elements that clip text by more than 1 px. */
export function clippedText(): string[] {
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

const settled = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/** The text the spacing makes clipped; the spacing is taken off again, for the checks that follow. */
export async function textSpacingFailures(page: Page): Promise<string[]> {
  const before = new Set(await page.evaluate(clippedText));
  // A constructed style sheet: the pages' Content-Security-Policy refuses an inline <style>, not the CSSOM.
  const sheet = await page.evaluateHandle((css) => {
    const spacing = new CSSStyleSheet();
    spacing.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, spacing];
    return spacing;
  }, TEXT_SPACING);
  try {
    await page.evaluate(settled);
    return (await page.evaluate(clippedText)).filter((line) => !before.has(line));
  } finally {
    await page.evaluate((spacing) => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((other) => other !== spacing);
    }, sheet);
    await sheet.dispose();
    await page.evaluate(settled);
  }
}

export const textSpacing: PageCheck = { name: '1.4.12 text spacing', run: textSpacingFailures };
