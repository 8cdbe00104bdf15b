import { describe, expect, it } from 'vitest';
import { isCrossSiteNavigation } from '~/modules/http/same-site-navigation';

const SIBLINGS = ['http://localhost:3000', 'http://sunridge.localhost:3000'];
const visit = (headers: Record<string, string>) => new Headers(headers);

describe('a navigation another site started (silent sign-on never starts from one)', () => {
  it('believes Sec-Fetch-Site first', () => {
    expect(isCrossSiteNavigation(visit({ 'Sec-Fetch-Site': 'cross-site' }), SIBLINGS)).toBe(true);
    for (const site of ['same-origin', 'same-site', 'none'])
      expect(isCrossSiteNavigation(visit({ 'Sec-Fetch-Site': site, Referer: 'https://evil.example/' }), SIBLINGS)).toBe(
        false,
      );
  });

  it('falls back on Origin, then Referer, for a browser without Sec-Fetch-Site', () => {
    expect(isCrossSiteNavigation(visit({ Referer: 'https://evil.example/page' }), SIBLINGS)).toBe(true);
    expect(isCrossSiteNavigation(visit({ Origin: 'https://evil.example' }), SIBLINGS)).toBe(true);
    expect(isCrossSiteNavigation(visit({ Origin: 'null' }), SIBLINGS)).toBe(true);
    expect(isCrossSiteNavigation(visit({ Referer: 'not a url' }), SIBLINGS)).toBe(true);
    expect(isCrossSiteNavigation(visit({ Referer: 'http://localhost:3000/shop/aisles.html' }), SIBLINGS)).toBe(false);
    expect(isCrossSiteNavigation(visit({ Referer: 'http://sunridge.localhost:3000/' }), SIBLINGS)).toBe(false);
  });

  it('takes another port of the same host for another origin', () => {
    expect(isCrossSiteNavigation(visit({ Referer: 'http://localhost:1337/' }), SIBLINGS)).toBe(true);
  });

  it('lets a typed or bookmarked navigation through (no header names a source)', () => {
    expect(isCrossSiteNavigation(visit({}), SIBLINGS)).toBe(false);
  });
});
