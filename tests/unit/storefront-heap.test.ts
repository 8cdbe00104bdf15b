import { describe, expect, it } from 'vitest';
import { DEFAULT_STOREFRONT_OLD_SPACE_MB, storefrontHeapArgs } from '../../scripts/cluster';

describe('the storefronts’ heap bound (decision 0041) and initial old space', () => {
  it('bounds the old space by default, and lets it fill to 160 MB before full collections', () => {
    const defaults = [`--max-old-space-size=${DEFAULT_STOREFRONT_OLD_SPACE_MB}`, '--initial-old-space-size=160'];
    expect(storefrontHeapArgs({})).toEqual(defaults);
    expect(storefrontHeapArgs({ STOREFRONT_MAX_OLD_SPACE_MB: ' ' })).toEqual(defaults);
  });

  it('takes STOREFRONT_MAX_OLD_SPACE_MB, keeps the initial size within half of it, and 0 leaves V8 its own sizing', () => {
    expect(storefrontHeapArgs({ STOREFRONT_MAX_OLD_SPACE_MB: '1024' })).toEqual([
      '--max-old-space-size=1024',
      '--initial-old-space-size=160',
    ]);
    expect(storefrontHeapArgs({ STOREFRONT_MAX_OLD_SPACE_MB: '200' })).toEqual([
      '--max-old-space-size=200',
      '--initial-old-space-size=100',
    ]);
    expect(storefrontHeapArgs({ STOREFRONT_MAX_OLD_SPACE_MB: '0' })).toEqual([]);
  });

  it.each(['abc', '12.5', '-1', '63', '16385', '1e3x'])('refuses %j with a clear message', (value) => {
    expect(() => storefrontHeapArgs({ STOREFRONT_MAX_OLD_SPACE_MB: value })).toThrow(
      /STOREFRONT_MAX_OLD_SPACE_MB must be 0 or a whole number of MB from 64 to 16384/,
    );
  });
});
