import { describe, expect, it } from 'vitest';
import { parseHost } from '~/modules/banners/hosts';
import type { Shopper } from '~/modules/access/shopper.server';
import { featureFlags } from '~/modules/flags/feature-flags.server';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { writeCookie } from '~/modules/session/session-cookie.server';
import type { SessionData } from '~/modules/session/session-schema';

function shopper(userType: Shopper['userType'], session: SessionData, site: 'C' | 'B' = 'C'): Shopper {
  const host = parseHost(site === 'B' ? 'business.localhost:3000' : 'localhost:3000', 'local-origin');
  return {
    userType,
    host,
    flags: featureFlags(host.environment),
    session,
    customer:
      userType === 'C' ? { sub: '1', customerId: '500001', firstName: 'Jordan', scope: 'shop', exp: 2e9 } : null,
    elevated: false,
    cookie: { siteType: site, secure: false },
    url: new URL('http://localhost:3000/foru/coupons-deals.html'),
    language: 'en',
    headers: new Headers(),
  };
}

const guest: SessionData = { info: { COMMON: { userType: 'G', storeId: '1001', zipcode: '98101' } } };

async function requestWith(cookies: string[] = []) {
  return new Request('http://localhost:3000/foru/coupons-deals.html', { headers: { Cookie: cookies.join('; ') } });
}

describe('the offers store', () => {
  it("is the session's store, with no customer for a guest", async () => {
    expect(await offerViewer(await requestWith(), shopper('G', guest))).toEqual({
      bannerId: 'greenleaf',
      customerId: null,
      storeId: 1001,
      siteType: 'C',
      language: 'en',
    });
  });

  it('prefers the offers (J4U) store of the session', async () => {
    const session: SessionData = { info: { ...guest.info, J4U: { storeId: '1017' } } };
    expect((await offerViewer(await requestWith(), shopper('G', session))).storeId).toBe(1017);
  });

  it("in edit-order mode is the order's store, from the OrderStoreId cookie", async () => {
    const cookie = (await writeCookie('orderStoreId', '1042', { siteType: 'C', secure: false }, {})).split(';')[0]!;
    const viewer = await offerViewer(await requestWith([cookie]), shopper('C', guest));
    expect(viewer).toEqual({ bannerId: 'greenleaf', customerId: 500001, storeId: 1042, siteType: 'C', language: 'en' });
  });

  it('ignores an OrderStoreId cookie that was not signed by us', async () => {
    expect((await offerViewer(await requestWith(['OrderStoreId=1042']), shopper('C', guest))).storeId).toBe(1001);
  });

  it('reads the B_-prefixed edit-order cookie on the business site', async () => {
    const cookie = (await writeCookie('orderStoreId', '1042', { siteType: 'B', secure: false }, {})).split(';')[0]!;
    expect(cookie.startsWith('B_OrderStoreId=')).toBe(true);
    expect((await offerViewer(await requestWith([cookie]), shopper('C', guest, 'B'))).storeId).toBe(1042);
  });
});
