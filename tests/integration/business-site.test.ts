import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { parseHost } from '~/modules/banners/hosts';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { cartPriceTier, customerPriceTier, shopperPriceTier } from '~/modules/catalog/price-tier.server';
import { storePriceCents, tierPriceCents } from '~/modules/catalog/pricing';
import { featuredProducts } from '~/modules/catalog/product-cards.server';
import { productDetails } from '~/modules/catalog/product-details.server';
import { BUSINESS_DETAILS_MESSAGE, registerCustomer } from '~/modules/identity/registration.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { offerDetails } from '~/modules/offers/offers.server';
import { productResults } from '~/modules/search/search.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { currentStore } from '~/modules/stores/current-store.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const CAFE_ID = 500003; // buyer@harborstreetcafe.test, a business customer of the greenleaf business site
const JORDAN_ID = 500001; // a consumer customer
const BUSINESS_HOST = parseHost('business.localhost:3600', 'local-origin');
const CONSUMER_HOST = parseHost('localhost:3600', 'local-origin');

const person = {
  firstName: 'Dana',
  lastName: 'Reyes',
  phone: '2065550123',
  password: 'Fresh-basil-42',
  zipcode: '98101',
};

/** The parts of a shopper that pricing reads: the host's site, and a verified customer (or none). */
function shopperOn(host: typeof BUSINESS_HOST, customerId: number | null, storeId: number): Shopper {
  return {
    host,
    userType: customerId === null ? 'G' : 'C',
    customer: customerId === null ? null : { customerId: String(customerId) },
    session: { info: { COMMON: { userType: customerId === null ? 'G' : 'C', storeId: String(storeId) } } },
  } as unknown as Shopper;
}

describe.each(DIALECTS)('business site on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productId: number;

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    // The most popular grocery product (the first featured card), without a store override.
    const product = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', productId).execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const ORIGIN = 'http://business.localhost:3000';
  describe('sign-up', () => {
    it('stores a business account with its company and EIN on the business host', async () => {
      const created = await registerCustomer(
        BUSINESS_HOST,
        {
          ...person,
          email: `dana-${dialect}@bakery.test`,
          companyName: 'Reyes Bakery Inc',
          taxId: '91-7654321',
        },
        ORIGIN,
      );
      expect(created.ok).toBe(true);
      const row = await test.db
        .selectFrom('customers')
        .select(['site_type', 'customer_type', 'company_name', 'tax_id', 'banner_id'])
        .where('email', '=', `dana-${dialect}@bakery.test`)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        site_type: 'B',
        customer_type: 'business',
        company_name: 'Reyes Bakery Inc',
        tax_id: '91-7654321',
        banner_id: 'greenleaf',
      });
      if (created.ok && created.outcome === 'created')
        expect(await customerPriceTier(created.customerId, 'B')).toBe('business');
    });

    it('refuses a business-host sign-up without company details and creates nothing', async () => {
      const email = `nocompany-${dialect}@bakery.test`;
      expect(await registerCustomer(BUSINESS_HOST, { ...person, email }, ORIGIN)).toEqual({
        ok: false,
        code: 'BUSINESS_DETAILS',
        field: 'companyName',
        message: BUSINESS_DETAILS_MESSAGE,
      });
      expect(await test.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst()).toBe(
        undefined,
      );
    });

    it('never stores company fields on the consumer host', async () => {
      const email = `consumer-${dialect}@example.test`;
      const created = await registerCustomer(
        CONSUMER_HOST,
        {
          ...person,
          email,
          companyName: 'Not A Business',
          taxId: '94-1234567',
        },
        ORIGIN,
      );
      expect(created.ok).toBe(true);
      const row = await test.db
        .selectFrom('customers')
        .select(['site_type', 'customer_type', 'company_name', 'tax_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ site_type: 'C', customer_type: 'consumer', company_name: null, tax_id: null });
    });
  });

  describe('price tier', () => {
    it('is business only for a business customer on the business site', async () => {
      expect(await customerPriceTier(CAFE_ID, 'B')).toBe('business');
      expect(await customerPriceTier(CAFE_ID, 'C')).toBe('consumer');
      expect(await customerPriceTier(JORDAN_ID, 'B')).toBe('consumer');
      expect(await customerPriceTier(null, 'B')).toBe('consumer');
      expect(await shopperPriceTier(shopperOn(BUSINESS_HOST, CAFE_ID, store.id))).toBe('business');
      expect(await shopperPriceTier(shopperOn(BUSINESS_HOST, null, store.id))).toBe('consumer');
      expect(await shopperPriceTier(shopperOn(CONSUMER_HOST, CAFE_ID, store.id))).toBe('consumer');
    });

    it('gives the same business price on the home cards, product page and search, in JS and SQL', async () => {
      const shelf = storePriceCents(
        (
          await test.db
            .selectFrom('products')
            .select('base_price_cents')
            .where('id', '=', productId)
            .executeTakeFirstOrThrow()
        ).base_price_cents,
        store.price_factor_bp,
      );
      const business = tierPriceCents(shelf, 'business');
      expect(business).toBeLessThan(shelf);

      const cafeStore = await currentStore(shopperOn(BUSINESS_HOST, CAFE_ID, store.id));
      const guestStore = await currentStore(shopperOn(BUSINESS_HOST, null, store.id));
      expect(cafeStore).toMatchObject({ id: store.id, priceTier: 'business' });
      expect(guestStore).toMatchObject({ id: store.id, priceTier: 'consumer' });

      const [card] = await featuredProducts(cafeStore, 1);
      expect(card).toMatchObject({ id: productId, priceCents: business, businessPrice: true });
      const [guestCard] = await featuredProducts(guestStore, 1);
      expect(guestCard).toMatchObject({ id: productId, priceCents: shelf });
      expect(guestCard).not.toHaveProperty('businessPrice');

      const details = await productDetails(productId, 'grocery', priceContextFor(cafeStore, cafeStore.banner_id));
      expect(details).toMatchObject({ priceCents: business, businessPrice: true });

      // Sorting by price happens in SQL: the order must follow the very prices the cards show.
      const ctx = priceContextFor(cafeStore, cafeStore.banner_id);
      const sorted = await productResults(ctx, {
        kind: 'grocery',
        tokens: [],
        filters: {},
        sort: 'price-asc',
        page: 1,
        pageSize: 40,
      });
      const prices = sorted.items.map((item) => item.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(sorted.items.every((item) => item.businessPrice)).toBe(true);
      // The price filter uses the SQL price: it must count exactly the products whose business
      // price (computed in JS) lies in the bucket, and the cheapest hits must lie in it too.
      const bucket = await productResults(ctx, {
        kind: 'grocery',
        tokens: [],
        filters: { price: '2-5' },
        sort: 'price-asc',
        page: 1,
        pageSize: 40,
      });
      const everyPrice = await test.db
        .selectFrom('products as p')
        .leftJoin('store_product_overrides as o', (join) =>
          join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
        )
        .select(['p.base_price_cents', 'o.price_cents'])
        .where('p.kind', '=', 'grocery')
        .execute();
      const inBucket = everyPrice
        .map((row) => storePriceCents(row.base_price_cents, store.price_factor_bp, row.price_cents, 'business'))
        .filter((cents) => cents >= 200 && cents <= 499).length;
      const shelfInBucket = everyPrice
        .map((row) => storePriceCents(row.base_price_cents, store.price_factor_bp, row.price_cents))
        .filter((cents) => cents >= 200 && cents <= 499).length;
      expect(inBucket).not.toBe(shelfInBucket); // the data can tell the two tiers apart
      expect(bucket.total).toBe(inBucket);
      for (const item of bucket.items) expect(item.priceCents).toBeGreaterThanOrEqual(200);
      for (const item of bucket.items) expect(item.priceCents).toBeLessThanOrEqual(499);
      const byId = await productResults(ctx, {
        kind: 'grocery',
        tokens: [],
        filters: {},
        sort: 'price-desc',
        page: 1,
        pageSize: 5,
      });
      for (const item of byId.items) {
        const again = await productDetails(item.id, 'grocery', ctx);
        expect(again?.priceCents).toBe(item.priceCents);
      }
    });

    it('prices the products of an offer at the business tier for a business customer on the business site', async () => {
      const now = new Date().toISOString();
      const offer = await test.db
        .selectFrom('offers as o')
        .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
        .select('o.id')
        .where('o.banner_id', '=', 'greenleaf')
        .where('o.starts_at', '<=', now)
        .where('o.ends_at', '>', now)
        .executeTakeFirstOrThrow();
      const viewer = { bannerId: 'greenleaf', customerId: CAFE_ID, storeId: store.id };
      const onBusiness = await offerDetails({ ...viewer, siteType: 'B' }, offer.id);
      const onConsumer = await offerDetails({ ...viewer, siteType: 'C' }, offer.id);
      expect(onBusiness?.products.length).toBeGreaterThan(0);
      expect(onBusiness!.products.map((p) => p.priceCents)).toEqual(
        onConsumer!.products.map((p) => tierPriceCents(p.priceCents, 'business')),
      );
    });

    it('prices a business cart at the business tier and a guest cart on the business site at shelf prices', async () => {
      const cafe = { customerId: CAFE_ID, bannerId: 'greenleaf', siteType: 'B' as const };
      const cartId = await cartForWriting(cafe, null, store.id);
      await addToCart(cartId, productId, 3, store.id);
      expect(await cartPriceTier(cartId)).toBe('business');
      const view = await cartView({
        cartId,
        customerId: CAFE_ID,
        bannerId: 'greenleaf',
        store,
        preference: 'Delivery',
      });
      const shelf = storePriceCents(
        (
          await test.db
            .selectFrom('products')
            .select('base_price_cents')
            .where('id', '=', productId)
            .executeTakeFirstOrThrow()
        ).base_price_cents,
        store.price_factor_bp,
      );
      expect(view.priceTier).toBe('business');
      expect(view.lines[0]).toMatchObject({ unitPriceCents: tierPriceCents(shelf, 'business'), quantity: 3 });

      const guestCart = await cartForWriting(
        { customerId: null, bannerId: 'greenleaf', siteType: 'B' },
        null,
        store.id,
      );
      await addToCart(guestCart, productId, 1, store.id);
      const guestView = await cartView({
        cartId: guestCart,
        customerId: null,
        bannerId: 'greenleaf',
        store,
        preference: null,
      });
      expect(guestView.priceTier).toBe('consumer');
      expect(guestView.lines[0]!.unitPriceCents).toBe(shelf);
    });
  });

  it('places a business order in the B series, with its lines at business prices', async () => {
    const cafe: OrderCustomer = { customerId: CAFE_ID, bannerId: 'greenleaf', siteType: 'B' };
    const jordan: OrderCustomer = { customerId: JORDAN_ID, bannerId: 'greenleaf', siteType: 'C' };
    const now = new Date();
    const slots = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable);

    async function order(customer: OrderCustomer, nth: number) {
      const cartId = await cartForWriting(customer, null, store.id);
      await addToCart(cartId, productId, 2, store.id);
      const held = await reserveSlot({
        slotId: slots[nth]!.id,
        cartId,
        customerId: customer.customerId,
        store,
        needsAttendedDelivery: false,
        now,
      });
      expect(held.ok).toBe(true);
      const addressId = await saveCheckoutAddress(customer, {
        address1: '1 Harbor St',
        city: 'Seattle',
        state: 'WA',
        zipcode: '98101',
      });
      const tenderId = await addTender(customer.customerId, '4111111111111111', '12/30');
      const placed = await placeOrder({ customer, cartId, store, preference: 'Delivery', addressId, tenderId, now });
      if (!placed.ok) throw new Error(`order refused: ${placed.code}`);
      return placed;
    }

    // The cart above already holds this product for the cafe; this order adds to it.
    const business = await order(cafe, 0);
    const consumer = await order(jordan, 1);
    expect(business.orderNumber).toMatch(/^B\d{8}$/);
    expect(consumer.orderNumber).toMatch(/^C\d{8}$/);
    expect(Number(business.orderNumber.slice(1))).toBeGreaterThanOrEqual(60_000_001);

    const businessLines = await test.db
      .selectFrom('order_items')
      .select(['product_id', 'unit_price_cents'])
      .where('order_id', '=', business.orderId)
      .execute();
    const consumerLines = await test.db
      .selectFrom('order_items')
      .select(['product_id', 'unit_price_cents'])
      .where('order_id', '=', consumer.orderId)
      .execute();
    const shelf = consumerLines.find((line) => line.product_id === productId)!.unit_price_cents;
    expect(businessLines.find((line) => line.product_id === productId)!.unit_price_cents).toBe(
      tierPriceCents(shelf, 'business'),
    );
    // The order belongs to the business site only.
    expect(await orderSummary(cafe, business.orderNumber, now)).not.toBeNull();
    expect(await orderSummary({ ...cafe, siteType: 'C' }, business.orderNumber, now)).toBeNull();
  });
});
