import { describe, expect, it } from 'vitest';
import { decideAccess } from '~/modules/access/access-decision';
import { pageAccess } from '~/modules/access/page-access';
import { pageAccessSchema } from '~/modules/access/page-access-schema';

const policy = { trustedOrigins: ['http://localhost'], defaultUrl: '/' };
const customerPage = pageAccess({
  allowedUserTypes: ['C'],
  redirections: { DEFAULT: '/account/sign-in.html', A: '/set-store.html' },
});

function decide(userType: 'A' | 'G' | 'R' | 'C', url: string, access = customerPage) {
  return decideAccess({ access, userType, url: new URL(url), marketingParams: ['utm_source', 'cmpid'], policy });
}

describe('page enforcement (spec section 4)', () => {
  it('authorizes an allowed user type', () => {
    expect(decide('C', 'http://localhost/account/orders.html')).toEqual({ authorized: true });
  });

  it('redirects a disallowed type to its own redirection', () => {
    expect(decide('A', 'http://localhost/account/orders.html')).toEqual({
      authorized: false,
      redirectTo: '/set-store.html',
    });
  });

  it('falls back to DEFAULT and remembers the page as goto on the sign-in target', () => {
    const decision = decide('R', 'http://localhost/account/orders.html?page=2');
    expect(decision).toEqual({
      authorized: false,
      redirectTo: '/account/sign-in.html?goto=%2Faccount%2Forders.html%3Fpage%3D2',
    });
  });

  it('keeps marketing parameters, r and referrer across the redirect', () => {
    const decision = decide('G', 'http://localhost/account/orders.html?utm_source=mail&r=nav&referrer=news&x=1');
    if (decision.authorized) throw new Error('expected a redirect');
    const target = new URL(decision.redirectTo, 'http://localhost');
    expect(target.pathname).toBe('/account/sign-in.html');
    expect(target.searchParams.get('utm_source')).toBe('mail');
    expect(target.searchParams.get('r')).toBe('nav');
    expect(target.searchParams.get('referrer')).toBe('news');
    expect(target.searchParams.has('x')).toBe(false);
    expect(target.searchParams.get('goto')).toBe('/account/orders.html?utm_source=mail&r=nav&referrer=news&x=1');
  });

  it('does not put the set-store page into goto (it is exempt)', () => {
    const access = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: '/account/sign-in.html' } });
    expect(decide('A', 'http://localhost/set-store.html', access)).toEqual({
      authorized: false,
      redirectTo: '/account/sign-in.html',
    });
  });

  it('never follows an unsafe configured redirection', () => {
    const access = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: '/\\evil.example' } });
    expect(decide('A', 'http://localhost/x', access)).toEqual({ authorized: false, redirectTo: '/' });
  });
});

describe('page access meta', () => {
  it('fills the defaults of the spec page meta settings', () => {
    expect(pageAccess({ allowedUserTypes: ['A', 'G'] })).toEqual({
      allowedUserTypes: ['A', 'G'],
      redirections: { DEFAULT: '/' },
      showZipcodeModal: false,
      allowGuestAuthentication: false,
      escapeSSO: false,
      syndicatedHeader: false,
      storeIdSelector: false,
    });
  });

  // pageAccess stays zod-free for the browser bundles; the schema judges meta (route-access.test checks every route).
  it('refuses meta without allowed types or with an unknown redirection key', () => {
    expect(() => pageAccessSchema.parse(pageAccess({ allowedUserTypes: [] }))).toThrow();
    expect(() =>
      pageAccessSchema.parse(pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: '/', X: '/y' } as never })),
    ).toThrow();
    expect(() => pageAccessSchema.parse(pageAccess({ allowedUserTypes: ['C'] }))).not.toThrow();
  });
});
