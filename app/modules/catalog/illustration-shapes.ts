import type { IllustrationShape } from '~/db/seed/data/shelf-vocabulary';
import { INK, luminance, mix, SLATE, textOn, toHex, WHITE, type Palette } from './illustration-palette';

/** The drawing of each shape on a 240 × 240 canvas, in the palette's colours, with an optional label. */

const FONT = 'system-ui, sans-serif';

/** Escapes text for use in XML text nodes and attribute values. */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Centered text that fits `width`. */
function text(content: string, cx: number, cy: number, width: number, maxFont: number, fill: string): string {
  const length = Array.from(content).length;
  const fontSize = Math.max(7, Math.min(maxFont, (width * 0.92) / (length * 0.62)));
  const size = Math.round(fontSize * 10) / 10;
  return (
    `<text x="${cx}" y="${cy}" font-family="${FONT}" font-size="${size}" font-weight="700" ` +
    `fill="${fill}" text-anchor="middle" dominant-baseline="central" letter-spacing="0.3">${escapeXml(content)}</text>`
  );
}

/** A small rounded tag under loose produce and other unpackaged goods. */
function tag(label: string | null, p: Palette): string {
  if (!label) return '';
  const width = Math.min(150, 30 + Array.from(label).length * 8);
  const x = 120 - width / 2;
  return (
    `<rect x="${x}" y="196" width="${width}" height="26" rx="13" fill="#ffffff" stroke="${p.outline}" stroke-width="2"/>` +
    text(label, 120, 209, width - 16, 13, INK)
  );
}

function shadow(cy: number, rx: number): string {
  return `<ellipse cx="120" cy="${cy}" rx="${rx}" ry="8" fill="#0f172a" opacity="0.12"/>`;
}

function zigzag(x1: number, x2: number, yTop: number, yBottom: number, step: number): string {
  const points: string[] = [];
  let up = true;
  for (let x = x1; x <= x2; x += step) {
    points.push(`${x},${up ? yTop : yBottom}`);
    up = !up;
  }
  return points.join(' ');
}

type Draw = (p: Palette, label: string | null) => string;

const STEM = '#7a5230';

const roundFruit: Draw = (p, label) =>
  shadow(198, 56) +
  `<circle cx="120" cy="128" r="62" fill="${p.base}" stroke="${p.outline}" stroke-width="3"/>` +
  `<path d="M178 108 A62 62 0 0 1 92 183 A70 70 0 0 0 178 108 Z" fill="${p.darker}" opacity="0.22"/>` +
  `<ellipse cx="94" cy="104" rx="13" ry="21" fill="#ffffff" opacity="0.35" transform="rotate(35 94 104)"/>` +
  `<path d="M108 70 Q120 78 132 70" fill="none" stroke="${p.outline}" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M120 74 Q117 58 124 46" fill="none" stroke="${STEM}" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M124 56 C138 36 164 38 174 46 C162 64 138 68 124 56 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<path d="M129 55 Q150 48 168 47" fill="none" stroke="${p.accentOutline}" stroke-width="2" opacity="0.6" stroke-linecap="round"/>` +
  tag(label, p);

const bananaPath = 'M40 98 C48 164 150 200 196 122 L206 102 C176 150 104 160 58 94 Q50 88 40 98 Z';
const banana: Draw = (p, label) => {
  const back = toHex(mix(p.baseRgb, { r: 120, g: 90, b: 20 }, 0.22));
  return (
    shadow(196, 76) +
    `<g transform="rotate(-14 206 104)">` +
    `<path d="${bananaPath}" fill="${back}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="44" cy="98" r="5" fill="${p.darker}"/>` +
    `</g>` +
    `<path d="${bananaPath}" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M58 112 C82 152 148 170 188 124" fill="none" stroke="${p.dark}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>` +
    `<path d="M70 104 C96 134 140 142 176 120" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.35"/>` +
    `<circle cx="44" cy="98" r="5" fill="${p.darker}"/>` +
    `<path d="M198 116 L208 94 L218 98 L207 121 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5" stroke-linejoin="round"/>` +
    tag(label, p)
  );
};

function leaf(angle: number, length: number, fill: string, vein: string, outline: string): string {
  const w = length * 0.34;
  return (
    `<g transform="translate(120 190) rotate(${angle})">` +
    `<path d="M0 0 C${-w} ${-length * 0.25} ${-w * 1.15} ${-length * 0.75} 0 ${-length} C${w * 1.15} ${-length * 0.75} ${w} ${-length * 0.25} 0 0 Z" fill="${fill}" stroke="${outline}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M0 -4 L0 ${-length * 0.85}" stroke="${vein}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>` +
    `</g>`
  );
}

const leafy: Draw = (p, label) =>
  shadow(198, 52) +
  leaf(-52, 118, p.dark, p.accent, p.outline) +
  leaf(52, 118, p.dark, p.accent, p.outline) +
  leaf(-26, 140, p.base, p.accent, p.outline) +
  leaf(26, 140, p.base, p.accent, p.outline) +
  leaf(0, 152, p.light, p.accent, p.outline) +
  `<path d="M106 198 Q120 178 134 198 Z" fill="${p.accent}" stroke="${p.outline}" stroke-width="2"/>` +
  tag(label, p);

const root: Draw = (p, label) =>
  shadow(200, 50) +
  `<g transform="translate(122 132) rotate(28) scale(0.92)">` +
  `<path d="M0 -64 C-6 -84 -20 -94 -32 -104" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M0 -64 C0 -86 2 -98 0 -112" fill="none" stroke="${p.accentDark}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M0 -64 C8 -84 22 -92 34 -100" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M-27 -62 Q0 -78 27 -62 C24 -10 12 40 4 80 Q0 88 -4 80 C-12 40 -24 -10 -27 -62 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M-18 -34 L-4 -34 M6 -10 L18 -10 M-16 14 L-4 14 M4 38 L12 38 M-8 58 L0 58" stroke="${p.dark}" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M-14 -56 C-16 -20 -10 20 -4 50" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.3"/>` +
  `</g>` +
  tag(label, p);

const BERRY_SPOTS: [number, number][] = [
  [82, 120],
  [158, 120],
  [104, 112],
  [136, 112],
  [120, 120],
  [92, 96],
  [148, 96],
  [114, 92],
  [132, 94],
  [104, 74],
  [128, 72],
];

const berries: Draw = (p, label) =>
  shadow(202, 62) +
  BERRY_SPOTS.map(
    ([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="17" fill="${p.base}" stroke="${p.outline}" stroke-width="2.5"/>` +
      `<circle cx="${x - 6}" cy="${y - 6}" r="4" fill="#ffffff" opacity="0.45"/>`,
  ).join('') +
  `<path d="M56 130 L184 130 L172 198 L68 198 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M86 134 L90 196 M112 134 L113 196 M128 134 L127 196 M154 134 L150 196" stroke="${p.accentDark}" stroke-width="3" opacity="0.55"/>` +
  `<path d="M62 150 L178 150 M65 172 L175 172" stroke="${p.accentDark}" stroke-width="3" opacity="0.45"/>` +
  `<rect x="50" y="122" width="140" height="16" rx="6" fill="${p.accentDark}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  tag(label, p);

const bottle: Draw = (p, label) =>
  shadow(206, 44) +
  `<rect x="103" y="30" width="34" height="22" rx="5" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<path d="M109 38 L109 46 M115 38 L115 46 M121 38 L121 46 M127 38 L127 46 M133 38 L133 46" stroke="${p.accentDark}" stroke-width="2" opacity="0.6"/>` +
  `<path d="M108 52 L132 52 L132 64 C132 76 158 80 158 104 L158 192 Q158 206 144 206 L96 206 Q82 206 82 192 L82 104 C82 80 108 76 108 64 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="82" y="120" width="76" height="54" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  (label
    ? text(label, 120, 147, 68, 15, p.accentText)
    : `<path d="M96 147 L144 147" stroke="${p.accentText}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`) +
  `<rect x="90" y="96" width="8" height="96" rx="4" fill="#ffffff" opacity="0.35"/>`;

const carton: Draw = (p, label) =>
  shadow(206, 60) +
  `<path d="M148 98 L178 86 L178 194 L148 206 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M148 98 L178 86 L163 56 Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M70 98 L148 98 L163 56 L85 56 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M85 56 L163 56 L163 44 L85 44 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="70" y="98" width="78" height="108" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M70 130 Q109 118 148 130 L148 176 L70 176 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5" stroke-linejoin="round"/>` +
  (label
    ? text(label, 109, 154, 70, 15, p.accentText)
    : `<circle cx="109" cy="153" r="12" fill="${p.accentLight}" opacity="0.9"/>`) +
  `<rect x="77" y="104" width="6" height="94" rx="3" fill="#ffffff" opacity="0.3"/>`;

const jug: Draw = (p, label) =>
  shadow(206, 56) +
  `<rect x="104" y="38" width="40" height="22" rx="5" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<path d="M110 58 L138 58 L138 72 Q170 82 170 112 L170 194 Q170 206 158 206 L82 206 Q70 206 70 194 L70 112 Q70 86 96 78 L110 72 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="140" y="88" width="18" height="42" rx="9" fill="${p.bgCircle}" stroke="${p.outline}" stroke-width="3"/>` +
  `<rect x="80" y="140" width="80" height="48" rx="8" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  (label
    ? text(label, 120, 164, 70, 16, p.accentText)
    : `<path d="M98 164 L142 164" stroke="${p.accentText}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`) +
  `<rect x="80" y="106" width="8" height="28" rx="4" fill="#ffffff" opacity="0.45"/>`;

const can: Draw = (p, label) =>
  shadow(204, 50) +
  `<path d="M78 64 L78 192 A42 11 0 0 0 162 192 L162 64 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M78 104 L162 104 L162 158 L78 158 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  (label
    ? text(label, 120, 131, 76, 16, p.accentText)
    : `<circle cx="120" cy="131" r="14" fill="${p.accentLight}" opacity="0.85"/>`) +
  `<rect x="144" y="70" width="12" height="120" rx="6" fill="${p.darker}" opacity="0.18"/>` +
  `<rect x="86" y="72" width="8" height="116" rx="4" fill="#ffffff" opacity="0.3"/>` +
  `<ellipse cx="120" cy="64" rx="42" ry="11" fill="#d1d5db" stroke="#6b7280" stroke-width="3"/>` +
  `<ellipse cx="120" cy="64" rx="33" ry="7" fill="#e5e7eb" stroke="#9ca3af" stroke-width="2"/>` +
  `<rect x="112" y="58" width="16" height="7" rx="3.5" fill="#9ca3af"/>`;

const box: Draw = (p, label) =>
  shadow(206, 62) +
  `<path d="M154 52 L180 40 L180 190 L154 202 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M64 52 L90 40 L180 40 L154 52 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="64" y="52" width="90" height="150" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<circle cx="109" cy="104" r="30" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  `<circle cx="109" cy="104" r="16" fill="${p.accentLight}" opacity="0.75"/>` +
  `<rect x="72" y="150" width="74" height="34" rx="6" fill="#ffffff" opacity="0.9"/>` +
  (label
    ? text(label, 109, 167, 66, 14, INK)
    : `<path d="M86 167 L132 167" stroke="${p.outline}" stroke-width="6" stroke-linecap="round" opacity="0.6"/>`) +
  `<rect x="70" y="60" width="6" height="134" rx="3" fill="#ffffff" opacity="0.25"/>`;

const bag: Draw = (p, label) =>
  shadow(206, 56) +
  `<path d="M70 54 Q62 124 72 190 L168 190 Q178 124 170 54 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<polygon points="70,56 ${zigzag(70, 170, 38, 44, 10)} 170,56" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<polygon points="72,188 ${zigzag(72, 168, 206, 200, 8)} 168,188" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M80 64 Q74 124 82 180" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.3"/>` +
  `<rect x="84" y="92" width="72" height="64" rx="14" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  (label
    ? text(label, 120, 124, 64, 15, p.accentText)
    : `<ellipse cx="120" cy="124" rx="20" ry="14" fill="${p.accentLight}" opacity="0.85"/>`) +
  `<path d="M156 70 Q162 124 156 176" fill="none" stroke="${p.darker}" stroke-width="5" stroke-linecap="round" opacity="0.2"/>`;

const loaf: Draw = (p, label) =>
  shadow(196, 80) +
  `<path d="M42 172 L42 128 Q42 86 84 80 Q120 58 156 80 Q198 86 198 128 L198 172 Q198 186 184 186 L56 186 Q42 186 42 172 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M42 150 Q120 162 198 150 L198 172 Q198 186 184 186 L56 186 Q42 186 42 172 Z" fill="${p.dark}" opacity="0.55"/>` +
  [70, 108, 146]
    .map(
      (x) =>
        `<path d="M${x} 116 Q${x + 12} 96 ${x + 30} 92" fill="none" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>`,
    )
    .join('') +
  `<path d="M66 96 Q84 82 104 80" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.35"/>` +
  tag(label, p);

const jar: Draw = (p, label) =>
  shadow(206, 54) +
  `<path d="M82 74 Q70 80 70 98 L70 190 Q70 206 86 206 L154 206 Q170 206 170 190 L170 98 Q170 80 158 74 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="76" y="44" width="88" height="30" rx="6" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<path d="M88 50 L88 68 M100 50 L100 68 M112 50 L112 68 M124 50 L124 68 M136 50 L136 68 M148 50 L148 68" stroke="${p.accentDark}" stroke-width="2.5" opacity="0.5"/>` +
  `<rect x="70" y="114" width="100" height="58" fill="${p.accentLight}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  `<path d="M70 122 L170 122 M70 164 L170 164" stroke="${p.accent}" stroke-width="3"/>` +
  (label
    ? text(label, 120, 143, 90, 16, p.accentDark)
    : `<path d="M96 143 L144 143" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`) +
  `<rect x="78" y="90" width="8" height="98" rx="4" fill="#ffffff" opacity="0.35"/>`;

const tub: Draw = (p, label) =>
  shadow(204, 62) +
  `<path d="M60 100 L180 100 L168 194 Q167 204 156 204 L84 204 Q73 204 72 194 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M64 130 L176 130 L171 170 L69 170 Z" fill="${p.accentLight}" stroke="${p.accentOutline}" stroke-width="2.5" stroke-linejoin="round"/>` +
  (label
    ? text(label, 120, 150, 96, 16, p.accentDark)
    : `<path d="M96 150 L144 150" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`) +
  `<path d="M60 86 Q120 56 180 86 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<rect x="52" y="84" width="136" height="20" rx="9" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<path d="M84 76 Q100 68 118 66" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.4"/>` +
  `<rect x="76" y="110" width="7" height="84" rx="3.5" fill="#ffffff" opacity="0.3"/>`;

const meatTray: Draw = (p, label) => {
  const trayRgb = luminance(p.accentRgb) > 0.6 ? p.accentRgb : WHITE;
  const tray = toHex(trayRgb);
  const well = toHex(mix(trayRgb, SLATE, 0.1));
  const rim = toHex(mix(trayRgb, SLATE, 0.4));
  const marble = toHex(mix(p.baseRgb, WHITE, 0.55));
  return (
    shadow(200, 88) +
    `<rect x="30" y="100" width="180" height="96" rx="22" fill="${tray}" stroke="${rim}" stroke-width="3"/>` +
    `<rect x="44" y="110" width="152" height="76" rx="14" fill="${well}"/>` +
    `<path d="M56 150 C52 120 96 112 116 126 C126 140 124 170 108 178 C88 186 58 178 56 150 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="2.5"/>` +
    `<path d="M100 146 C98 118 150 108 178 124 C194 136 188 172 164 178 C138 186 102 176 100 146 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="2.5"/>` +
    `<path d="M118 140 Q136 132 150 140 M128 158 Q148 150 170 156 M66 146 Q80 138 96 144" fill="none" stroke="${marble}" stroke-width="3" stroke-linecap="round" opacity="0.85"/>` +
    `<path d="M50 118 L82 104 M58 132 L104 112 M150 108 L176 100" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.55"/>` +
    (label
      ? `<rect x="126" y="168" width="76" height="28" rx="5" fill="#ffffff" stroke="${rim}" stroke-width="2"/>` +
        text(label, 164, 182, 68, 12, INK)
      : `<rect x="142" y="170" width="52" height="22" rx="4" fill="#ffffff" stroke="${rim}" stroke-width="2"/>` +
        `<path d="M150 178 L186 178 M150 185 L174 185" stroke="#94a3b8" stroke-width="2.5" stroke-linecap="round"/>`)
  );
};

const fish: Draw = (p, label) =>
  shadow(192, 76) +
  `<path d="M168 118 L208 86 Q198 118 208 152 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M104 84 Q124 58 150 86 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M34 120 C62 74 148 72 176 118 C148 164 62 166 34 120 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M40 126 C70 150 140 156 172 124 C146 160 64 162 40 126 Z" fill="${p.accent}" opacity="0.9"/>` +
  `<path d="M90 98 Q100 120 90 144" fill="none" stroke="${p.darker}" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M112 108 q6 -6 12 0 M130 110 q6 -6 12 0 M120 124 q6 -6 12 0 M138 126 q6 -6 12 0" fill="none" stroke="${p.darker}" stroke-width="2" stroke-linecap="round" opacity="0.45"/>` +
  `<path d="M104 136 Q116 150 126 138 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="2" stroke-linejoin="round"/>` +
  `<circle cx="64" cy="112" r="8" fill="#ffffff" stroke="${p.outline}" stroke-width="2"/>` +
  `<circle cx="66" cy="112" r="4" fill="${INK}"/>` +
  tag(label, p);

const eggCarton: Draw = (p, label) => {
  const eggs = (xs: number[], y: number, rx: number, ry: number) =>
    xs
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${p.base}" stroke="${p.outline}" stroke-width="2.5"/>` +
          `<ellipse cx="${x - rx / 3}" cy="${y - ry / 3}" rx="${rx / 4}" ry="${ry / 4}" fill="#ffffff" opacity="0.5"/>`,
      )
      .join('');
  const cups = [40, 80, 120, 160].map((x) => `Q${x + 20} ${134} ${x + 40} 150`).join(' ');
  return (
    shadow(204, 84) +
    `<path d="M50 56 L190 56 L198 112 L42 112 Z" fill="${p.accentLight}" stroke="${p.accentOutline}" stroke-width="3" stroke-linejoin="round"/>` +
    (label
      ? text(label, 120, 84, 120, 18, p.accentDark)
      : `<path d="M92 84 L148 84" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>`) +
    eggs([68, 104, 140, 176], 116, 15, 19) +
    eggs([62, 100, 140, 178], 136, 17, 21) +
    `<path d="M36 150 ${cups} L190 198 Q188 204 180 204 L60 204 Q52 204 50 198 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M76 156 L78 198 M116 156 L118 198 M156 156 L158 198" stroke="${p.accentDark}" stroke-width="2.5" opacity="0.5"/>`
  );
};

const cheese: Draw = (p, label) =>
  shadow(200, 84) +
  `<path d="M178 122 L208 88 L208 148 L178 184 Z" fill="${p.accent}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M32 136 L178 122 L208 88 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M32 136 L178 122 L178 184 L32 194 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<ellipse cx="80" cy="160" rx="10" ry="8" fill="${p.darker}" opacity="0.3"/>` +
  `<ellipse cx="128" cy="150" rx="13" ry="10" fill="${p.darker}" opacity="0.3"/>` +
  `<ellipse cx="150" cy="174" rx="7" ry="6" fill="${p.darker}" opacity="0.3"/>` +
  `<ellipse cx="104" cy="180" rx="6" ry="5" fill="${p.darker}" opacity="0.3"/>` +
  `<ellipse cx="150" cy="114" rx="9" ry="4" fill="${p.darker}" opacity="0.25"/>` +
  `<path d="M44 140 L170 128" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.35"/>` +
  tag(label, p);

const wineBottle: Draw = (p, label) => {
  const labelRgb = p.accentRgb;
  return (
    shadow(208, 34) +
    `<path d="M110 64 L110 88 C110 102 96 106 96 124 L96 200 Q96 208 104 208 L136 208 Q144 208 144 200 L144 124 C144 106 130 102 130 88 L130 64 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="107" y="26" width="26" height="44" rx="4" fill="${p.darker}" stroke="${p.outline}" stroke-width="3"/>` +
    `<path d="M107 60 L133 60" stroke="${p.accent}" stroke-width="3"/>` +
    `<rect x="96" y="140" width="48" height="46" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2"/>` +
    `<path d="M104 148 L136 148" stroke="${p.accentOutline}" stroke-width="1.5" opacity="0.6"/>` +
    (label
      ? text(label, 120, 166, 42, 12, textOn(labelRgb))
      : `<path d="M108 166 L132 166" stroke="${p.accentOutline}" stroke-width="4" stroke-linecap="round"/>`) +
    `<path d="M104 178 L136 178" stroke="${p.accentOutline}" stroke-width="1.5" opacity="0.6"/>` +
    `<rect x="101" y="118" width="5" height="70" rx="2.5" fill="#ffffff" opacity="0.3"/>`
  );
};

const cup: Draw = (p, label) =>
  shadow(206, 46) +
  `<path d="M78 84 L162 84 L150 198 Q149 206 140 206 L100 206 Q91 206 90 198 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M81 116 L159 116 L155 160 L85 160 Z" fill="#ffffff" opacity="0.88"/>` +
  (label
    ? text(label, 120, 138, 70, 14, p.accentDark)
    : `<path d="M100 138 L140 138" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`) +
  `<path d="M156 72 L186 56 L192 68 L166 84 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<rect x="70" y="72" width="100" height="16" rx="6" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<rect x="88" y="94" width="6" height="96" rx="3" fill="#ffffff" opacity="0.3" transform="rotate(-5 91 142)"/>`;

const pouch: Draw = (p, label) =>
  shadow(206, 56) +
  `<path d="M72 48 L168 48 L168 180 Q168 204 148 204 L92 204 Q72 204 72 180 Z" fill="${p.base}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M72 48 L168 48 L168 62 L72 62 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<ellipse cx="120" cy="55" rx="9" ry="3" fill="${p.bgCircle}"/>` +
  `<path d="M72 70 L78 73 L72 76" fill="none" stroke="${p.outline}" stroke-width="2"/>` +
  `<path d="M82 78 L158 78" stroke="${p.darker}" stroke-width="2.5" stroke-dasharray="6 4" opacity="0.6"/>` +
  `<rect x="84" y="98" width="72" height="66" rx="12" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2.5"/>` +
  (label
    ? text(label, 120, 131, 64, 15, p.accentText)
    : `<circle cx="120" cy="131" r="16" fill="${p.accentLight}" opacity="0.85"/>`) +
  `<path d="M76 186 Q120 198 164 186" fill="none" stroke="${p.darker}" stroke-width="2.5" opacity="0.35"/>` +
  `<rect x="80" y="86" width="6" height="96" rx="3" fill="#ffffff" opacity="0.3"/>`;

const BUNCH_BLOOMS: [number, number, number, 'dark' | 'base' | 'light'][] = [
  [88, 92, 22, 'dark'],
  [152, 92, 22, 'dark'],
  [104, 70, 24, 'base'],
  [138, 70, 24, 'base'],
  [120, 98, 26, 'base'],
  [96, 110, 18, 'light'],
  [146, 112, 18, 'light'],
  [121, 58, 18, 'light'],
];

const bunch: Draw = (p, label) =>
  shadow(204, 40) +
  `<path d="M112 200 L92 104 M117 200 L108 84 M123 200 L132 84 M128 200 L150 104 M120 200 L120 96" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>` +
  `<path d="M96 146 Q74 136 70 116 Q90 120 100 140 Z M144 146 Q166 136 170 116 Q150 120 140 140 Z" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="2" stroke-linejoin="round"/>` +
  BUNCH_BLOOMS.map(
    ([x, y, r, tone]) =>
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${p[tone]}" stroke="${p.outline}" stroke-width="2.5"/>` +
      `<circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="#ffffff" opacity="0.3"/>`,
  ).join('') +
  `<rect x="104" y="162" width="32" height="14" rx="4" fill="#c08552" stroke="#7a5230" stroke-width="2.5"/>` +
  tag(label, p);

const tray: Draw = (p, label) =>
  shadow(204, 92) +
  `<rect x="18" y="124" width="24" height="20" rx="8" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<rect x="198" y="124" width="24" height="20" rx="8" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<rect x="30" y="98" width="180" height="84" rx="22" fill="${p.accent}" stroke="${p.accentOutline}" stroke-width="3"/>` +
  `<rect x="42" y="106" width="156" height="56" rx="16" fill="${p.base}" stroke="${p.outline}" stroke-width="2.5"/>` +
  `<circle cx="70" cy="124" r="9" fill="${p.light}" opacity="0.9"/>` +
  `<circle cx="104" cy="136" r="11" fill="${p.dark}" opacity="0.7"/>` +
  `<circle cx="142" cy="122" r="10" fill="${p.light}" opacity="0.9"/>` +
  `<circle cx="172" cy="140" r="8" fill="${p.dark}" opacity="0.7"/>` +
  `<circle cx="86" cy="148" r="6" fill="${p.darker}" opacity="0.5"/>` +
  `<circle cx="158" cy="150" r="5" fill="#16a34a" opacity="0.85"/>` +
  `<circle cx="122" cy="116" r="4" fill="#16a34a" opacity="0.85"/>` +
  `<path d="M34 150 L206 150 L200 186 Q198 198 184 198 L56 198 Q42 198 40 186 Z" fill="${p.accentDark}" stroke="${p.accentOutline}" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M54 164 L96 164" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.3"/>` +
  (label
    ? `<rect x="136" y="158" width="64" height="28" rx="5" fill="#ffffff" stroke="${p.accentOutline}" stroke-width="2"/>` +
      text(label, 168, 172, 56, 12, INK)
    : '');

export const SHAPES: Record<IllustrationShape, Draw> = {
  'round-fruit': roundFruit,
  banana,
  leafy,
  root,
  berries,
  bottle,
  carton,
  jug,
  can,
  box,
  bag,
  loaf,
  jar,
  tub,
  'meat-tray': meatTray,
  fish,
  'egg-carton': eggCarton,
  cheese,
  'wine-bottle': wineBottle,
  cup,
  pouch,
  bunch,
  tray,
};
