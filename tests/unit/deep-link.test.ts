import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDeepLink, stripDeepLink } from '~/modules/stores/deep-link';

const params = (query: string) => new URLSearchParams(query);

describe('deep links (spec sections 4 and 5)', () => {
  it.each([
    ['DELIVERY', 'Delivery'],
    ['PICKUP', 'Dug'],
    ['INSTORE', 'J4U'],
    ['delivery', 'Delivery'],
    ['Pickup', 'Dug'],
    ['inStore', 'J4U'],
  ])('maps preference %s to %s, in any case', (preference, expected) => {
    expect(parseDeepLink(params(`storeId=1008&preference=${preference}`))).toEqual({
      storeId: '1008',
      preference: expected,
      zipcode: null,
    });
  });

  it('needs both storeId and preference', () => {
    expect(parseDeepLink(params('storeId=1008'))).toBeNull();
    expect(parseDeepLink(params('preference=DELIVERY'))).toBeNull();
    expect(parseDeepLink(params('storeId=1008&preference=CURBSIDE'))).toBeNull();
  });

  it('accepts a store id of 1 to 4 digits only', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z]{0,6}$/), (storeId) => {
        const link = parseDeepLink(params(`storeId=${storeId}&preference=PICKUP`));
        expect(link !== null).toBe(/^\d{1,4}$/.test(storeId));
      }),
    );
  });

  it('keeps a 5-digit or ZIP+4 zipcode and ignores any other', () => {
    expect(parseDeepLink(params('storeId=12&preference=INSTORE&zipcode=98101'))?.zipcode).toBe('98101');
    expect(parseDeepLink(params('storeId=12&preference=INSTORE&zipcode=98101-1234'))?.zipcode).toBe('98101-1234');
    for (const bad of ['9810', '981011', '98101-12', 'abcde', '98101 1234']) {
      const link = parseDeepLink(params(`storeId=12&preference=INSTORE&zipcode=${encodeURIComponent(bad)}`));
      expect(link).toMatchObject({ storeId: '12', zipcode: null });
    }
  });

  it('ignores a link that carries a state parameter', () => {
    expect(parseDeepLink(params('storeId=1008&preference=DELIVERY&state=abc'))).toBeNull();
    expect(parseDeepLink(params('storeId=1008&preference=DELIVERY&state='))).toBeNull();
  });

  it('strips only the link parameters and keeps the rest of the URL', () => {
    const url = new URL(
      'http://localhost/shop/aisles.html?storeId=1008&utm_source=mail&preference=DELIVERY&zipcode=98101&q=milk#top',
    );
    expect(stripDeepLink(url)).toBe('/shop/aisles.html?utm_source=mail&q=milk#top');
    expect(stripDeepLink(new URL('http://localhost/?storeId=1&preference=PICKUP'))).toBe('/');
  });
});
