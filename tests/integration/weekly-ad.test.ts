import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { addCalendarDays, adWeekOf, storeToday } from '~/modules/weekly-ad/ad-week';
import { weeklyAdAtStore } from '~/modules/weekly-ad/weekly-ad.server';
import { AD_DEALS_PER_WEEK } from '~/db/seed/weekly-ad.seed';
import { DIALECTS, type TestDatabase } from './support/databases';
import { deliverableGroceries, seededDeliveryWorld } from './support/fixtures';

describe.each(DIALECTS)('the weekly ad on %s (docs/decisions/0109-weekly-ad.md)', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let otherStore: Store;
  let productIds: number[];
  const now = new Date();

  async function addDeal(values: {
    product_id: number;
    kind: 'sale-price' | 'bogo';
    value: number;
    starts_on: string;
    ends_on: string;
    store_id?: number | null;
  }) {
    await test.db
      .insertInto('weekly_ad_deals')
      .values({ banner_id: 'greenleaf', store_id: null, min_quantity: 1, ...values })
      .execute();
  }

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    productIds = await deliverableGroceries(test.db, 4);
    const other = await test.db
      .selectFrom('stores')
      .selectAll()
      .where('banner_id', '=', 'greenleaf')
      .where('id', '<>', store.id)
      .executeTakeFirstOrThrow();
    otherStore = other;
    // Known prices: $3.99 a unit (a $4.00 base; shelf prices end in 9) at every store's price factor 1.
    await test.db.updateTable('products').set({ base_price_cents: 400 }).where('id', 'in', productIds).execute();
    await test.db.updateTable('stores').set({ price_factor_bp: 10_000 }).execute();
    forgetCachedStores();
    store = { ...store, price_factor_bp: 10_000 };
    otherStore = { ...otherStore, price_factor_bp: 10_000 };
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it("seeds each banner's ad for this week and the coming ones, department by department", async () => {
    const ad = await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), null, now);
    expect(ad.itemCount).toBeGreaterThan(AD_DEALS_PER_WEEK / 2);
    expect(ad.departments.length).toBeGreaterThan(3);
    const week = adWeekOf(storeToday(now, store.timezone));
    expect(ad.week).toMatchObject(week);
    for (const department of ad.departments)
      for (const item of department.items) {
        expect(item.validFrom <= storeToday(now, store.timezone)).toBe(true);
        expect(item.salePriceCents).toBeLessThanOrEqual(item.regularCents);
      }
    const weeks = await test.db.selectFrom('weekly_ad_deals').select('starts_on').distinct().execute();
    expect(weeks.length).toBe(5);
  });

  it('shows a deal only on the days it runs, by the store clock', async () => {
    const today = storeToday(now, store.timezone);
    await addDeal({ product_id: productIds[0]!, kind: 'sale-price', value: 299, starts_on: today, ends_on: today });
    await addDeal({
      product_id: productIds[1]!,
      kind: 'sale-price',
      value: 199,
      starts_on: addCalendarDays(today, 1),
      ends_on: addCalendarDays(today, 7),
    });
    await addDeal({
      product_id: productIds[1]!,
      kind: 'sale-price',
      value: 249,
      starts_on: addCalendarDays(today, -7),
      ends_on: addCalendarDays(today, -1),
    });
    const ad = await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), null, now);
    const items = ad.departments.flatMap((d) => d.items);
    const first = items.find((item) => item.product.id === productIds[0]);
    expect(first).toMatchObject({ salePriceCents: 299, regularCents: 399, headline: 'Sale', thisStoreOnly: false });
    expect(items.some((item) => item.product.id === productIds[1])).toBe(false);
  });

  it("keeps a store's own deal to that store", async () => {
    const today = storeToday(now, store.timezone);
    await addDeal({
      product_id: productIds[2]!,
      kind: 'bogo',
      value: 100,
      starts_on: today,
      ends_on: addCalendarDays(today, 6),
      store_id: store.id,
    });
    const here = (await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), null, now)).departments
      .flatMap((d) => d.items)
      .find((item) => item.product.id === productIds[2]);
    expect(here).toMatchObject({ headline: 'Buy 1, get 1 free', thisStoreOnly: true, salePriceCents: 399 });
    const there = (await weeklyAdAtStore(otherStore, priceContextFor(otherStore, 'greenleaf'), null, now)).departments
      .flatMap((d) => d.items)
      .find((item) => item.product.id === productIds[2]);
    expect(there).toBeUndefined();
  });

  it('leaves out a deal that saves nothing against a lower local price', async () => {
    const today = storeToday(now, store.timezone);
    await addDeal({ product_id: productIds[3]!, kind: 'sale-price', value: 349, starts_on: today, ends_on: today });
    await test.db
      .insertInto('store_product_overrides')
      .values({ store_id: store.id, product_id: productIds[3]!, price_cents: 329, stock_status: null })
      .execute();
    const items = (await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), null, now)).departments.flatMap(
      (d) => d.items,
    );
    expect(items.some((item) => item.product.id === productIds[3])).toBe(false);
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', productIds[3]!).execute();
  });

  it('narrows to one department and keeps the list of departments whole', async () => {
    const all = await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), null, now);
    const chosen = all.departments[1]!;
    const one = await weeklyAdAtStore(store, priceContextFor(store, 'greenleaf'), chosen.slug, now);
    expect(one.departments.map((d) => d.slug)).toEqual(all.departments.map((d) => d.slug));
    expect(one.departments.filter((d) => d.items.length > 0).map((d) => d.slug)).toEqual([chosen.slug]);
  });

  it("prices a guest's cart at the sale price without clipping, and only at the deal's store", async () => {
    const guest = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
    const cartId = await cartForWriting(guest, null, store.id);
    await addToCart(cartId, productIds[0]!, 3, store.id);
    await addToCart(cartId, productIds[2]!, 2, store.id);
    const view = await cartView({ cartId, customerId: null, bannerId: 'greenleaf', store, preference: 'Delivery' });
    const sale = view.lines.find((line) => line.productId === productIds[0]);
    const bogo = view.lines.find((line) => line.productId === productIds[2]);
    expect(sale).toMatchObject({ savingsCents: 3 * (399 - 299), offerTitle: 'Weekly ad' });
    expect(bogo).toMatchObject({ savingsCents: 399, offerTitle: 'Weekly ad' });
    expect(view.savingsCents).toBe(300 + 399);
    const elsewhere = await cartView({
      cartId,
      customerId: null,
      bannerId: 'greenleaf',
      store: otherStore,
      preference: 'Delivery',
    });
    expect(elsewhere.lines.find((line) => line.productId === productIds[2])?.savingsCents).toBe(0);
    expect(elsewhere.lines.find((line) => line.productId === productIds[0])?.savingsCents).toBe(300);
  });
});
