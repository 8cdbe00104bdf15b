import { describe, expect, it } from 'vitest';
import {
  assertSameOrigin,
  authenticatedByBearer,
  CROSS_SITE_MESSAGE,
  isCrossSite,
} from '~/modules/http/same-origin.server';

const post = (headers: Record<string, string>, method = 'POST') =>
  new Request('http://localhost:3000/foru/clip', { method, headers: { Host: 'localhost:3000', ...headers } });

describe('the one CSRF rule', () => {
  it('lets a same-origin post through', () => {
    expect(isCrossSite(post({ Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
  });

  it('refuses another site, by Sec-Fetch-Site, Origin or Referer alone', () => {
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(post({ Referer: 'https://evil.example/page' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'null' }))).toBe(true);
  });

  it('refuses a sibling banner host: same site, other origin', () => {
    expect(isCrossSite(post({ Origin: 'http://sunridge.localhost:3000', 'Sec-Fetch-Site': 'same-site' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'http://localhost:3001' }))).toBe(true);
  });

  it('never applies to a GET, nor to a caller without browser headers', () => {
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'cross-site' }, 'GET'))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });

  it('is not lifted by an Authorization header alone, only by a bearer token that authenticated the call', () => {
    const unchecked = post({ Authorization: 'Bearer abc', Origin: 'https://evil.example' });
    expect(isCrossSite(unchecked)).toBe(true);
    expect(() => assertSameOrigin(unchecked)).toThrow();
    const authenticated = post({ Authorization: 'Bearer abc', Origin: 'https://evil.example' });
    authenticatedByBearer(authenticated);
    expect(() => assertSameOrigin(authenticated)).not.toThrow();
  });

  it('answers a refusal as a 403 with a clear message', async () => {
    let thrown: unknown;
    try {
      assertSameOrigin(post({ Origin: 'https://evil.example' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE });
  });
});
