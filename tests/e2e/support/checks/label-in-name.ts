import type { PageCheck } from './check';

/**
 * WCAG 2.2 SC 2.5.3 Label in Name. A control's visible text is the text of its rendered, not visually hidden text
 * nodes (for a form field: its <label>s; for an input button: its value). Its accessible name is aria-labelledby's
 * referenced text, else aria-label, else the field's labels, else its content (text, images' alt, nested
 * aria-labels; aria-hidden parts skipped). Where the two differ, the name must contain the visible text, both
 * lower-cased with whitespace collapsed. Icon-only controls (no visible text) are exempt.
 */

export const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'summary',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'combobox'].map(
    (role) => `[role=${role}]`,
  ),
].join(',');

/** Runs in the page: one line per control whose name does not contain its visible text. */
export function labelInNameFailures(selector: string): string[] {
  const normalise = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .toLowerCase();
  const visuallyHidden = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
    // Glyphs marked aria-hidden (a monogram, an icon character) are graphics, not words a speech user would say.
    if (element.getAttribute('aria-hidden') === 'true') return true;
    const rect = element.getBoundingClientRect();
    const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    return clipped || (style.position === 'absolute' && rect.width <= 1 && rect.height <= 1);
  };
  const visibleText = (root: Element): string => {
    let text = '';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let hidden = false;
      for (let el = node.parentElement; el && !hidden; el = el === root ? null : el.parentElement)
        hidden = visuallyHidden(el);
      if (!hidden) text += ` ${node.textContent ?? ''}`;
    }
    return text;
  };
  const nameFromContent = (root: Element): string => {
    let text = '';
    for (const node of Array.from(root.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
      else if (node instanceof Element) {
        if (node.getAttribute('aria-hidden') === 'true') continue;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const label = node.getAttribute('aria-label');
        if (label) text += ` ${label} `;
        else if (node instanceof HTMLImageElement) text += ` ${node.alt} `;
        else text += ` ${nameFromContent(node)} `;
      }
    }
    return text;
  };
  const accessibleName = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .map((ref) => (ref ? (ref.getAttribute('aria-label') ?? ref.textContent ?? '') : ''))
        .join(' ');
    const label = element.getAttribute('aria-label');
    if (label) return label;
    if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type))
      return element.value;
    if ('labels' in element && (element as HTMLInputElement).labels?.length)
      return Array.from((element as HTMLInputElement).labels!)
        .map((l) => nameFromContent(l))
        .join(' ');
    return nameFromContent(element);
  };
  const shownText = (element: Element): string => {
    if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type))
      return element.value;
    if ('labels' in element && (element as HTMLInputElement).labels?.length)
      return Array.from((element as HTMLInputElement).labels!)
        .map((l) => visibleText(l))
        .join(' ');
    return visibleText(element);
  };
  const failures: string[] = [];
  for (const element of Array.from(document.querySelectorAll(selector))) {
    if (!element.getClientRects().length || getComputedStyle(element).visibility === 'hidden') continue;
    const shown = normalise(shownText(element));
    if (!shown) continue; // icon-only: exempt
    const name = normalise(accessibleName(element));
    if (!name.includes(shown)) failures.push(`<${element.tagName.toLowerCase()}> shows "${shown}", named "${name}"`);
  }
  return failures;
}

export const labelInName: PageCheck = {
  name: '2.5.3 label in name',
  run: (page) => page.evaluate(labelInNameFailures, CONTROLS),
};
