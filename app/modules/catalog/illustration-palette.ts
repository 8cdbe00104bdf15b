/** Colours of an illustration: the object's, its accent's, and the shades drawn from them. */

/** Dark text and outlines. */
export const INK = '#1f2937';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const SLATE: Rgb = { r: 31, g: 41, b: 55 };

function parseHex(value: string, fallback: Rgb): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return fallback;
  const hex = match[1];
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map((c) => c + c)
          .join('')
      : hex;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mixes `a` towards `b` by `t` (0 = a, 1 = b). */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** Relative luminance (WCAG). */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function textOn(background: Rgb): string {
  return luminance(background) > 0.36 ? INK : '#ffffff';
}

export interface Palette {
  base: string;
  dark: string;
  darker: string;
  light: string;
  outline: string;
  accent: string;
  accentDark: string;
  accentLight: string;
  accentOutline: string;
  accentText: string;
  bg: string;
  bgCircle: string;
  baseRgb: Rgb;
  accentRgb: Rgb;
}

export function palette(color: string, accent: string): Palette {
  const base = parseHex(color, { r: 148, g: 163, b: 184 });
  const acc = parseHex(accent, { r: 100, g: 116, b: 139 });
  // Very pale objects (milk, eggs, white packages) take their background tint from the accent.
  const tintSource = luminance(base) < 0.78 ? base : luminance(acc) < 0.78 ? acc : { r: 148, g: 163, b: 184 };
  return {
    base: toHex(base),
    dark: toHex(mix(base, SLATE, 0.22)),
    darker: toHex(mix(base, SLATE, 0.45)),
    light: toHex(mix(base, WHITE, 0.35)),
    outline: toHex(mix(base, SLATE, 0.5)),
    accent: toHex(acc),
    accentDark: toHex(mix(acc, SLATE, 0.3)),
    accentLight: toHex(mix(acc, WHITE, 0.82)),
    accentOutline: toHex(mix(acc, SLATE, 0.5)),
    accentText: textOn(acc),
    bg: toHex(mix(tintSource, WHITE, 0.84)),
    bgCircle: toHex(mix(tintSource, WHITE, 0.72)),
    baseRgb: base,
    accentRgb: acc,
  };
}
