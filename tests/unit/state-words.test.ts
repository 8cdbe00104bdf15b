import { describe, expect, it } from 'vitest';
import { generateStateWords, isStateWords } from '~/modules/identity/state-words';

describe('generated state words (spec section 9)', () => {
  it('joins three or four lowercase words with hyphens', () => {
    for (let i = 0; i < 200; i++) {
      const state = generateStateWords();
      expect(isStateWords(state)).toBe(true);
      expect([3, 4]).toContain(state.split('-').length);
    }
    expect(generateStateWords(3).split('-')).toHaveLength(3);
    expect(generateStateWords(4).split('-')).toHaveLength(4);
  });

  it('is practically never the same twice', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => generateStateWords(4)));
    expect(seen.size).toBeGreaterThan(1990);
  });
});
