/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import {
  IDENTITY_SESSION_MAX_AGE_S,
  SIGNED_IN_SESSION_LIFETIME_S,
  SYNDICATED_COOKIE_LIFETIME_S,
  auxiliaryCookieName,
} from '~/modules/session/cookie-policy';
import {
  crossDomainTags,
  MAX_SYNDICATED_COOKIE_LENGTH,
  parseSyndicatedUser,
  sameSyndicatedUser,
  syndicatedCookieValue,
  type SyndicatedUser,
} from '~/modules/session/syndicated-user';
import { SYNDICATED_LINKS, syndicatedHeaderCss, syndicatedHeaderHtml } from '~/modules/syndication/header-markup';
import type { PageAccess } from '~/modules/access/page-access';

const user: SyndicatedUser = {
  storeId: '1001',
  storeZip: '98101',
  storeAddress: '1500 Pine St, Seattle, WA 98101',
  preference: 'Delivery',
  xDTags: ['site:consumer', 'fulfilment:delivery', 'store:chosen', 'shopper:guest'],
};
const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('the syndicated user cookie (spec section 3)', () => {
  it('reads back what it writes', () => {
    expect(parseSyndicatedUser(syndicatedCookieValue(user))).toEqual(user);
  });

  it('is plain URL-encoded JSON another site can read without Pantry code', () => {
    expect(JSON.parse(decodeURIComponent(syndicatedCookieValue(user)))).toEqual(user);
  });

  it('ignores a cookie holding HTML', () => {
    expect(parseSyndicatedUser(encode({ ...user, storeAddress: '<img src=x onerror=alert(1)>' }))).toBeNull();
    expect(parseSyndicatedUser(encode({ ...user, storeId: '<b>1</b>' }))).toBeNull();
    expect(parseSyndicatedUser('<script>alert(1)</script>')).toBeNull();
  });

  it('ignores 10 KB of data without parsing it', () => {
    expect(parseSyndicatedUser('a'.repeat(10 * 1024))).toBeNull();
    const padded = encode({ ...user, storeAddress: 'x'.repeat(MAX_SYNDICATED_COOKIE_LENGTH) });
    expect(parseSyndicatedUser(padded)).toBeNull();
  });

  it('ignores a cookie that is not exactly its shape', () => {
    expect(parseSyndicatedUser(encode({ ...user, token: 'secret' }))).toBeNull();
    expect(parseSyndicatedUser(encode({ ...user, preference: 'Drone' }))).toBeNull();
    expect(parseSyndicatedUser(encode({ ...user, storeZip: '9810' }))).toBeNull();
    expect(parseSyndicatedUser(encode({ ...user, xDTags: ['Not A Tag'] }))).toBeNull();
    expect(parseSyndicatedUser(encode([user]))).toBeNull();
    expect(parseSyndicatedUser('%E0%A4%A')).toBeNull();
    expect(parseSyndicatedUser('')).toBeNull();
  });

  it('never writes markup or unknown fields, whatever it is given', () => {
    const written = decodeURIComponent(
      syndicatedCookieValue({ ...user, storeAddress: '1 <Main> St', extra: 'x' } as SyndicatedUser),
    );
    expect(written).not.toMatch(/[<>]/);
    expect(written).not.toContain('extra');
  });

  it('compares two cookies field by field', () => {
    expect(sameSyndicatedUser(user, { ...user })).toBe(true);
    expect(sameSyndicatedUser(user, { ...user, preference: 'Dug' })).toBe(false);
    expect(sameSyndicatedUser(null, null)).toBe(true);
    expect(sameSyndicatedUser(user, null)).toBe(false);
  });

  it('is named like every cookie of its site, B_ on the business site', () => {
    expect(auxiliaryCookieName('syndicatedUser', 'C')).toBe('PANTRY_SYND_USER');
    expect(auxiliaryCookieName('syndicatedUser', 'B')).toBe('B_PANTRY_SYND_USER');
  });
});

describe('cookie lifetimes from the identity provider (spec section 9)', () => {
  it("gives the syndicated cookie and the kept signed-in cookie the provider's session maxAge", () => {
    expect(SYNDICATED_COOKIE_LIFETIME_S).toBe(IDENTITY_SESSION_MAX_AGE_S);
    expect(SIGNED_IN_SESSION_LIFETIME_S).toBe(IDENTITY_SESSION_MAX_AGE_S);
  });
});

describe('xDTags, the cross-domain tags (decision 0088)', () => {
  it('says which site, fulfilment, store choice and shopper kind, and nothing else', () => {
    expect(crossDomainTags({ userType: 'G', preference: 'Dug', Selection: 'user', wfcStoreId: 'WFC1' }, 'C')).toEqual([
      'site:consumer',
      'fulfilment:pickup',
      'store:chosen',
      'store:wine',
      'shopper:guest',
    ]);
    expect(crossDomainTags({ userType: 'C', preference: 'J4U', Selection: 'default' }, 'B')).toEqual([
      'site:business',
      'fulfilment:instore',
      'store:default',
      'shopper:member',
    ]);
    expect(crossDomainTags({ userType: 'A' }, 'C')).toEqual(['site:consumer', 'shopper:guest']);
  });

  it('calls a registered customer whose token lapsed a member too, so the tags do not flicker', () => {
    expect(crossDomainTags({ userType: 'R' }, 'C')).toEqual(crossDomainTags({ userType: 'C' }, 'C'));
  });

  it('only writes tags the cookie rules accept', () => {
    const tags = crossDomainTags({ userType: 'C', preference: 'Delivery', Selection: 'user', wfcStoreId: 'W' }, 'B');
    expect(parseSyndicatedUser(syndicatedCookieValue({ ...user, xDTags: tags }))?.xDTags).toEqual(tags);
  });
});

describe('the syndicated header markup', () => {
  const view = {
    origin: 'https://shop.pantry.example',
    bannerName: 'Greenleaf Market',
    store: { name: 'Greenleaf <Seattle>', address: '1500 Pine St, Seattle', preference: 'Dug' as const },
    signedIn: false,
  };

  it('shows the store with its fulfilment method and a way to change it', () => {
    const html = syndicatedHeaderHtml(view);
    expect(html).toContain('Your store: <strong>Greenleaf &lt;Seattle&gt;</strong>');
    expect(html).toContain('DriveUp &amp; Go');
    expect(html).toContain('href="https://shop.pantry.example/set-store.html" target="_top">Change store</a>');
  });

  it('offers sign-in to a guest and the account to a signed-in customer', () => {
    expect(syndicatedHeaderHtml(view)).toContain('/account/sign-in.html" target="_top">Sign in</a>');
    const member = syndicatedHeaderHtml({ ...view, signedIn: true });
    expect(member).toContain('/account/overview.html" target="_top">Your account</a>');
    expect(member).not.toContain('Sign in');
  });

  it('asks for a store when there is none', () => {
    expect(syndicatedHeaderHtml({ ...view, store: null })).toContain('Choose your store');
  });

  it('links absolutely, into the top window, and loads its own stylesheet', () => {
    const html = syndicatedHeaderHtml(view);
    for (const match of html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>/g)) {
      expect(match[1]).toMatch(/^https:\/\/shop\.pantry\.example\//);
      expect(match[0]).toContain('target="_top"');
    }
    expect(html).toContain('<link rel="stylesheet" href="https://shop.pantry.example/syndication/header.css">');
    expect(html).toContain('action="https://shop.pantry.example/shop/search-results.html" target="_top"');
  });

  it('styles only its own classes, in checked banner colours', () => {
    const css = syndicatedHeaderCss({ brand: '22 128 60', brandDark: '}body{display:none', brandSoft: '1 2 3' });
    expect(css).toContain('rgb(22 128 60)');
    expect(css).not.toContain('body{display:none');
    for (const rule of css.split('\n').filter(Boolean)) expect(rule.startsWith('.pantry-synd')).toBe(true);
  });
});

describe('the pages the syndicated header links to allow syndication', () => {
  const modules = import.meta.glob<{ handle?: { access?: PageAccess } }>('../../app/routes/*.{ts,tsx}', {
    eager: true,
  });
  const routeFor: Record<keyof typeof SYNDICATED_LINKS, string> = {
    home: '_index.tsx',
    search: 'shop.search-results[.]html.tsx',
    aisles: 'shop.$page.tsx',
    coupons: 'foru.coupons-deals[.]html.tsx',
    setStore: 'set-store[.]html.tsx',
    signIn: 'account.sign-in[.]html.tsx',
    account: 'account.overview[.]html.tsx',
  };

  it.each(Object.keys(SYNDICATED_LINKS) as (keyof typeof SYNDICATED_LINKS)[])(
    '%s declares syndicatedHeader',
    (link) => {
      const entry = Object.entries(modules).find(([key]) => key.endsWith(`/routes/${routeFor[link]}`));
      expect(entry, routeFor[link]).toBeDefined();
      expect(entry![1].handle?.access?.syndicatedHeader).toBe(true);
    },
  );
});
