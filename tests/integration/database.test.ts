import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '~/db/migrate.server';
import { isSeeded, seedDatabase, WINE_COUNT } from '~/db/seed/seed.server';
import { DEMO_CUSTOMERS } from '~/db/seed/demo-customers';
import { createSeededTestDatabase, createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const NOW = new Date('2026-11-22T12:00:00Z');

describe.each(DIALECTS)('database on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 1_500, now: NOW });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('applies the migrations once; running them again changes nothing', async () => {
    expect((await migrateToLatest(test.db, test.dialect)).applied).toEqual([]);
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(test.db);
    expect(rows.rows.map((row) => row.name)).toEqual([
      '0001-initial',
      '0002-identity',
      '0003-password-resets',
      '0004-search',
      '0005-rewards',
      '0006-cart-orders',
      '0007-profile',
      '0008-passkeys',
      '0009-address-selections',
      '0010-subscriptions-pharmacy',
      '0012-shipping',
      '0013-search-order',
      '0014-token-renewals',
      '0015-health-probe',
      '0016-shopper-state-versions',
      '0017-search-facts',
      '0018-search-facts-in-step',
      '0020-rate-limit-expiry',
      '0021-search-cache-version',
      '0022-oidc-account-id',
      '0023-sign-in-delays',
      '0024-session-token-binding',
      '0025-search-synonyms',
      '0026-popularity-prior',
      '0027-search-intents',
      '0028-outbox-delivery',
      '0029-staff-roles',
      '0030-order-fulfilment',
      '0031-slot-closing',
      '0032-customer-standing',
      '0034-profile-prompt',
      '0035-home-content',
      '0036-outbox-expiry',
      '0037-saml-answered-requests',
      '0038-special-occasions',
      '0039-referrals',
      '0040-store-custom-fields',
      '0041-marketing-email',
      '0042-loyalty-cards',
      '0043-promo-codes',
      '0044-shopping-lists',
      '0045-checkout-extras',
      '0046-allergen-filters',
      '0047-weekly-ad',
      '0049-snap-flag',
      '0050-preferred-language',
      '0051-home-content-spanish',
      '0052-aisle-scoped-tag-tokens',
      '0053-catalogue-spanish',
      '0054-recipes-spanish',
      '0055-seller-taglines-spanish',
    ]);
  });

  it('records that it is seeded', async () => {
    expect(await isSeeded(test.db)).toBe(true);
  });

  it('has at least 3 banners and 150 stores across at least 3 states', async () => {
    const banners = await test.db.selectFrom('banners').select('id').execute();
    expect(banners.length).toBeGreaterThanOrEqual(3);
    const stores = await test.db.selectFrom('stores').selectAll().execute();
    expect(stores.length).toBeGreaterThanOrEqual(150);
    expect(new Set(stores.map((store) => store.state)).size).toBeGreaterThanOrEqual(3);
    for (const store of stores) {
      expect(String(store.id)).toMatch(/^\d{1,4}$/);
      expect(store.zipcode).toMatch(/^\d{5}$/);
      expect(store.timezone).toMatch(/^America\//);
    }
    expect(stores.some((store) => String(store.id).length === 2)).toBe(true);
    expect(stores.some((store) => store.is_wine_d2c_enabled === 1 && store.wfc_store_id)).toBe(true);
    expect(stores.some((store) => store.has_rush_delivery === 1)).toBe(true);
  });

  it('places stores at real ZIP codes with their real coordinates', async () => {
    const seattle = await test.db
      .selectFrom('stores')
      .selectAll()
      .where('zipcode', '=', '98101')
      .executeTakeFirstOrThrow();
    expect(seattle.latitude).toBeCloseTo(47.61, 1);
    expect(seattle.longitude).toBeCloseTo(-122.33, 1);
    expect(seattle.city).toBe('Seattle');
    expect(seattle.timezone).toBe('America/Los_Angeles');
  });

  it('has the catalogue the storefront needs', async () => {
    const count = async (kind: 'grocery' | 'wine' | 'marketplace') =>
      Number(
        (
          await test.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', kind)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('grocery')).toBe(1_500);
    expect(await count('wine')).toBe(WINE_COUNT);
    expect(await count('marketplace')).toBeGreaterThanOrEqual(500);
    const total = async (table: 'recipes' | 'sellers' | 'offers' | 'departments' | 'aisles') =>
      Number(
        (
          await test.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await total('recipes')).toBeGreaterThanOrEqual(200);
    expect(await total('sellers')).toBeGreaterThanOrEqual(20);
    expect(await total('offers')).toBeGreaterThanOrEqual(500);
    expect(await total('departments')).toBeGreaterThanOrEqual(12);
    const linked = await test.db
      .selectFrom('recipe_ingredients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('product_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(linked.n)).toBeGreaterThan(1_000);
    const attended = await test.db
      .selectFrom('products')
      .select('id')
      .where('attended_delivery_only', '=', 1)
      .where('kind', '=', 'grocery')
      .execute();
    expect(attended.length).toBeGreaterThan(0);
    const outOfStock = await test.db
      .selectFrom('store_product_overrides')
      .select('product_id')
      .where('stock_status', '=', 'out_of_stock')
      .execute();
    expect(outOfStock.length).toBeGreaterThan(0);
  });

  it('names products like a real grocery shelf', async () => {
    const names = (
      await test.db.selectFrom('products').select('name').where('kind', '=', 'grocery').limit(300).execute()
    ).map((r) => r.name);
    for (const name of names) {
      expect(name).toMatch(/^[A-Z0-9][^,]+, .+$/);
      expect(name.toLowerCase()).not.toMatch(/lorem|ipsum|undefined|null/);
    }
  });

  it('seeds the demo customers with a household, club card, address, clips, an order and a pet', async () => {
    const jordan = await test.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
    expect(jordan.club_card).toMatch(/^\d{12}$/);
    expect(jordan.house_id).toMatch(/^HH\d+$/);
    expect(jordan.password_hash).toMatch(/^\$argon2id\$/);
    const id = jordan.id;
    expect(
      await test.db.selectFrom('customer_addresses').select('id').where('customer_id', '=', id).execute(),
    ).toHaveLength(1);
    expect(
      (await test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', id).execute()).length,
    ).toBeGreaterThan(0);
    expect(await test.db.selectFrom('orders').select('id').where('customer_id', '=', id).execute()).toHaveLength(1);
    expect(await test.db.selectFrom('pets').select('name').where('customer_id', '=', id).execute()).toEqual([
      { name: 'Biscuit' },
    ]);
    const long = DEMO_CUSTOMERS.find((c) => c.firstName.length > 19)!;
    expect(
      await test.db.selectFrom('customers').select('first_name').where('email', '=', long.email).executeTakeFirst(),
    ).toBeDefined();
    const business = await test.db.selectFrom('customers').selectAll().where('site_type', '=', 'B').execute();
    expect(business.length).toBeGreaterThan(0);
    expect(business[0]!.company_name).toBeTruthy();
  });
});

describe('seeding', () => {
  it('is deterministic for a given random seed', async () => {
    const [a, b] = await Promise.all([createTestDatabase('sqlite'), createTestDatabase('sqlite')]);
    try {
      await seedDatabase(a.db, 'sqlite', { products: 400, now: NOW, log: () => {} });
      await seedDatabase(b.db, 'sqlite', { products: 400, now: NOW, log: () => {} });
      const names = (db: TestDatabase) =>
        db.db.selectFrom('products').select(['id', 'name', 'base_price_cents']).orderBy('id').limit(400).execute();
      expect(await names(a)).toEqual(await names(b));
      const stores = (db: TestDatabase) => db.db.selectFrom('stores').select(['id', 'zipcode']).orderBy('id').execute();
      expect(await stores(a)).toEqual(await stores(b));
    } finally {
      await a.drop();
      await b.drop();
    }
  });

  it('replaces existing data on a re-seed instead of duplicating it', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      await seedDatabase(db.db, 'sqlite', { products: 300, now: NOW, log: () => {} });
      await seedDatabase(db.db, 'sqlite', { products: 300, now: NOW, replace: true, log: () => {} });
      const stores = await db.db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stores.n)).toBeLessThan(200);
    } finally {
      await db.drop();
    }
  });
});
