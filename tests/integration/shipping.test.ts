import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, useDatabaseForTests } from '~/db/db.server';
import { activeCustomerCartId, cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { cartShipments } from '~/modules/shipping/shipping-estimates.server';
import { cachedShipping } from '~/modules/shipping/shipping-cache.server';
import { sellerShipMethods } from '~/modules/shipping/seller-shipping.server';
import { readShipMethods } from '~/modules/shipping/ship-methods';
import { wineShipMethods } from '~/modules/shipping/wine-shipping.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { action as sellerMethodsAction } from '~/routes/api.shipping.seller-methods';
import { action as wineAction } from '~/routes/api.shipping.wine';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress } from './support/fixtures';
import { compiledChild } from './support/compiled-child';

const run = promisify(execFile);
const NOW = new Date('2026-11-24T17:00:00Z');
const HOURS_3 = 10_800_000;
const ANCHORAGE = '99501';
const SEATTLE = '98101';
const SALT_LAKE_CITY = '84101';

describe.each(DIALECTS)('shipping estimates on %s', (dialect) => {
  let test: TestDatabase;
  let wineStore: Store;
  let plainStore: Store;
  let express: { productId: number; sellerId: number };
  let freight: { productId: number; sellerId: number };
  let wineId: number;

  const sellerItem = async (slug: string) => {
    const row = await test.db
      .selectFrom('products as p')
      .innerJoin('sellers as s', 's.id', 'p.seller_id')
      .select(['p.id', 's.id as sellerId'])
      .where('s.slug', '=', slug)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    return { productId: row.id, sellerId: row.sellerId };
  };

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 200 });
    useDatabaseForTests(test);
    forgetCachedStores();
    const stores = await test.db.selectFrom('stores').selectAll().where('banner_id', '=', 'greenleaf').execute();
    wineStore = stores.find((s) => s.is_wine_d2c_enabled === 1 && s.wfc_store_id)!;
    plainStore = stores.find((s) => s.is_wine_d2c_enabled === 0)!;
    express = await sellerItem('basket-bay-gifts');
    freight = await sellerItem('heartland-home-and-hearth');
    wineId = (await test.db.selectFrom('products').select('id').where('kind', '=', 'wine').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('seeds every seller’s shipping rules', async () => {
    const rules = await test.db.selectFrom('seller_shipping').selectAll().execute();
    const sellers = await test.db.selectFrom('sellers').select('id').execute();
    expect(rules).toHaveLength(sellers.length);
    const heartland = rules.find((r) => r.seller_id === freight.sellerId)!;
    expect(heartland).toMatchObject({ cutoff_hour: 12, timezone: 'America/Chicago', no_ship_states: ',AK,HI,PR,' });
  });

  it('answers a cached entry without computing it again', async () => {
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = await cachedShipping('test:hit', compute, NOW);
    const second = await cachedShipping('test:hit', compute, new Date(NOW.getTime() + HOURS_3 - 1));
    expect(first).toMatchObject({ hit: false, value: { n: 1 } });
    expect(second).toMatchObject({ hit: true, value: { n: 1 } });
    expect(second.expiresAt.getTime()).toBe(NOW.getTime() + HOURS_3);
    const row = await test.db
      .selectFrom('shipping_cache')
      .selectAll()
      .where('cache_key', '=', 'test:hit')
      .executeTakeFirst();
    expect(row?.expires_at).toBe(new Date(NOW.getTime() + HOURS_3).toISOString());
  });

  it('removes an expired entry and computes it again', async () => {
    await cachedShipping('test:expiry', () => ({ n: 1 }), NOW);
    const later = new Date(NOW.getTime() + HOURS_3);
    let seenDuringCompute: unknown = 'not asked';
    const again = await cachedShipping(
      'test:expiry',
      async () => {
        seenDuringCompute = await test.db
          .selectFrom('shipping_cache')
          .select('cache_key')
          .where('cache_key', '=', 'test:expiry')
          .executeTakeFirst();
        return { n: 2 };
      },
      later,
    );
    expect(seenDuringCompute).toBeUndefined();
    expect(again).toMatchObject({ hit: false, value: { n: 2 } });
    expect(again.expiresAt.getTime()).toBe(later.getTime() + HOURS_3);
  });

  it('is shared by two database handles: what one writes, the other hits', async () => {
    const other = openDatabase({ url: test.url, poolMax: 1 });
    try {
      await cachedShipping('test:shared', () => ({ by: 'first' }), NOW, test.db);
      const seen = await cachedShipping('test:shared', () => ({ by: 'second' }), NOW, other.db);
      expect(seen).toMatchObject({ hit: true, value: { by: 'first' } });
    } finally {
      await other.db.destroy();
    }
  });

  it('is shared by two processes: a child process hits what this one wrote, and this one hits what it wrote', async () => {
    const script = await compiledChild('tests/integration/support/shipping-cache-child.ts');
    const child = (key: string, at: Date) =>
      run(process.execPath, [script, test.url, key, at.toISOString()], {
        env: { ...process.env, LOG_LEVEL: 'silent' },
      }).then(({ stdout }) => JSON.parse(stdout) as { hit: boolean; value: unknown });

    await cachedShipping('test:process', () => ({ computedBy: 'parent' }), NOW);
    expect(await child('test:process', NOW)).toEqual({ hit: true, value: { computedBy: 'parent' } });

    expect(await child('test:process-2', NOW)).toEqual({ hit: false, value: { computedBy: 'child' } });
    const mine = await cachedShipping('test:process-2', () => ({ computedBy: 'parent' }), NOW);
    expect(mine).toMatchObject({ hit: true, value: { computedBy: 'child' } });
  });

  it('estimates every seller to a ZIP they all ship to (200), caching each seller for that ZIP', async () => {
    const result = await sellerShipMethods(
      {
        zipcode: SEATTLE,
        items: [
          { productId: express.productId, quantity: 2 },
          { productId: freight.productId, quantity: 1 },
        ],
      },
      NOW,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.status).toBe(200);
    expect(result.shipMethods.map((m) => m.sellerId)).toEqual(
      [express.sellerId, freight.sellerId].sort((a, b) => a - b).map(String),
    );
    for (const method of result.shipMethods) expect(method.displayArriveByTS).toEqual(expect.any(Number));
    expect(result.expiry).toBe(NOW.getTime() + HOURS_3);
    const keys = await test.db
      .selectFrom('shipping_cache')
      .select('cache_key')
      .where('cache_key', 'like', `seller:%:${SEATTLE}`)
      .execute();
    expect(keys.map((k) => k.cache_key).sort()).toEqual(
      [`seller:${express.sellerId}:${SEATTLE}`, `seller:${freight.sellerId}:${SEATTLE}`].sort(),
    );
  });

  it('answers 206 when a seller does not ship to the state, keeping that seller without displayArriveByTS', async () => {
    const result = await sellerShipMethods(
      {
        zipcode: ANCHORAGE,
        items: [
          { productId: express.productId, quantity: 1 },
          { productId: freight.productId, quantity: 1 },
          { productId: wineId, quantity: 1 },
        ],
      },
      NOW,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.status).toBe(206);
    const byId = new Map(result.shipMethods.map((m) => [m.sellerId, m]));
    expect(byId.get(String(express.sellerId))?.displayArriveByTS).toEqual(expect.any(Number));
    expect(byId.get(String(freight.sellerId))).toMatchObject({
      message: 'Heartland Home & Hearth does not ship to Alaska.',
    });
    expect(byId.get(String(freight.sellerId))?.displayArriveByTS).toBeUndefined();
    expect(result.errors).toEqual([expect.objectContaining({ code: 'NOT_MARKETPLACE', productIds: [wineId] })]);
  });

  it('serves the call over HTTP: 206, split by the caller; a bad ZIP is a 422 that rejects with its status', async () => {
    const post = (body: unknown) =>
      sellerMethodsAction({
        request: new Request('http://localhost/api/shipping/seller-methods', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Host: 'localhost', Origin: 'http://localhost' },
          body: JSON.stringify(body),
        }),
        params: {},
        context: {},
      });
    const response = await post({
      zipcode: ANCHORAGE,
      items: [{ productId: express.productId }, { productId: freight.productId }],
    });
    expect(response.status).toBe(206);
    const split = await readShipMethods(response);
    expect(split.shipMethods.map((m) => m.sellerId)).toEqual([String(express.sellerId)]);
    expect(split.errors.map((e) => e.message)).toEqual(['Heartland Home & Hearth does not ship to Alaska.']);
    const unknown = await post({ zipcode: '00000', items: [{ productId: express.productId }] });
    expect(unknown.status).toBe(422);
    await expect(readShipMethods(unknown)).rejects.toMatchObject({ status: 422 });
  });

  it('serves the wine landing call over HTTP, with the refusal as a JSON error', async () => {
    const post = (body: unknown) =>
      wineAction({
        request: new Request('http://localhost/api/shipping/wine', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Host: 'localhost', Origin: 'http://localhost' },
          body: JSON.stringify(body),
        }),
        params: {},
        context: {},
      });
    const branch = { branchId: String(wineStore.id), wfcStoreId: wineStore.wfc_store_id };
    const ok = await post({ zipcode: SEATTLE, ...branch });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['branchId', 'expiry', 'shipMethods', 'wfcStoreId', 'zipcode']);
    const utah = await post({ zipcode: SALT_LAKE_CITY, ...branch });
    expect(utah.status).toBe(422);
    expect(await utah.json()).toEqual({ error: { code: 'WINE_STATE', message: "We can't ship wine to Utah." } });
  });

  it('ships wine only from a wine store, and never to a state that forbids it', async () => {
    // The route test above cached this estimate at the real clock; this one computes it at NOW.
    await test.db.deleteFrom('shipping_cache').execute();
    const ok = await wineShipMethods(
      { zipcode: SEATTLE, branchId: String(wineStore.id), wfcStoreId: wineStore.wfc_store_id! },
      NOW,
    );
    if (!ok.ok) throw new Error(ok.message);
    expect(ok).toMatchObject({ zipcode: SEATTLE, branchId: String(wineStore.id), wfcStoreId: wineStore.wfc_store_id });
    expect(ok.shipMethods[0]?.displayArriveByTS).toEqual(expect.any(Number));
    expect(ok.expiry).toBe(NOW.getTime() + HOURS_3);

    const utah = await wineShipMethods(
      { zipcode: SALT_LAKE_CITY, branchId: String(wineStore.id), wfcStoreId: wineStore.wfc_store_id! },
      NOW,
    );
    expect(utah).toMatchObject({ ok: false, code: 'WINE_STATE', message: "We can't ship wine to Utah." });

    const plain = await wineShipMethods(
      { zipcode: SEATTLE, branchId: String(plainStore.id), wfcStoreId: `WFC${plainStore.id}` },
      NOW,
    );
    expect(plain).toMatchObject({ ok: false, code: 'WINE_NOT_OFFERED' });
  });

  it('keeps wine and marketplace lines apart from the grocery lines, grouped by who ships them', async () => {
    const store = (await storeById(wineStore.id))!;
    const owner = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
    const cartId = await cartForWriting(owner, null, store.id);
    expect(await addToCart(cartId, wineId, 1, store.id)).toMatchObject({ ok: false, code: 'NOT_GROCERY' });
    for (const id of [wineId, express.productId, freight.productId]) {
      expect(await addToCart(cartId, id, 1, store.id, { shipped: 'allow' })).toMatchObject({ ok: true });
    }
    const view = await cartView({ cartId, customerId: null, bannerId: 'greenleaf', store, preference: 'Delivery' });
    expect(view.lines).toEqual([]);
    expect(view.subtotalCents).toBe(0);
    expect(view.shippedLines.map((l) => l.productId).sort()).toEqual(
      [wineId, express.productId, freight.productId].sort(),
    );
    expect(view.itemCount).toBe(3);

    const seattle = await cartShipments(view.shippedLines, { zipcode: SEATTLE, store, language: 'en', now: NOW });
    expect(seattle.map((s) => s.title).sort()).toEqual(
      ['Ships from Basket Bay Gifts', 'Ships from Heartland Home & Hearth', 'Ships from our wine cellar'].sort(),
    );
    for (const shipment of seattle) expect(shipment.label).toMatch(/^Arrives by /);

    const utah = await cartShipments(view.shippedLines, { zipcode: SALT_LAKE_CITY, store, language: 'en', now: NOW });
    expect(utah.find((s) => s.kind === 'wine')).toMatchObject({ label: null, message: "We can't ship wine to Utah." });

    const alaska = await cartShipments(view.shippedLines, { zipcode: ANCHORAGE, store, language: 'en', now: NOW });
    expect(alaska.find((s) => s.title === 'Ships from Heartland Home & Hearth')).toMatchObject({
      label: null,
      message: 'Heartland Home & Hearth does not ship to Alaska.',
    });
    expect(alaska.find((s) => s.title === 'Ships from Basket Bay Gifts')?.label).toMatch(/^Arrives by /);
  });

  it('writes the cart shipping titles, dates and reasons as whole Spanish sentences for a Spanish page', async () => {
    const store = (await storeById(wineStore.id))!;
    const owner = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
    const cartId = await cartForWriting(owner, null, store.id);
    for (const id of [wineId, express.productId, freight.productId]) {
      expect(await addToCart(cartId, id, 1, store.id, { shipped: 'allow' })).toMatchObject({ ok: true });
    }
    const view = await cartView({ cartId, customerId: null, bannerId: 'greenleaf', store, preference: 'Delivery' });
    const es = { store, language: 'es' as const, now: NOW };

    const seattle = await cartShipments(view.shippedLines, { ...es, zipcode: SEATTLE });
    expect(seattle.map((s) => s.title).sort()).toEqual(
      ['Enviado por Basket Bay Gifts', 'Enviado por Heartland Home & Hearth', 'Enviado desde nuestra cava'].sort(),
    );
    for (const shipment of seattle)
      expect(shipment.label).toMatch(/^Llega a más tardar el [a-záé]+, \d{1,2} de [a-z]+\.?$/);

    const utah = await cartShipments(view.shippedLines, { ...es, zipcode: SALT_LAKE_CITY });
    expect(utah.find((s) => s.kind === 'wine')).toMatchObject({
      label: null,
      message: 'No podemos enviar vino a Utah.',
    });

    const alaska = await cartShipments(view.shippedLines, { ...es, zipcode: ANCHORAGE });
    expect(alaska.find((s) => s.title === 'Enviado por Heartland Home & Hearth')).toMatchObject({
      label: null,
      message: 'Heartland Home & Hearth no hace envíos a Alaska.',
    });

    const none = await cartShipments(view.shippedLines, { ...es, zipcode: null });
    for (const shipment of none) expect(shipment.message).toBe('Escriba su código postal para ver cuándo llega.');
  });

  it('leaves the shipped lines in an active cart when the grocery lines are placed as an order', async () => {
    const customer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' as const };
    const store = (await storeById(wineStore.id))!;
    const grocery = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', grocery.id).execute();
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, grocery.id, 1, store.id);
    await addToCart(cartId, express.productId, 2, store.id, { shipped: 'allow' });
    const now = new Date();
    const slot = (await listSlots(store, 'delivery', now)).find((s) => s.bookable && s.kind !== 'rush')!;
    expect(
      (
        await reserveSlot({
          slotId: slot.id,
          cartId,
          customerId: customer.customerId,
          store,
          needsAttendedDelivery: false,
          now,
        })
      ).ok,
    ).toBe(true);
    const placed = await placeOrder({
      customer,
      cartId,
      store,
      preference: 'Delivery',
      addressId: await saveCheckoutAddress(customer, {
        address1: '1 Pine St',
        city: 'Seattle',
        state: 'wa',
        zipcode: SEATTLE,
      }),
      tenderId: await addTender(customer.customerId, '4111111111111111', '12/30'),
      now,
    });
    if (!placed.ok) throw new Error(placed.code);
    const summary = (await orderSummary(customer, placed.orderNumber, now))!;
    expect(summary.items.map((item) => item.productId)).toEqual([grocery.id]);
    const nextCart = await activeCustomerCartId(customer);
    expect(nextCart).not.toBe(cartId);
    const view = await cartView({
      cartId: nextCart,
      customerId: customer.customerId,
      bannerId: 'greenleaf',
      store,
      preference: 'Delivery',
    });
    expect(view.shippedLines.map((l) => [l.productId, l.quantity])).toEqual([[express.productId, 2]]);
    expect(view.lines).toEqual([]);
  });
});
