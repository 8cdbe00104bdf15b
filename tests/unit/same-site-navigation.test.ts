import { describe, expect, it } from 'vitest';
import { isOwnNavigation } from '~/modules/http/same-site-navigation';

const OWN = ['http://localhost:3000', 'http://localhost:3001'];
const from = (headers: Record<string, string>) => isOwnNavigation(new Headers(headers), OWN);

describe('a navigation from our own origins', () => {
  it('is ours when its Origin or Referer names one of our origins exactly', () => {
    expect(from({ Referer: 'http://localhost:3000/account/overview.html', 'Sec-Fetch-Site': 'same-site' })).toBe(true);
    expect(from({ Origin: 'http://localhost:3001', 'Sec-Fetch-Site': 'same-origin' })).toBe(true);
    // Production may put the provider on another site: the storefront's Referer still says it is ours.
    expect(from({ Referer: 'http://localhost:3000/', 'Sec-Fetch-Site': 'cross-site' })).toBe(true);
  });

  it('is not ours when Origin or Referer names any other origin, a sibling port or subdomain included', () => {
    expect(from({ Referer: 'https://evil.example/page', 'Sec-Fetch-Site': 'cross-site' })).toBe(false);
    expect(from({ Referer: 'http://localhost:1337/', 'Sec-Fetch-Site': 'same-site' })).toBe(false);
    expect(from({ Referer: 'http://sunridge.localhost:3000/', 'Sec-Fetch-Site': 'same-site' })).toBe(false);
    expect(from({ Referer: 'https://localhost:3000/' })).toBe(false);
    expect(from({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).toBe(false);
    expect(from({ Referer: 'not a url' })).toBe(false);
  });

  it('without Origin or Referer, trusts only Sec-Fetch-Site same-origin or none', () => {
    expect(from({ 'Sec-Fetch-Site': 'same-origin' })).toBe(true);
    expect(from({ 'Sec-Fetch-Site': 'none' })).toBe(true);
    // A page that hides its Referer is not ours, even on the same site.
    expect(from({ 'Sec-Fetch-Site': 'same-site' })).toBe(false);
    expect(from({ 'Sec-Fetch-Site': 'cross-site' })).toBe(false);
    expect(from({})).toBe(false);
  });

  it("reads Koa's headers, where an absent header is an empty string", () => {
    const koa = (headers: Record<string, string>) => ({ get: (name: string) => headers[name.toLowerCase()] ?? '' });
    expect(isOwnNavigation(koa({ 'sec-fetch-site': 'cross-site' }), OWN)).toBe(false);
    expect(isOwnNavigation(koa({ referer: 'http://localhost:3000/x' }), OWN)).toBe(true);
  });
});
