import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { HALF_LIFE_DAYS, POINTS_PER_UNIT } from '~/modules/catalog/popularity';
import { refreshPopularity } from '~/modules/catalog/popularity-refresh.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { searchProductsPage } from '~/modules/search/search.server';
import { storeById, type Store } from '~/modules/stores/stores.server';
import { buildSmallCatalog, IDS, NOW, STORE } from './support/catalog';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { dropCatalogue, forgetCatalogueCaches } from './support/seeded-catalogue';

const CUSTOMER = 7001;
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe.each(DIALECTS)('popularity from orders on %s (docs/decisions/0076-popularity-from-orders.md)', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let orderSerial = 0;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await buildSmallCatalog(test.db, test.dialect);
    await test.db
      .insertInto('customers')
      .values({
        id: CUSTOMER,
        uuid: '00000000-0000-4000-a000-000000007001',
        email: 'popularity@pantry.test',
        first_name: 'Robin',
        last_name: 'Shopper',
        phone: '2065550100',
        club_card: '100000000000',
        house_id: 'HH100000000',
        banner_id: 'greenleaf',
        site_type: 'C',
        customer_type: 'C',
        company_name: null,
        tax_id: null,
        password_hash: null,
        zipcode: '98101',
        store_id: STORE,
        preference: 'Delivery',
        email_verified: 1,
        phone_verified: 0,
        created_at: daysBefore(400),
      })
      .execute();
    useDatabaseForTests(test);
    forgetCatalogueCaches();
    store = (await storeById(STORE))!;
  });
  afterAll(() => dropCatalogue(test));
  beforeEach(async () => {
    await test.db.deleteFrom('order_items').execute();
    await test.db.deleteFrom('orders').execute();
    await refreshPopularity(test.db, test.dialect, NOW);
  });

  /** An order of `lines` (product id → units) placed `daysAgo` days before NOW. */
  async function placeOrder(lines: Record<number, number>, { daysAgo = 0, status = 'PENDING' } = {}) {
    orderSerial += 1;
    const order = await test.db
      .insertInto('orders')
      .values({
        order_number: `C${String(20_000_000 + orderSerial)}`,
        site_type: 'C',
        customer_id: CUSTOMER,
        banner_id: 'greenleaf',
        store_id: STORE,
        status,
        fulfillment: 'DELIVERY',
        slot_start: daysBefore(daysAgo - 1),
        slot_end: daysBefore(daysAgo - 1.1),
        subtotal_cents: 1000,
        savings_cents: 0,
        fees_cents: 0,
        total_cents: 1000,
        placed_at: daysBefore(daysAgo),
        cutoff_at: daysBefore(daysAgo - 0.5),
        cancelled_at: status === 'CANCELLED' ? daysBefore(daysAgo) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto('order_items')
      .values(
        Object.entries(lines).map(([productId, quantity]) => ({
          order_id: order.id,
          product_id: Number(productId),
          quantity,
          unit_price_cents: 100,
        })),
      )
      .execute();
  }

  const ids = async (q: string) =>
    (await searchProductsPage(store, asSearchParams(searchParamsSchema.parse({ q })), NOW)).products!.items.map(
      (item) => item.id,
    );
  const popularityOf = async (id: number) =>
    (await test.db.selectFrom('products').select('popularity').where('id', '=', id).executeTakeFirstOrThrow())
      .popularity;

  it('ranks an ordered product above an equally relevant, more popular one once refreshed', async () => {
    // Both are name matches for "milk"; whole milk's prior (400) beats chocolate milk's (300).
    expect(await ids('milk')).toEqual([IDS.wholeMilk, IDS.chocolateMilk]);
    await placeOrder({ [IDS.chocolateMilk]: 12 });
    await placeOrder({ [IDS.chocolateMilk]: 8, [IDS.bananas]: 1 });
    expect(await ids('milk')).toEqual([IDS.wholeMilk, IDS.chocolateMilk]);

    const refresh = await refreshPopularity(test.db, test.dialect, NOW);
    expect(refresh).toEqual({ ordered: 2, changed: 2, reindexed: true });
    expect(await popularityOf(IDS.chocolateMilk)).toBe(300 + 20 * POINTS_PER_UNIT);
    expect(await ids('milk')).toEqual([IDS.chocolateMilk, IDS.wholeMilk]);
  });

  it('does not count a cancelled order', async () => {
    await placeOrder({ [IDS.chocolateMilk]: 20 }, { status: 'CANCELLED' });
    expect(await refreshPopularity(test.db, test.dialect, NOW)).toEqual({
      ordered: 0,
      changed: 0,
      reindexed: false,
    });
    expect(await popularityOf(IDS.chocolateMilk)).toBe(300);
    expect(await ids('milk')).toEqual([IDS.wholeMilk, IDS.chocolateMilk]);
  });

  it('puts a product back to its prior when its order is cancelled after a refresh', async () => {
    await placeOrder({ [IDS.chocolateMilk]: 20 });
    await refreshPopularity(test.db, test.dialect, NOW);
    expect(await ids('milk')).toEqual([IDS.chocolateMilk, IDS.wholeMilk]);

    await test.db.updateTable('orders').set({ status: 'CANCELLED' }).execute();
    expect(await refreshPopularity(test.db, test.dialect, NOW)).toMatchObject({ changed: 1, reindexed: true });
    expect(await popularityOf(IDS.chocolateMilk)).toBe(300);
    expect(await ids('milk')).toEqual([IDS.wholeMilk, IDS.chocolateMilk]);
  });

  it('counts an order placed two half-lives ago a quarter as much as one placed today', async () => {
    const [first, second] = [IDS.firstYogurt, IDS.firstYogurt + 1]; // priors 100 and 101
    await placeOrder({ [first]: 8 });
    await placeOrder({ [second]: 8 }, { daysAgo: 2 * HALF_LIFE_DAYS });
    await refreshPopularity(test.db, test.dialect, NOW);

    expect(await popularityOf(first)).toBe(100 + 8 * POINTS_PER_UNIT);
    expect(await popularityOf(second)).toBe(101 + 2 * POINTS_PER_UNIT);
    const yogurts = await ids('greek yogurt');
    expect(yogurts[0]).toBe(first);
    // The old order lifts the second yogurt (101 → 121) above the yogurts of prior 102…120, not above 122…129.
    expect(yogurts.indexOf(second)).toBeLessThan(yogurts.indexOf(IDS.firstYogurt + 19));
    expect(yogurts.indexOf(second)).toBeGreaterThan(yogurts.indexOf(IDS.firstYogurt + 29));
  });
});

describe.each(DIALECTS)('the seed on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, dialect, { products: 600, now: NOW, log: () => {} });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('lifts the products of its demo orders above their prior, and leaves the others at it', async () => {
    const rows = await test.db
      .selectFrom('products')
      .select(['id', 'popularity', 'popularity_prior'])
      .where((eb) => eb('popularity', '!=', eb.ref('popularity_prior')))
      .execute();
    const ordered = await test.db.selectFrom('order_items').select('product_id').distinct().execute();
    expect(ordered.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.id).sort()).toEqual(ordered.map((row) => row.product_id).sort());
    for (const row of rows) expect(row.popularity).toBeGreaterThan(row.popularity_prior);
    // Already computed: a refresh finds nothing to change.
    expect(await refreshPopularity(test.db, dialect, NOW)).toMatchObject({ changed: 0, reindexed: false });
  });
});
