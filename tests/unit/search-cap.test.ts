import { describe, expect, it } from 'vitest';
import { countLabel, MATCH_CAP, pageCountFor } from '~/modules/search/query';
import { ID_SPAN, KIND_SPAN, MAX_POPULARITY, productIdOfKey, searchKey } from '~/modules/search/search-key';

describe('the search cap (docs/decisions/0020-search-latency.md)', () => {
  it('labels counts above the cap "1,000+" and others exactly', () => {
    expect(MATCH_CAP).toBe(1_000);
    expect(countLabel(0)).toBe('0');
    expect(countLabel(999)).toBe('999');
    expect(countLabel(MATCH_CAP)).toBe('1,000');
    expect(countLabel(MATCH_CAP + 1)).toBe('1,000+');
    expect(countLabel(250_000)).toBe('1,000+');
  });

  it('pages through the capped matches only, and always has a first page', () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(24)).toBe(1);
    expect(pageCountFor(25)).toBe(2);
    expect(pageCountFor(MATCH_CAP + 1)).toBe(Math.ceil(MATCH_CAP / 24));
    expect(pageCountFor(5_000, 10)).toBe(MATCH_CAP / 10);
  });
});

describe('search keys', () => {
  it('order one kind by popularity (most first), then id, and give the id back', () => {
    const products = [
      { popularity: 5, id: 960_000_009 },
      { popularity: 900, id: 960_000_002 },
      { popularity: 5, id: 960_000_001 },
      { popularity: 0, id: 960_000_003 },
    ];
    const byKey = [...products].sort((a, b) => {
      const [ka, kb] = [searchKey('grocery', a.popularity, a.id), searchKey('grocery', b.popularity, b.id)];
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    expect(byKey.map((p) => p.id)).toEqual([960_000_002, 960_000_001, 960_000_009, 960_000_003]);
    for (const p of products) expect(productIdOfKey(searchKey('grocery', p.popularity, p.id))).toBe(p.id);
  });

  it('keep each kind in its own range, clamp popularity and refuse ids that do not fit', () => {
    expect(searchKey('grocery', -5, 7)).toBe(searchKey('grocery', 0, 7));
    expect(searchKey('grocery', MAX_POPULARITY + 10, 7)).toBe(7n);
    expect(searchKey('grocery', 0, ID_SPAN - 1)).toBeLessThan(KIND_SPAN);
    expect(searchKey('wine', MAX_POPULARITY, 1)).toBe(KIND_SPAN + 1n);
    expect(searchKey('marketplace', 0, 1)).toBeLessThan(2n ** 63n);
    expect(() => searchKey('grocery', 1, ID_SPAN)).toThrow(RangeError);
  });
});
