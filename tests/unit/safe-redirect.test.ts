import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownBannerOrigins } from '~/modules/access/redirect-policy.server';
import { carryMarketingParams, parseTrustedOrigin, safeRedirect } from '~/modules/access/safe-redirect';

const policy = {
  trustedOrigins: ['http://localhost:3000', 'http://sunridge.localhost:3000', 'https://greenleafmarket.com'],
  defaultUrl: '/',
};

describe('safe redirects (spec section 5)', () => {
  it.each(['/shop/search-results.html?q=milk', '/account/orders.html#recent', '/'])(
    'follows the relative path %s',
    (target) => {
      expect(safeRedirect(target, policy)).toBe(target);
    },
  );

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'http://evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2E//evil.example',
    '/\tevil',
    '/foo\r\nSet-Cookie: x=1',
    'https://user:pw@localhost/',
    'https://localhost.evil.example/',
    'https://evillocalhost/',
    'evil.example',
    '',
  ])('falls back to the default for %j', (target) => {
    expect(safeRedirect(target, policy)).toBe('/');
  });

  it('follows absolute URLs on the trusted list', () => {
    expect(safeRedirect('http://sunridge.localhost:3000/shop', policy)).toBe('http://sunridge.localhost:3000/shop');
    expect(safeRedirect('https://greenleafmarket.com/', policy)).toBe('https://greenleafmarket.com/');
    expect(safeRedirect('https://GreenLeafMarket.com:443/x', policy)).toBe('https://greenleafmarket.com/x');
    expect(safeRedirect('https://www.greenleafmarket.com/', policy)).toBe('/');
  });

  it.each([
    ['another port of a trusted host (another program on the machine)', 'http://localhost:1337/x'],
    ['a subdomain of a trusted host', 'http://evil.localhost:3000/x'],
    ['another scheme of a trusted origin', 'https://localhost:3000/x'],
    ['plain http to an https origin', 'http://greenleafmarket.com/'],
    ['an explicit other port of an https origin', 'https://greenleafmarket.com:8443/'],
  ])('pins scheme, host and port: refuses %s', (_name, target) => {
    expect(safeRedirect(target, policy)).toBe('/');
  });

  it('reads trusted entries as origins only', () => {
    expect(parseTrustedOrigin('https://shop.pantry.example')).toBe('https://shop.pantry.example');
    expect(parseTrustedOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(parseTrustedOrigin('https://shop.pantry.example:443')).toBe('https://shop.pantry.example');
    for (const entry of ['localhost', '.localhost', 'shop.pantry.example', 'https://x.example/path', 'ftp://x.example'])
      expect(parseTrustedOrigin(entry), entry).toBeNull();
  });

  it("trusts by default the storefront's own banner hosts on its own port, over http", () => {
    const origins = ownBannerOrigins(3000);
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://localhost:3000',
        'http://sunridge.localhost:3000',
        'http://business.localhost:3000',
        'http://business.mesa.localhost:3000',
      ]),
    );
    expect(origins).toHaveLength(8);
    const defaults = { trustedOrigins: origins, defaultUrl: '/' };
    expect(safeRedirect('http://localhost:1337/x', defaults)).toBe('/');
    expect(safeRedirect('http://evil.localhost:3000/x', defaults)).toBe('/');
    expect(safeRedirect('http://bayside.localhost:3000/x', defaults)).toBe('http://bayside.localhost:3000/x');
  });

  it('only ever returns a same-origin path or a trusted absolute URL', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%5C',
      '%252F',
      '\t',
      '\n',
      '@',
      ':',
      'evil.example',
      'localhost',
      'localhost:3000',
      ':1337',
      'sunridge.',
      'http://',
      'https:',
      'javascript:',
      '.',
      '?',
      '#',
      'a',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
        (target) => {
          const result = safeRedirect(target, policy);
          if (result.startsWith('/')) {
            expect(result.startsWith('//')).toBe(false);
            expect(result.includes('\\')).toBe(false);
            expect(new URL(result, 'http://base.invalid').origin).toBe('http://base.invalid');
          } else {
            expect(policy.trustedOrigins).toContain(new URL(result).origin);
          }
        },
      ),
      { numRuns: 20_000 },
    );
    // 20,000 runs take about 0.5 s alone, and more than the default 5 s when the machine is busy.
  }, 60_000);
});

describe('marketing parameters', () => {
  const current = new URL(
    'http://localhost/shop?utm_source=mail&utm_medium=email&r=home&referrer=partner-site&other=1&cmpid=77',
  );

  it('carries the allowed parameters, r and referrer onto a redirect, and drops the others', () => {
    const target = carryMarketingParams('/account/sign-in.html?goto=%2Fshop', current, [
      'utm_source',
      'utm_medium',
      'cmpid',
    ]);
    const url = new URL(target, 'http://localhost');
    expect(url.searchParams.get('utm_source')).toBe('mail');
    expect(url.searchParams.get('utm_medium')).toBe('email');
    expect(url.searchParams.get('cmpid')).toBe('77');
    expect(url.searchParams.get('r')).toBe('home');
    expect(url.searchParams.get('referrer')).toBe('partner-site');
    expect(url.searchParams.get('goto')).toBe('/shop');
    expect(url.searchParams.has('other')).toBe(false);
  });

  it('leaves a target alone when there is nothing to carry', () => {
    expect(carryMarketingParams('/x?y=1', new URL('http://localhost/'), ['utm_source'])).toBe('/x?y=1');
  });
});
