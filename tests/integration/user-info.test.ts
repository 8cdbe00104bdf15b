import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { parseHost } from '~/modules/banners/hosts';
import { parseDeliveryAddress } from '~/modules/customers/delivery-address';
import { userInfo } from '~/modules/customers/user-info.server';
import { featureFlags } from '~/modules/flags/feature-flags.server';
import type { SessionData } from '~/modules/session/session-schema';
import { forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

function shopperFor(
  userType: Shopper['userType'],
  session: SessionData | null,
  customer: Shopper['customer'] = null,
): Shopper {
  const host = parseHost('localhost:3000', 'local-origin');
  return {
    userType,
    host,
    flags: featureFlags(host.environment),
    session,
    customer,
    elevated: false,
    cookie: { siteType: 'C', secure: false },
    url: new URL('http://localhost:3000/api/userinfo'),
    headers: new Headers(),
  };
}

describe.each(DIALECTS)('user info on %s', (dialect) => {
  let test: TestDatabase;
  let storeId: string;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 300, log: () => {} });
    useDatabaseForTests(test);
    forgetCachedStores();
    const jordan = await test.db
      .selectFrom('customers')
      .select('store_id')
      .where('id', '=', 500001)
      .executeTakeFirstOrThrow();
    storeId = String(jordan.store_id);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('describes a guest by store, banner and fulfilment, with no customer', async () => {
    const info = await userInfo(
      shopperFor('G', {
        info: { COMMON: { userType: 'G', storeId, zipcode: '98101', preference: 'Dug', Selection: 'user' } },
      }),
    );
    const store = await storeById(storeId);
    expect(info).toMatchObject({
      userType: 'G',
      registered: false,
      siteType: 'C',
      banner: 'greenleaf',
      displayableBanner: 'Greenleaf Market',
      branchId: storeId,
      zipcode: '98101',
      preferenceMode: 'Dug',
      selectionType: 'user',
      isInNoServiceArea: false,
      driveUpAndGoIsEnabled: store!.has_dug === 1,
      pickupAddress: `${store!.address1}, ${store!.city}, ${store!.state} ${store!.zipcode}`,
      j4u: { storeId, zipcode: '98101' },
      customer: null,
    });
  });

  it("describes a signed-in customer from their own records, with the delivery address as the spec's comma list", async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const info = await userInfo(
      shopperFor(
        'C',
        { info: { COMMON: { userType: 'C', storeId, zipcode: '98101', preference: 'Delivery' } } },
        { sub: '500001', customerId: '500001', firstName: 'Jordan', scope: 'shop', exp },
      ),
    );
    expect(info.registered).toBe(true);
    expect(info.customer).toMatchObject({
      customerId: '500001',
      firstName: 'Jordan',
      lastName: 'Rivera',
      email: 'jordan@pantry.test',
      orderCount: 1,
      orderNumber: null,
      expireTime: exp * 1000,
    });
    expect(info.customer!.clubCard).toMatch(/^\d+$/);
    const address = parseDeliveryAddress(info.customer!.deliveryAddress!);
    expect(address).toMatchObject({ type: 'DELIVERY', addressName: 'Home', st: expect.stringMatching(/^[A-Z]{2}$/) });
    expect(address!.adr2).toBe('Apt 4B');
  });

  it('says a ZIP code without a store is outside the service area', async () => {
    const info = await userInfo(shopperFor('G', { info: { COMMON: { userType: 'G', zipcode: '10001' } } }));
    expect(info.isInNoServiceArea).toBe(true);
  });
});
