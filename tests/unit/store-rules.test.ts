import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShopPage } from '~/modules/catalog/shop-pages';
import { allowsGeoAddress, normalizeConsent } from '~/modules/session/consent';
import { OFF_BANNER_MESSAGES, offBannerBlock } from '~/modules/session/off-banner';
import { decodeAddressParam } from '~/modules/stores/address-param';
import { nextMidnight } from '~/modules/stores/delivery-check';
import { distanceMiles, normalizeZip, splitPostalCode } from '~/modules/stores/geo';
import { preferenceParam } from '~/modules/stores/preference-param';

describe('postal codes', () => {
  it('splits a code longer than 5 characters at the hyphen', () => {
    expect(splitPostalCode('98101-1234')).toEqual({ postalCode: '98101', postalCodeExtn: '1234' });
    expect(splitPostalCode('98101')).toEqual({ postalCode: '98101', postalCodeExtn: '' });
  });

  it('always yields a code of at most 5 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        const { postalCode } = splitPostalCode(value);
        expect(postalCode.length).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('normalizes only 5-digit and ZIP+4 codes', () => {
    expect(normalizeZip(' 98101 ')).toBe('98101');
    expect(normalizeZip('98101-1234')).toBe('98101-1234');
    expect(normalizeZip('9810')).toBeNull();
    expect(normalizeZip('hello')).toBeNull();
  });
});

describe('distances', () => {
  it('measures great-circle miles (Seattle to Portland is about 145 miles)', () => {
    const miles = distanceMiles({ latitude: 47.6114, longitude: -122.3305 }, { latitude: 45.5073, longitude: -122.69 });
    expect(miles).toBeGreaterThan(140);
    expect(miles).toBeLessThan(150);
  });
});

describe('off-banner session update (spec section 5)', () => {
  const complete = { preference: 'Delivery', storeId: '2008', banner: 'sunridge', zipcode: '90012' };

  it('needs preference, storeId, banner and zipcode, in that order', () => {
    expect(offBannerBlock({ ...complete, preference: '' })).toEqual({ ok: false, message: 'Preference is empty' });
    expect(offBannerBlock({ ...complete, storeId: ' ' })).toEqual({ ok: false, message: 'StoreId is empty' });
    expect(offBannerBlock({ ...complete, banner: undefined })).toEqual({ ok: false, message: 'Banner is empty' });
    expect(offBannerBlock({ ...complete, zipcode: null })).toEqual({ ok: false, message: 'Zipcode is empty' });
    expect(offBannerBlock({})).toEqual({ ok: false, message: OFF_BANNER_MESSAGES.preference });
  });

  it('builds the off-banner block when all four are present', () => {
    expect(offBannerBlock({ ...complete, wfcStoreId: 'WFC2008' })).toEqual({
      ok: true,
      offbanner: { ...complete, wfcStoreId: 'WFC2008' },
    });
  });
});

describe('delivery-check cookie expiry', () => {
  it('is the next midnight in the store time zone', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // 12:00 in Los Angeles
    expect(nextMidnight('America/Los_Angeles', now).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(nextMidnight('America/Denver', now).toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('is tomorrow when it is already past midnight UTC but still evening locally', () => {
    const now = new Date('2026-11-23T05:00:00Z'); // 21:00 on the 22nd in Los Angeles
    expect(nextMidnight('America/Los_Angeles', now).toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('is always in the next 24 hours', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), (now) => {
        const ms = nextMidnight('America/Phoenix', now).getTime() - now.getTime();
        expect(ms).toBeGreaterThan(0);
        expect(ms).toBeLessThanOrEqual(24 * 3_600_000);
      }),
    );
  });
});

describe('the addr parameter', () => {
  it('decodes a base64 address and finds its ZIP code', () => {
    const addr = Buffer.from('1200 Pine St, Seattle, WA 98101').toString('base64');
    expect(decodeAddressParam(addr)).toEqual({ address: '1200 Pine St, Seattle, WA 98101', zipcode: '98101' });
  });

  it('ignores anything that is not base64 text', () => {
    expect(decodeAddressParam('%%%')).toBeNull();
    expect(decodeAddressParam(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toBeNull();
    expect(decodeAddressParam('')).toBeNull();
  });
});

describe('consent', () => {
  it('always includes strictly necessary cookies and drops unknown categories', () => {
    expect(normalizeConsent(['C0003', 'X'])).toEqual(['C0001', 'C0003']);
    expect(normalizeConsent([])).toEqual(['C0001']);
  });

  it('allows the geo address cookie only with category C0003', () => {
    expect(allowsGeoAddress(['C0001', 'C0003'])).toBe(true);
    expect(allowsGeoAddress(['C0001', 'C0002'])).toBe(false);
    expect(allowsGeoAddress(null)).toBe(false);
  });
});

describe('shop pages and preference parameters', () => {
  it('reads aisles pages with and without a store id', () => {
    expect(parseShopPage('aisles.html')).toEqual({ kind: 'aisles', storeId: null });
    expect(parseShopPage('aisles.1234.html')).toEqual({ kind: 'aisles', storeId: '1234' });
    expect(parseShopPage('aisles.1.html')).toBeNull();
    expect(parseShopPage('other.html')).toBeNull();
  });

  it('maps resolver preferences in any case', () => {
    expect(preferenceParam.parse('instore')).toBe('J4U');
    expect(preferenceParam.parse('DELIVERY')).toBe('Delivery');
    expect(preferenceParam.parse('Pickup')).toBe('Dug');
    expect(preferenceParam.safeParse('drone').success).toBe(false);
  });
});
