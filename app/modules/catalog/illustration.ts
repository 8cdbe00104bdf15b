/**
 * Flat, friendly product illustrations as self-contained SVG documents.
 *
 * Pure string building: no DOM, no ids (so several illustrations can be inlined in one page), no
 * gradients, fonts, scripts or external references. The same input always gives the same output.
 */
import type { IllustrationShape } from '~/db/seed/data/shelf-vocabulary';
import { palette } from './illustration-palette';
import { escapeXml, SHAPES } from './illustration-shapes';

export { escapeXml } from './illustration-shapes';
export type { IllustrationShape } from '~/db/seed/data/shelf-vocabulary';

export interface IllustrationInput {
  shape: IllustrationShape;
  /** Main colour of the object, as a hex colour (#rgb or #rrggbb). */
  color: string;
  /** Secondary colour: leaf, cap, label, lid... */
  accent: string;
  /** Optional short text printed on the package (about 14 characters at most). */
  label?: string;
  /** Width and height in pixels; defaults to 240. */
  size?: number;
}

const MAX_LABEL_CHARS = 14;

function shortLabel(label: string | undefined): string | null {
  if (label === undefined) return null;
  const chars = Array.from(label.replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return null;
  if (chars.length <= MAX_LABEL_CHARS) return chars.join('');
  return `${chars
    .slice(0, MAX_LABEL_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}

function pixelSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return 240;
  return Math.max(16, Math.min(2048, Math.round(size)));
}

/** A complete SVG document (viewBox 0 0 240 240) of a flat product illustration. */
export function renderIllustrationSvg(input: IllustrationInput): string {
  const p = palette(input.color, input.accent);
  const label = shortLabel(input.label);
  const draw = SHAPES[input.shape] ?? SHAPES.box;
  const size = pixelSize(input.size);
  const title = label ?? input.shape.replace(/-/g, ' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(title)}">` +
    `<rect width="240" height="240" rx="48" fill="${p.bg}"/>` +
    `<circle cx="120" cy="122" r="96" fill="${p.bgCircle}" opacity="0.7"/>` +
    draw(p, label) +
    `</svg>`
  );
}
