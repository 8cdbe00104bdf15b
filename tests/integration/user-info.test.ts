import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { parseHost } from '~/modules/banners/hosts';
import { parseDeliveryAddress } from '~/modules/customers/delivery-address';
import { linkLoyaltyPartner, unlinkLoyaltyPartner } from '~/modules/customers/loyalty-partners.server';
import { PREFERENCE_DEF_IDS } from '~/modules/profile/profile-payload';
import { searchUidFor, userInfo } from '~/modules/customers/user-info.server';
import { featureFlags } from '~/modules/flags/feature-flags.server';
import type { SessionData } from '~/modules/session/session-schema';
import { allStores, forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

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
    language: 'en',
    headers: new Headers(),
  };
}

describe.each(DIALECTS)('user info on %s', (dialect) => {
  let test: TestDatabase;
  let storeId: string;
  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
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
      j4u: {
        storeId,
        zipcode: '98101',
        userData: null,
        storeData: { storeRewards: { storeId, hasDUG: store!.has_dug === 1 } },
        storeLocation: {
          storeId,
          name: store!.name,
          address1: store!.address1,
          zipcode: store!.zipcode,
          latitude: store!.latitude,
          timezone: store!.timezone,
        },
      },
      customer: null,
    });
  });

  it('gives the offers side the J4U store when the session names one, and none without a store', async () => {
    const stores = await allStores();
    const other = stores.find((candidate) => String(candidate.id) !== storeId && candidate.banner_id === 'greenleaf')!;
    const info = await userInfo(
      shopperFor('G', {
        info: {
          COMMON: { userType: 'G', storeId, zipcode: '98101', preference: 'Delivery' },
          J4U: { storeId: String(other.id), zipcode: other.zipcode },
        },
      }),
    );
    expect(info.j4u).toMatchObject({
      storeId: String(other.id),
      zipcode: other.zipcode,
      storeLocation: { storeId: String(other.id), city: other.city },
      storeData: { storeRewards: { storeId: String(other.id) } },
    });
    const storeless = await userInfo(shopperFor('A', { info: { COMMON: { userType: 'A' } } }));
    expect(storeless.j4u).toEqual({
      storeId: null,
      zipcode: null,
      userData: null,
      storeData: null,
      storeLocation: null,
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
    expect(info.j4u.userData).toEqual({
      customerId: '500001',
      houseId: info.customer!.houseId,
      clubCard: info.customer!.clubCard,
      firstName: 'Jordan',
    });
    const address = parseDeliveryAddress(info.customer!.deliveryAddress!);
    expect(address).toMatchObject({ type: 'DELIVERY', addressName: 'Home', st: expect.stringMatching(/^[A-Z]{2}$/) });
    expect(address!.adr2).toBe('Apt 4B');
  });

  it('says a ZIP code without a store is outside the service area', async () => {
    const info = await userInfo(shopperFor('G', { info: { COMMON: { userType: 'G', zipcode: '10001' } } }));
    expect(info.isInNoServiceArea).toBe(true);
  });

  describe('account standing and the active-session user', () => {
    const exp = () => Math.floor(Date.now() / 1000) + 600;
    const jordanAs = (userType: 'C' | 'R', preference: 'Delivery' | 'J4U' = 'Delivery') =>
      userInfo(
        shopperFor(
          userType,
          { info: { COMMON: { userType, storeId, zipcode: '98101', preference } } },
          { sub: '500001', customerId: '500001', firstName: 'Jordan', scope: 'shop', exp: exp() },
        ),
      );

    it('starts with every flag false for an open account of one banner with nothing linked', async () => {
      const info = await jordanAs('C');
      expect(info.customer).toMatchObject({
        isClosed: false,
        isCrossBannerMFCUser: false,
        dprefVisited: false,
        boxTopAuth: false,
        multiAccounts: false,
      });
    });

    it('reads each flag from its record: closed, an order on another banner, the welcome page, Box Tops, a shared household', async () => {
      const other = await test.db
        .selectFrom('customers')
        .select(['id', 'house_id'])
        .where('id', '=', 500002)
        .executeTakeFirstOrThrow();
      const jordan = await test.db
        .selectFrom('customers')
        .select('house_id')
        .where('id', '=', 500001)
        .executeTakeFirstOrThrow();
      const order = await test.db
        .selectFrom('orders')
        .select(['id', 'banner_id'])
        .where('customer_id', '=', 500001)
        .executeTakeFirstOrThrow();
      try {
        await test.db
          .updateTable('customers')
          .set({ closed_at: new Date().toISOString() })
          .where('id', '=', 500001)
          .execute();
        await test.db.updateTable('orders').set({ banner_id: 'mesa' }).where('id', '=', order.id).execute();
        // The delivery-preference step saves a fulfilment method on the banner; one on another banner does not count.
        await test.db
          .insertInto('customer_preferences')
          .values({
            customer_id: 500001,
            banner_id: 'mesa',
            preference_def_id: PREFERENCE_DEF_IDS.fulfillmentMethod,
            value: 'DELIVERY',
            updated_at: new Date().toISOString(),
          })
          .execute();
        expect((await jordanAs('C')).customer!.dprefVisited).toBe(false);
        await test.db
          .insertInto('customer_preferences')
          .values({
            customer_id: 500001,
            banner_id: 'greenleaf',
            preference_def_id: PREFERENCE_DEF_IDS.fulfillmentMethod,
            value: 'DELIVERY',
            updated_at: new Date().toISOString(),
          })
          .execute();
        expect(await linkLoyaltyPartner(500001, 'BOXTOPS', '123456789')).toEqual({ ok: true });
        await test.db.updateTable('customers').set({ house_id: jordan.house_id }).where('id', '=', other.id).execute();
        const info = await jordanAs('C');
        expect(info.customer).toMatchObject({
          isClosed: true,
          isCrossBannerMFCUser: true,
          dprefVisited: true,
          boxTopAuth: true,
          multiAccounts: true,
        });
        // A fuel partner is not Box Tops; the other account closed no longer makes two.
        await unlinkLoyaltyPartner(500001, 'BOXTOPS');
        expect(await linkLoyaltyPartner(500001, 'FUEL', '1234567890')).toEqual({ ok: true });
        await test.db
          .updateTable('customers')
          .set({ closed_at: new Date().toISOString() })
          .where('id', '=', other.id)
          .execute();
        expect((await jordanAs('C')).customer).toMatchObject({ boxTopAuth: false, multiAccounts: false });
      } finally {
        await test.db.updateTable('customers').set({ closed_at: null }).where('id', 'in', [500001, other.id]).execute();
        await test.db.updateTable('customers').set({ house_id: other.house_id }).where('id', '=', other.id).execute();
        await test.db.updateTable('orders').set({ banner_id: order.banner_id }).where('id', '=', order.id).execute();
        await test.db.deleteFrom('customer_loyalty_partners').where('customer_id', '=', 500001).execute();
        await test.db
          .deleteFrom('customer_preferences')
          .where('customer_id', '=', 500001)
          .where('preference_def_id', '=', PREFERENCE_DEF_IDS.fulfillmentMethod)
          .execute();
      }
    });

    it('says rewards enrolment from the club card and the store programme', async () => {
      const row = await test.db
        .selectFrom('customers')
        .innerJoin('stores', 'stores.id', 'customers.store_id')
        .select(['customers.club_card', 'stores.rewards_program_id', 'stores.id'])
        .where('customers.id', '=', 500001)
        .executeTakeFirstOrThrow();
      expect((await jordanAs('C')).customer!.isARenrolled).toBe(Boolean(row.club_card && row.rewards_program_id));
      await test.db.updateTable('stores').set({ rewards_program_id: null }).where('id', '=', row.id).execute();
      try {
        expect((await jordanAs('C')).customer!.isARenrolled).toBe(false);
      } finally {
        await test.db
          .updateTable('stores')
          .set({ rewards_program_id: row.rewards_program_id })
          .where('id', '=', row.id)
          .execute();
      }
    });

    it('gives a signed-in customer the active-session user with channel, store address and search id, never the token', async () => {
      const store = (await storeById(storeId))!;
      const info = await jordanAs('C');
      expect(info.activeSession).toMatchObject({
        customerId: '500001',
        firstName: 'Jordan',
        storeId,
        zipcode: '98101',
        channel: 'online',
        storeAddress: `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}`,
        hhid: info.customer!.houseId,
        clubCardNumber: info.customer!.clubCard,
        uuid: info.customer!.UUID,
      });
      expect(info.activeSession!.searchUid).toBe(searchUidFor(info.customer!.UUID));
      expect(info.activeSession!.searchUid).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(info.activeSession!.searchUid).not.toContain(info.customer!.UUID.slice(0, 8));
      expect(JSON.stringify(info)).not.toMatch(/token"/i);
      expect((await jordanAs('C', 'J4U')).activeSession!.channel).toBe('instore');
    });

    it('has no active-session user for a registered customer whose token lapsed, nor for a guest', async () => {
      expect((await jordanAs('R')).activeSession).toBeNull();
      const guest = await userInfo(shopperFor('G', { info: { COMMON: { userType: 'G', storeId } } }));
      expect(guest.activeSession).toBeNull();
    });
  });
});
