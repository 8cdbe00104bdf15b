import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAccess } from '~/modules/access/page-access';
import { loadShopper, requireUserType, useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { serializeSession, sessionCookie, writeCookie } from '~/modules/session/session-cookie.server';
import type { SessionData } from '~/modules/session/session-schema';
import { testIssuer } from './support/tokens';

const issuer = await testIssuer();
beforeAll(() => useTokenVerifierForTests(issuer.verifier));
afterAll(() => useTokenVerifierForTests(undefined));

const guest: SessionData = {
  info: { COMMON: { userType: 'G', storeId: '1008', zipcode: '98101', preference: 'Delivery' } },
};

async function cookiePair(setCookie: string) {
  return setCookie.split(';')[0]!;
}

async function request(path: string, cookies: string[] = [], host = 'localhost:3000') {
  return new Request(`http://${host}${path}`, { headers: { Host: host, Cookie: cookies.join('; ') } });
}

async function sessionPair(session: SessionData, site: 'C' | 'B' = 'C') {
  return cookiePair(await serializeSession(session, { siteType: site, secure: false }));
}

async function userPair(token: string, site: 'C' | 'B' = 'C') {
  return cookiePair(await sessionCookie('user', site).serialize({ token }));
}

describe('resolving the user type from cookies', () => {
  it('is A without cookies', async () => {
    expect((await loadShopper(await request('/'))).userType).toBe('A');
  });

  it('is G with a guest session that has a store', async () => {
    const shopper = await loadShopper(await request('/', [await sessionPair(guest)]));
    expect(shopper.userType).toBe('G');
    // The session as written: its cross-domain tags are derived from it (decision 0088).
    const xDTags = ['site:consumer', 'fulfilment:delivery', 'shopper:guest'];
    expect(shopper.session).toEqual({ info: { COMMON: { ...guest.info.COMMON, xDTags } } });
  });

  it('is C only with a verified, unexpired token', async () => {
    const shopper = await loadShopper(await request('/', [await userPair(await issuer.issue())]));
    expect(shopper.userType).toBe('C');
    expect(shopper.customer?.firstName).toBe('Jordan');
  });

  it('is R when the token expired, or when the session remembers a customer without a token', async () => {
    const expired = await loadShopper(
      await request('/', [await userPair(await issuer.issue({}, { expiresInSeconds: -1 }))]),
    );
    expect(expired.userType).toBe('R');
    const remembered = await loadShopper(
      await request('/', [await sessionPair({ info: { COMMON: { userType: 'C', storeId: '1008' } } })]),
    );
    expect(remembered.userType).toBe('R');
  });

  it('never trusts a token signed by someone else', async () => {
    const forger = await testIssuer();
    const shopper = await loadShopper(await request('/', [await userPair(await forger.issue())]));
    expect(shopper.userType).toBe('R');
    expect(shopper.customer).toBeNull();
  });

  it('drops a tampered session cookie, logs it, and continues as a fresh visitor', async () => {
    const pair = await sessionPair(guest);
    const [name, value] = pair.split('=') as [string, string];
    const tampered = `${name}=${value.replace(/^.{4}/, 'AAAA')}`;
    const shopper = await loadShopper(await request('/', [tampered]));
    expect(shopper.userType).toBe('A');
    expect(shopper.session).toBeNull();
    expect(shopper.headers.get('Set-Cookie')).toMatch(/^PANTRY_SESSION=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('drops a cookie whose signature is fine but whose content is not a session', async () => {
    const pair = await cookiePair(
      await sessionCookie('session', 'C').serialize({ info: { COMMON: { userType: 'Z' } } }),
    );
    const shopper = await loadShopper(await request('/', [pair, 'unrelated=1']));
    expect(shopper.userType).toBe('A');
    expect(shopper.headers.get('Set-Cookie')).toContain('PANTRY_SESSION=;');
  });

  it('reads only B_ cookies on the business site', async () => {
    const consumer = await sessionPair(guest, 'C');
    const business = await sessionPair(guest, 'B');
    expect(business.startsWith('B_PANTRY_SESSION=')).toBe(true);
    expect((await loadShopper(await request('/', [consumer], 'business.localhost'))).userType).toBe('A');
    expect((await loadShopper(await request('/', [business], 'business.localhost'))).userType).toBe('G');
    expect((await loadShopper(await request('/', [business], 'localhost'))).userType).toBe('A');
  });
});

describe('requireUserType', () => {
  const ordersPage = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: '/account/sign-in.html' } });
  const aislesPage = pageAccess({ allowedUserTypes: ['A', 'G', 'R', 'C'], storeIdSelector: true, escapeSSO: true });
  const attemptedSso = async () =>
    cookiePair(await writeCookie('signInCount', 1, { siteType: 'C', secure: false }, {}));

  it('first tries silent single sign-on once, on a page that does not escape it', async () => {
    try {
      await requireUserType(await request('/account/orders.html', [await sessionPair(guest)]), ordersPage);
      expect.unreachable('should redirect');
    } catch (thrown) {
      const response = thrown as Response;
      const location = new URL(response.headers.get('Location')!);
      expect(location.pathname).toBe('/oauth2/v1/authorize');
      expect(location.searchParams.get('prompt')).toBe('none');
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(response.headers.get('Set-Cookie')).toContain('PANTRY_SIGNIN_COUNT=');
    }
  });

  it('does not send the page rendered after a form post to the identity provider', async () => {
    const signInPage = pageAccess({ allowedUserTypes: ['A', 'G', 'R'] });
    // Remix renders after an action with a GET that keeps the POST's headers.
    const afterPost = new Request('http://localhost:3000/account/sign-in.html', {
      headers: {
        Host: 'localhost:3000',
        Cookie: await sessionPair(guest),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    });
    await expect(requireUserType(afterPost, signInPage)).resolves.toMatchObject({ userType: 'G' });
  });

  it('attempts single sign-on on an escaping page for a customer who chose to stay signed in', async () => {
    const kept = cookiePair(await writeCookie('keepMeSignedIn', 'true', { siteType: 'C', secure: false }, {}));
    const expired = await issuer.issue({}, { expiresInSeconds: -30 });
    const thrown = await requireUserType(
      await request('/shop/aisles.html', [await sessionPair(guest), await userPair(expired), await kept]),
      aislesPage,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(new URL((thrown as Response).headers.get('Location')!).searchParams.get('prompt')).toBe('none');
    // Without keep-me-signed-in the same lapsed customer just browses the escaping page as R.
    await expect(
      requireUserType(
        await request('/shop/aisles.html', [await sessionPair(guest), await userPair(expired)]),
        aislesPage,
      ),
    ).resolves.toMatchObject({ userType: 'R' });
  });

  it('sends a guest on a browsing page to single sign-on once when the banner-switch flag is on', async () => {
    const browse = async (cookies: string[]) =>
      requireUserType(await request('/shop/aisles.html', cookies), aislesPage).catch((error: unknown) => error);
    const guestCookie = await sessionPair(guest);
    const declined = cookiePair(
      await writeCookie('ssoDeclined', 'login_required', { siteType: 'C', secure: false }, {}),
    );
    delete process.env.FLAG_enableBannerSwitch;
    expect(await browse([guestCookie])).toMatchObject({ userType: 'G' });
    process.env.FLAG_enableBannerSwitch = 'true';
    try {
      const thrown = await browse([guestCookie]);
      expect(thrown).toBeInstanceOf(Response);
      const location = new URL((thrown as Response).headers.get('Location')!);
      expect(location.pathname).toBe('/oauth2/v1/authorize');
      expect(location.searchParams.get('prompt')).toBe('none');
      // Once: not while an attempt is under way, not after the provider said no, never for an anonymous visitor.
      expect(await browse([guestCookie, await attemptedSso()])).toMatchObject({ userType: 'G' });
      expect(await browse([guestCookie, await declined])).toMatchObject({ userType: 'G' });
      expect(await browse([])).toMatchObject({ userType: 'A' });
    } finally {
      delete process.env.FLAG_enableBannerSwitch;
    }
  });

  it('throws a redirect to sign-in with goto for a guest on a customer page', async () => {
    try {
      await requireUserType(
        await request('/account/orders.html?utm_source=mail', [await sessionPair(guest), await attemptedSso()]),
        ordersPage,
      );
      expect.unreachable('should redirect');
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(
        '/account/sign-in.html?goto=%2Faccount%2Forders.html%3Futm_source%3Dmail&utm_source=mail',
      );
    }
  });

  it('lets a signed-in customer through, marked authorized', async () => {
    const shopper = await requireUserType(
      await request('/account/orders.html', [await userPair(await issuer.issue())]),
      ordersPage,
    );
    expect(shopper).toMatchObject({ authorized: true, userType: 'C' });
  });

  it('reads the store id from the path when the page and the flag allow it', async () => {
    expect((await requireUserType(await request('/shop/aisles.1234.html'), aislesPage)).pathStoreId).toBe('1234');
    expect(
      await requireUserType(await request('/shop/aisles.1234.html', [await attemptedSso()]), ordersPage).catch(
        () => null,
      ),
    ).toBeNull();
    const noSelector = pageAccess({ allowedUserTypes: ['A'], escapeSSO: true });
    expect((await requireUserType(await request('/shop/aisles.1234.html'), noSelector)).pathStoreId).toBeNull();
    process.env.FLAG_enableStoreIdSelector = 'false';
    try {
      expect((await requireUserType(await request('/shop/aisles.1234.html'), aislesPage)).pathStoreId).toBeNull();
    } finally {
      delete process.env.FLAG_enableStoreIdSelector;
    }
  });
});

describe('cookie attributes', () => {
  it('signs, scopes and protects the session cookie', async () => {
    const header = await serializeSession(guest, { siteType: 'C', secure: true });
    expect(header).toMatch(/^PANTRY_SESSION=[^;]+\.[^;]+;/); // value.signature
    expect(header).toContain('HttpOnly');
    expect(header).toContain('Secure');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Max-Age=86400');
  });

  it('gives a customer session 45 minutes and a guest session one day', async () => {
    const customer = await serializeSession({ info: { COMMON: { userType: 'C' } } }, { siteType: 'C', secure: false });
    expect(customer).toContain('Max-Age=2700');
    expect(customer).not.toContain('Secure');
  });

  it('stays well under 4 KB for a full session', async () => {
    const full: SessionData = {
      info: {
        COMMON: {
          userType: 'G',
          preference: 'Delivery',
          Selection: 'user',
          zipcode: '98101-1234',
          storeId: '1008',
          wfcStoreId: 'WFC1008',
          resolvedBy: 'zipcode',
          deviceId: '7d1c9c2e-1111-4222-a333-444455556666',
          xDTags: ['a', 'b'],
        },
        J4U: { storeId: '1008', zipcode: '98101', address: '1 Main St, Seattle, WA 98101' },
        SHOP: { storeId: '1008', zipcode: '98101', address: '1 Main St, Seattle, WA 98101' },
        offbanner: { banner: 'sunridge', storeId: '2008', preference: 'Dug', zipcode: '90012', wfcStoreId: 'WFC2008' },
      },
    };
    expect((await serializeSession(full, { siteType: 'B', secure: true })).length).toBeLessThan(4096);
  });
});
