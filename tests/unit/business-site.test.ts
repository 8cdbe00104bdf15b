import { afterEach, describe, expect, it } from 'vitest';
import { loadShopper } from '~/modules/access/shopper.server';
import { B2B_DISABLED_CODE, businessSiteClosed, consumerSiteUrl } from '~/modules/banners/business-site';
import { parseHost } from '~/modules/banners/hosts';
import { BUSINESS_TIER_DISCOUNT_BP, storePriceCents, tierPriceCents } from '~/modules/catalog/pricing';
import { featureFlags } from '~/modules/flags/feature-flags.server';
import {
  EIN_FORMAT_MESSAGE,
  EIN_PREFIX_MESSAGE,
  businessRegistrationSchema,
  parseEin,
  registrationSchema,
} from '~/modules/identity/registration-schema';
import {
  AUXILIARY_COOKIE_NAMES,
  SESSION_COOKIE_NAMES,
  auxiliaryCookieName,
  cookieName,
  type AuxiliaryCookieKind,
  type SessionCookieKind,
} from '~/modules/session/cookie-policy';
import { readSignedCookie, sessionCookie, writeCookie } from '~/modules/session/session-cookie.server';

const SESSION_KINDS = Object.keys(SESSION_COOKIE_NAMES) as SessionCookieKind[];
const AUXILIARY_KINDS = Object.keys(AUXILIARY_COOKIE_NAMES) as AuxiliaryCookieKind[];
const ALL_KINDS = [...SESSION_KINDS, ...AUXILIARY_KINDS];

describe('cookie names on the two site types', () => {
  it('prefixes every session and auxiliary cookie with B_ on the business site, and none on the consumer site', () => {
    for (const kind of SESSION_KINDS) {
      expect(cookieName(kind, 'C')).toBe(SESSION_COOKIE_NAMES[kind]);
      expect(cookieName(kind, 'B')).toBe(`B_${SESSION_COOKIE_NAMES[kind]}`);
    }
    for (const kind of AUXILIARY_KINDS) {
      expect(auxiliaryCookieName(kind, 'C')).toBe(AUXILIARY_COOKIE_NAMES[kind]);
      expect(auxiliaryCookieName(kind, 'B')).toBe(`B_${AUXILIARY_COOKIE_NAMES[kind]}`);
    }
  });

  it('covers the cookies the storefront sets, and no consumer name already starts with B_', () => {
    const names = ALL_KINDS.map((kind) => sessionCookie(kind, 'C').name);
    for (const name of names) expect(name.startsWith('B_')).toBe(false);
    // The audit list: session, user, visitor and session ids, KMSI, sign-in count, previous store,
    // delivery check, slot info, order store id, consent, assistant, reinit, onboarding, auth transaction.
    expect(names).toEqual(
      expect.arrayContaining([
        'PANTRY_SESSION',
        'PANTRY_USER',
        'PANTRY_VISITOR_ID',
        'PANTRY_SESSION_ID',
        'PANTRY_KMSI',
        'PANTRY_SIGNIN_COUNT',
        'PANTRY_SSO_DECLINED',
        'PANTRY_PREVIOUS_STORE',
        'PANTRY_DELIVERY_CHECK',
        'SlotInfo',
        'OrderStoreId',
        'PANTRY_CONSENT',
        'PANTRY_ASSISTANT',
        'PANTRY_REINIT',
        'PANTRY_ONBOARDING_EVENT',
        'PANTRY_AUTH_TX',
        'PANTRY_CART_ID',
        'PANTRY_ORDER_NUMBER',
      ]),
    );
  });

  it('writes every kind of cookie under its B_ name on the business site', async () => {
    for (const kind of ALL_KINDS) {
      const header = await writeCookie(kind, 'x', { siteType: 'B', secure: false }, { maxAgeSeconds: 60 });
      expect(header.split('=')[0]).toBe(`B_${sessionCookie(kind, 'C').name}`);
    }
  });

  it('does not read a consumer-site cookie on the business site, nor the other way round', async () => {
    const consumer = (
      await writeCookie('previousStore', { storeId: '1008' }, { siteType: 'C', secure: false }, {})
    ).split(';')[0]!;
    const business = (
      await writeCookie('previousStore', { storeId: '2001' }, { siteType: 'B', secure: false }, {})
    ).split(';')[0]!;
    const request = new Request('http://business.localhost:3000/', { headers: { Cookie: consumer } });
    const accept = (value: unknown) => value as { storeId: string };
    expect(await readSignedCookie(request, 'previousStore', 'B', accept)).toEqual({ status: 'absent' });
    const both = new Request('http://business.localhost:3000/', { headers: { Cookie: `${consumer}; ${business}` } });
    expect(await readSignedCookie(both, 'previousStore', 'B', accept)).toEqual({
      status: 'ok',
      value: { storeId: '2001' },
    });
    expect(await readSignedCookie(both, 'previousStore', 'C', accept)).toEqual({
      status: 'ok',
      value: { storeId: '1008' },
    });
  });
});

describe('EIN (US employer identification number) validation', () => {
  it('accepts NN-NNNNNNN and stores nine typed digits in that form', () => {
    expect(parseEin('94-1234567')).toEqual({ ok: true, ein: '94-1234567' });
    expect(parseEin(' 941234567 ')).toEqual({ ok: true, ein: '94-1234567' });
    expect(parseEin('12 3456789')).toEqual({ ok: true, ein: '12-3456789' });
  });

  it('refuses anything that is not two digits, a hyphen and seven digits', () => {
    for (const bad of ['', '94-123456', '94-12345678', '9-41234567', 'AB-1234567', '94_1234567', '94--1234567'])
      expect(parseEin(bad)).toEqual({ ok: false, message: EIN_FORMAT_MESSAGE });
  });

  it('refuses prefixes the IRS never issues', () => {
    for (const prefix of [
      '00',
      '07',
      '08',
      '09',
      '17',
      '18',
      '19',
      '28',
      '29',
      '49',
      '69',
      '70',
      '78',
      '79',
      '89',
      '96',
      '97',
    ])
      expect(parseEin(`${prefix}-1234567`)).toEqual({ ok: false, message: EIN_PREFIX_MESSAGE });
    for (const prefix of [
      '01',
      '10',
      '20',
      '27',
      '30',
      '48',
      '50',
      '68',
      '71',
      '77',
      '80',
      '88',
      '90',
      '95',
      '98',
      '99',
    ])
      expect(parseEin(`${prefix}-1234567`).ok).toBe(true);
  });

  const person = {
    firstName: 'Priya',
    lastName: 'Natarajan',
    email: 'Owner@Example.test',
    phone: '(415) 555-0190',
    password: 'Fresh-basil-42',
    zipcode: '98101',
  };

  it('asks the business form for a company name and an EIN on top of the usual fields', () => {
    const missing = businessRegistrationSchema.safeParse(person);
    expect(missing.success).toBe(false);
    const fields = missing.success ? [] : missing.error.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['companyName', 'taxId']));
    const bad = businessRegistrationSchema.safeParse({ ...person, companyName: 'Cafe Co', taxId: '00-1234567' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe(EIN_PREFIX_MESSAGE);
    const good = businessRegistrationSchema.parse({ ...person, companyName: '  Harbor Cafe LLC ', taxId: '941234567' });
    expect(good).toMatchObject({ companyName: 'Harbor Cafe LLC', taxId: '94-1234567', email: 'owner@example.test' });
  });

  it('leaves the consumer form without company fields (they are dropped if posted)', () => {
    const parsed = registrationSchema.parse({ ...person, companyName: 'Sneaky Co', taxId: '94-1234567' });
    expect(parsed).not.toHaveProperty('companyName');
    expect(parsed).not.toHaveProperty('taxId');
  });
});

describe('business price tier', () => {
  it('takes 10% off the shelf price, rounded half up to the cent', () => {
    expect(BUSINESS_TIER_DISCOUNT_BP).toBe(1_000);
    expect(tierPriceCents(399, 'business')).toBe(359); // 359.1
    expect(tierPriceCents(1_000, 'business')).toBe(900);
    expect(tierPriceCents(5, 'business')).toBe(5); // 4.5 → 5
    expect(tierPriceCents(1, 'business')).toBe(1); // 0.9 → 1: never free
    expect(tierPriceCents(399, 'consumer')).toBe(399);
  });

  it('applies after the store price zone and after a store override', () => {
    expect(storePriceCents(399, 11_000)).toBe(439);
    expect(storePriceCents(399, 11_000, null, 'business')).toBe(395);
    expect(storePriceCents(399, 11_000, 250, 'business')).toBe(225);
    expect(storePriceCents(399, 11_000, 250, 'consumer')).toBe(250);
  });
});

describe('isB2BDisabled', () => {
  const url = (href: string) => new URL(href);

  it('closes only the business site, and only while the flag is on', () => {
    const business = parseHost('business.localhost:3600', 'local-origin');
    expect(businessSiteClosed(business, { isB2BDisabled: false }, url('http://business.localhost:3600/'))).toBeNull();
    expect(
      businessSiteClosed(
        parseHost('localhost:3600', 'local-origin'),
        { isB2BDisabled: true },
        url('http://localhost:3600/'),
      ),
    ).toBeNull();
    expect(
      businessSiteClosed(business, { isB2BDisabled: true }, url('http://business.localhost:3600/shop/cart.html')),
    ).toEqual({
      code: B2B_DISABLED_CODE,
      message: expect.stringContaining('main site'),
      consumerUrl: 'http://localhost:3600/',
    });
  });

  it("links to the same banner's consumer site", () => {
    expect(
      consumerSiteUrl(
        parseHost('business.sunridge.localhost:3600', 'local-origin'),
        url('http://business.sunridge.localhost:3600/x'),
      ),
    ).toBe('http://sunridge.localhost:3600/');
    expect(
      consumerSiteUrl(parseHost('business-mesa.localhost', 'local-origin'), url('https://business-mesa.localhost/')),
    ).toBe('https://mesa.localhost/');
  });

  it('is switched on by FLAG_isB2BDisabled=true in any environment', () => {
    expect(featureFlags('prod', {}).isB2BDisabled).toBe(false);
    expect(featureFlags('prod', { FLAG_isB2BDisabled: 'true' }).isB2BDisabled).toBe(true);
    expect(featureFlags('local-origin', { FLAG_isB2BDisabled: 'true' }).isB2BDisabled).toBe(true);
  });

  describe('when resolving a request', () => {
    afterEach(() => {
      delete process.env.FLAG_isB2BDisabled;
    });

    it('answers every business-host request with a 503 closed page and sets no cookie', async () => {
      process.env.FLAG_isB2BDisabled = 'true';
      const request = new Request('http://business.localhost:3600/shop/search-results.html?q=milk', {
        headers: { Host: 'business.localhost:3600' },
      });
      const thrown = await loadShopper(request).then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get('Set-Cookie')).toBeNull();
      expect(await response.json()).toMatchObject({ code: B2B_DISABLED_CODE, consumerUrl: 'http://localhost:3600/' });
    });

    it('keeps the consumer host open with the flag on', async () => {
      process.env.FLAG_isB2BDisabled = 'true';
      const shopper = await loadShopper(new Request('http://localhost:3600/', { headers: { Host: 'localhost:3600' } }));
      expect(shopper.host.siteType).toBe('C');
      expect(shopper.flags.isB2BDisabled).toBe(true);
    });
  });
});
