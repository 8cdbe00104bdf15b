import type { PageCheck } from './check';

/**
 * WCAG 2.2 SC 2.5.8 Target Size (Minimum). A target is a visible link, button, form field, summary or element with
 * a widget role; a check box or radio button counts together with its <label> (a click on either works it). It
 * passes when its box is at least 24×24 CSS px, or under the spacing exception: a 24 px circle centred on it
 * intersects no other target's box and no other undersized target's circle. Exempt: a link inline in a sentence (its
 * block holds text outside the link), and hidden or zero-sized elements. Targets are compared only with targets in
 * the same layer: the page, or one fixed or sticky element or open dialog (the consent banner, the header, a modal),
 * since a layer over the page is not beside what it covers.
 */

export const TARGETS = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'summary',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option'].map((role) => `[role=${role}]`),
].join(',');

/** Runs in the page: one line per target that is too small and too close to another. */
export function targetSizeFailures(selector: string): string[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const union = (a: Box, b: Box): Box => ({
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  });
  const inSentence = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    const own = (element.textContent ?? '').trim().length;
    return !!block && (block.textContent ?? '').trim().length > own;
  };
  /** The fixed or sticky element a target moves with (null: the page): targets are compared within one layer. */
  const layerOf = (element: Element): Element | null => {
    for (let el: Element | null = element; el; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky' || (el instanceof HTMLDialogElement && el.open)) return el;
    }
    return null;
  };
  const targets: { element: Element; box: Box; layer: Element | null }[] = [];
  const seen = new Set<Element>();
  for (const element of Array.from(document.querySelectorAll(selector))) {
    if (seen.has(element)) continue;
    if (
      !element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) ||
      element.closest('[inert]')
    )
      continue;
    const rects = Array.from(element.getClientRects());
    if (!rects.length || inSentence(element)) continue;
    const x = window.scrollX;
    const y = window.scrollY;
    let box: Box = rects
      .map((r) => ({ left: r.left + x, top: r.top + y, right: r.right + x, bottom: r.bottom + y }))
      .reduce(union);
    if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type))
      for (const label of Array.from(element.labels ?? [])) {
        const r = label.getBoundingClientRect();
        if (r.width && r.height)
          box = union(box, { left: r.left + x, top: r.top + y, right: r.right + x, bottom: r.bottom + y });
        seen.add(label);
      }
    // A visually hidden field (a custom check box) is worked through its label, which counts instead.
    if (box.right - box.left <= 1 && box.bottom - box.top <= 1) continue;
    targets.push({ element, box, layer: layerOf(element) });
  }
  const small = (box: Box) => box.right - box.left < 23.5 || box.bottom - box.top < 23.5;
  const centre = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
  const circleHitsBox = (c: { x: number; y: number }, box: Box) => {
    const dx = Math.max(box.left - c.x, 0, c.x - box.right);
    const dy = Math.max(box.top - c.y, 0, c.y - box.bottom);
    return dx * dx + dy * dy < 12 * 12;
  };
  const describe = (element: Element, box: Box) =>
    `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40)}" ${Math.round(box.right - box.left)}×${Math.round(box.bottom - box.top)}`;
  const failures: string[] = [];
  for (const target of targets) {
    if (!small(target.box)) continue;
    const c = centre(target.box);
    const near = targets.find(
      (other) =>
        other !== target &&
        other.layer === target.layer &&
        !other.element.contains(target.element) &&
        !target.element.contains(other.element) &&
        (circleHitsBox(c, other.box) ||
          (small(other.box) && Math.hypot(centre(other.box).x - c.x, centre(other.box).y - c.y) < 24)),
    );
    if (near)
      failures.push(`${describe(target.element, target.box)} is within 12px of ${describe(near.element, near.box)}`);
  }
  return failures;
}

export const targetSize: PageCheck = {
  name: '2.5.8 target size',
  run: (page) => page.evaluate(targetSizeFailures, TARGETS),
};
