import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storeIdFromPath } from '~/modules/access/store-id-path';

describe('store id in a page path', () => {
  it('reads a 2-4 digit store id after the first dot', () => {
    expect(storeIdFromPath('/shop/aisles.1234.html')).toBe('1234');
    expect(storeIdFromPath('/shop/aisles.12.html')).toBe('12');
    expect(storeIdFromPath('/shop/product-details.321.960000001.html')).toBe('321');
  });

  it('ignores one digit, five digits, letters and pages without an id', () => {
    expect(storeIdFromPath('/shop/aisles.1.html')).toBeNull();
    expect(storeIdFromPath('/shop/aisles.12345.html')).toBeNull();
    expect(storeIdFromPath('/shop/aisles.12a4.html')).toBeNull();
    expect(storeIdFromPath('/shop/aisles.html')).toBeNull();
    expect(storeIdFromPath('/shop/product-details.960000001.html')).toBeNull();
    expect(storeIdFromPath('/')).toBeNull();
  });

  it('accepts exactly the ids of 2 to 4 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z]{0,6}$/), (candidate) => {
        const result = storeIdFromPath(`/shop/aisles.${candidate}.html`);
        expect(result).toBe(/^\d{2,4}$/.test(candidate) ? candidate : null);
      }),
    );
  });
});
