import { describe, expect, it } from 'vitest';
import { escapeXml, renderIllustrationSvg } from '../../app/modules/catalog/illustration';
import { ILLUSTRATION_SHAPES } from '../../app/db/seed/data/shelf-vocabulary';

describe('renderIllustrationSvg', () => {
  it('renders every shape as a self-contained SVG document', () => {
    for (const shape of ILLUSTRATION_SHAPES) {
      const svg = renderIllustrationSvg({ shape, color: '#e0533d', accent: '#4f9a3a', label: 'Sample' });
      expect(svg.startsWith('<svg'), shape).toBe(true);
      expect(svg.endsWith('</svg>'), shape).toBe(true);
      expect(svg).toContain('viewBox="0 0 240 240"');
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('width="240" height="240"');
      expect(svg).not.toMatch(/<script|javascript:|href=|url\(|@import|<foreignObject/i);
      expect(svg).not.toMatch(/\bNaN\b|undefined/);
    }
  });

  it('draws each shape differently', () => {
    const bodies = ILLUSTRATION_SHAPES.map((shape) =>
      renderIllustrationSvg({ shape, color: '#336699', accent: '#ffcc00' }),
    );
    expect(new Set(bodies).size).toBe(ILLUSTRATION_SHAPES.length);
  });

  it('escapes and shortens the label', () => {
    for (const shape of ILLUSTRATION_SHAPES) {
      const svg = renderIllustrationSvg({ shape, color: '#336699', accent: '#ffcc00', label: '<&">' });
      expect(svg, shape).toContain('&lt;&amp;&quot;&gt;');
      expect(svg, shape).not.toContain('<&">');
    }
    const long = renderIllustrationSvg({
      shape: 'box',
      color: '#336699',
      accent: '#ffcc00',
      label: 'Extraordinarily Long Label',
    });
    expect(long).toContain('Extraordinari…');
    expect(long).not.toContain('Extraordinarily Long');
  });

  it('is deterministic and honours the size', () => {
    const input = { shape: 'carton', color: '#f79a1e', accent: '#3f8f3a', label: 'Juice', size: 96 } as const;
    expect(renderIllustrationSvg(input)).toBe(renderIllustrationSvg({ ...input }));
    expect(renderIllustrationSvg(input)).toContain('width="96" height="96"');
  });

  it('never lets colour input break out of an attribute', () => {
    const svg = renderIllustrationSvg({ shape: 'can', color: '"/><script>alert(1)</script>', accent: 'red' });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('alert');
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(escapeXml('plain')).toBe('plain');
  });
});
