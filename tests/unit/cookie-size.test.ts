import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { STAFF_CLAIM_MAX_STORES, STAFF_ROLES } from '~/modules/access/staff-access';
import { writeUserCookie } from '~/modules/identity/user-cookie.server';
import { serializeSession, writeCookie, type CookieContext } from '~/modules/session/session-cookie.server';
import { parseStoredSession } from '~/modules/session/session-schema';

/** Every cookie stays under 4 KB (browsers drop bigger ones), here at realistic maxima. */
const LIMIT = 4096;
// The business site's B_ names are the longest; Secure adds its attribute.
const context: CookieContext = { siteType: 'B', secure: true };
const wide = (length: number) => '漢'.repeat(length); // 3 bytes each in UTF-8, the worst a name can be

async function worstAccessToken() {
  const { privateKey } = await generateKeyPair('ES256');
  const now = Math.floor(Date.now() / 1000);
  // The claims the provider puts in a storefront access token (idp/provider.ts), each at its longest.
  return new SignJWT({
    auth_time: now,
    customerId: '999999999999',
    firstName: wide(60), // registration allows 60 characters
    hhid: 'H'.repeat(20),
    clubCard: '9'.repeat(20),
    uuid: 'e3d35b8c-fed5-4630-aba9-76f9b3f95a42',
    gid: 'g'.repeat(43),
    jti: 'j'.repeat(43),
    scope: 'shop used_credentials',
    client_id: 'pantry-storefront',
    // A staff account at as many stores as the claim lists, every role at each (decision 0079).
    staff: Array.from({ length: STAFF_CLAIM_MAX_STORES }, (_, index) => ({
      store: 9000 + index,
      roles: [...STAFF_ROLES],
    })),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k'.repeat(43) })
    .setSubject('999999999999')
    .setIssuer('https://identity.greenleaf-market.example.com')
    .setAudience('pantry-storefront')
    .setIssuedAt(now)
    .setExpirationTime(now + 2700)
    .sign(privateKey);
}

describe('cookie sizes at their maxima', () => {
  it('keeps the signed-in customer cookie (token, refresh token, remember) under 4 KB', async () => {
    const token = await worstAccessToken();
    const header = await writeUserCookie({ token, refreshToken: 'r'.repeat(200), remember: true }, context);
    expect(header.startsWith('B_PANTRY_USER=')).toBe(true);
    expect(header.length).toBeLessThan(LIMIT);
  });

  it('keeps the fullest session cookie under 4 KB', async () => {
    const part = { storeId: '9999', zipcode: '99999-9999', address: wide(200) };
    const session = parseStoredSession({
      info: {
        COMMON: {
          userType: 'C',
          preference: 'Delivery',
          Selection: 'user',
          zipcode: '99999-9999',
          storeId: '9999',
          wfcStoreId: 'w'.repeat(16),
          resolvedBy: 'r'.repeat(40),
          deviceId: 'd'.repeat(64),
          xDTags: Array.from({ length: 20 }, () => 'x'.repeat(40)),
        },
        J4U: part,
        SHOP: part,
        offbanner: { banner: 'b'.repeat(40), storeId: '9999', preference: 'Delivery', zipcode: '99999-9999' },
      },
    });
    expect(session).not.toBeNull();
    const header = await serializeSession(session!, context);
    expect(header.length).toBeLessThan(LIMIT);
  });

  it('keeps the sign-in transaction with the longest return address under 4 KB', async () => {
    const header = await writeCookie(
      'authTransaction',
      {
        state: 'word-'.repeat(8),
        nonce: 'n'.repeat(22),
        verifier: 'v'.repeat(43),
        goto: `/shop/search-results.html?q=${'a'.repeat(2000)}`, // the form accepts 2,048 characters
        remember: true,
        silent: false,
      },
      context,
      { maxAgeSeconds: 600 },
    );
    expect(header.length).toBeLessThan(LIMIT);
  });

  it('keeps the assistant sign-in parameters under 4 KB', async () => {
    const header = await writeCookie(
      'assistant',
      {
        client_id: 'pantry-assistant',
        redirect_uri: `https://assistant.example.com/${'p'.repeat(460)}`,
        scope: 's'.repeat(200),
        state: 's'.repeat(500),
      },
      context,
      { maxAgeSeconds: 600 },
    );
    expect(header.length).toBeLessThan(LIMIT);
  });
});
