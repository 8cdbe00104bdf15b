import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { pageAccess } from '~/modules/access/page-access';
import { loadShopper } from '~/modules/access/shopper.server';
import { serializeSession, writeCookie } from '~/modules/session/session-cookie.server';
import { sessionForStoreChoice } from '~/modules/session/store-choice.server';
import { establishGuestSession } from '~/modules/stores/guest-session.server';
import { forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { insertBanner, insertStore } from './support/fixtures';

const context = { siteType: 'C' as const, secure: false };
const guestPage = pageAccess({
  allowedUserTypes: ['A', 'G', 'R', 'C'],
  allowGuestAuthentication: true,
  escapeSSO: true,
});
const pair = (header: string) => header.split(';')[0]!;
const request = (path: string, cookies: string[] = [], method = 'GET') =>
  new Request(`http://localhost:3000${path}`, {
    method,
    headers: { Host: 'localhost:3000', Origin: 'http://localhost:3000', Cookie: cookies.join('; ') },
  });

describe('guest session establishment (spec section 4)', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    await insertBanner(test.db, 'greenleaf', 1001, '98101');
    await insertStore(test.db, {
      id: 1001,
      banner_id: 'greenleaf',
      zipcode: '98101',
      delivery_radius_miles: 25,
      is_wine_d2c_enabled: 1,
      wfc_store_id: 'WFC1001',
    });
    await insertStore(test.db, {
      id: 1234,
      banner_id: 'greenleaf',
      zipcode: '98033',
      delivery_radius_miles: 5,
      timezone: 'America/Los_Angeles',
    });
    await insertStore(test.db, {
      id: 77,
      banner_id: 'greenleaf',
      zipcode: '98004',
      is_wine_d2c_enabled: 1,
      wfc_store_id: null,
    });
    useDatabaseForTests(test);
  });
  beforeEach(() => {
    forgetCachedStores();
    delete process.env.EXCLUDED_STORE_IDS;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  async function establish(
    path: string,
    cookies: string[] = [],
    pathStoreId: string | null = null,
    method = 'GET',
    access = guestPage,
  ) {
    const req = request(path, cookies, method);
    return establishGuestSession(req, await loadShopper(req), access, pathStoreId);
  }

  it('reuses the previously signed-in store', async () => {
    const previous = pair(
      await writeCookie('previousStore', { storeId: '1234', preference: 'Dug', zipcode: '98033' }, context, {}),
    );
    const outcome = await establish('/shop/aisles.html', [previous]);
    expect(outcome).toMatchObject({
      kind: 'session',
      session: {
        info: { COMMON: { userType: 'G', storeId: '1234', preference: 'Dug', resolvedBy: 'previous-store' } },
      },
    });
  });

  it('skips a previous store on the excluded list, then uses a valid store id from the URL path', async () => {
    process.env.EXCLUDED_STORE_IDS = '1234, 55';
    const previous = pair(
      await writeCookie('previousStore', { storeId: '1234', preference: 'Dug', zipcode: '98033' }, context, {}),
    );
    const outcome = await establish('/shop/aisles.77.html', [previous], '77');
    expect(outcome).toMatchObject({
      kind: 'session',
      session: { info: { COMMON: { storeId: '77', preference: 'J4U', resolvedBy: 'url', Selection: 'user' } } },
    });
  });

  it('falls back to the banner default store, marked as a default selection', async () => {
    const outcome = await establish('/shop/aisles.9999.html', [], '9999', 'POST');
    expect(outcome).toMatchObject({
      kind: 'session',
      session: { info: { COMMON: { storeId: '1001', Selection: 'default', zipcode: '98101' } } },
    });
  });

  it('leaves the banner-default guest session to the first state-changing request on a page A may see', async () => {
    expect(await establish('/shop/product-details.960000001.html')).toEqual({ kind: 'unchanged' });
    expect(await establish('/shop/aisles.9999.html', [], '9999')).toEqual({ kind: 'unchanged' });
    // A page A may not see still makes the default guest on a GET (else A would be sent away).
    const guestsOnly = pageAccess({ allowedUserTypes: ['G', 'R', 'C'], allowGuestAuthentication: true });
    expect(await establish('/shop/aisles.html', [], null, 'GET', guestsOnly)).toMatchObject({
      kind: 'session',
      session: { info: { COMMON: { storeId: '1001', Selection: 'default' } } },
    });
  });

  it('checks once a day that a delivery store still delivers, else falls back to the default', async () => {
    // Store 1234 delivers only 5 miles around Kirkland; 98101 is about 7 miles away.
    const far = pair(
      await serializeSession(
        { info: { COMMON: { userType: 'G', storeId: '1234', zipcode: '98101', preference: 'Delivery' } } },
        context,
      ),
    );
    const outcome = await establish('/shop/aisles.html', [far]);
    expect(outcome.kind).toBe('session');
    if (outcome.kind !== 'session') return;
    expect(outcome.session.info.COMMON).toMatchObject({ storeId: '1001', zipcode: '98101', Selection: 'default' });
    const check = outcome.setCookies.find((cookie) => cookie.startsWith('PANTRY_DELIVERY_CHECK='))!;
    const expires = new Date(/Expires=([^;]+)/.exec(check)![1]!);
    expect(expires.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(expires.getUTCHours()).toBeGreaterThanOrEqual(7); // local midnight on the US west coast
  });

  it('keeps a delivery store that still delivers and does not check again that day', async () => {
    const near = pair(
      await serializeSession(
        { info: { COMMON: { userType: 'G', storeId: '1001', zipcode: '98033', preference: 'Delivery' } } },
        context,
      ),
    );
    const first = await establish('/shop/aisles.html', [near]);
    expect(first.kind).toBe('session');
    if (first.kind !== 'session') return;
    expect(first.session.info.COMMON.storeId).toBe('1001');
    const checked = pair(first.setCookies.find((cookie) => cookie.startsWith('PANTRY_DELIVERY_CHECK='))!);
    expect(await establish('/shop/aisles.html', [near, checked])).toEqual({ kind: 'unchanged' });
  });

  it('stores the wine store id only when wine D2C is on and an id exists (wine program)', async () => {
    const shopper = await loadShopper(request('/'));
    const withWine = sessionForStoreChoice(shopper, {
      store: (await storeById('1001'))!,
      preference: 'J4U',
      selection: 'user',
    });
    expect(withWine.ok && withWine.session.info.COMMON.wfcStoreId).toBe('WFC1001');
    const previous = withWine.ok ? withWine.session : null;
    const without = sessionForStoreChoice(
      { ...shopper, session: previous },
      { store: (await storeById('77'))!, preference: 'J4U', selection: 'user' },
    );
    expect(without.ok && 'wfcStoreId' in JSON.parse(JSON.stringify(without.session.info.COMMON))).toBe(false);
  });
});
