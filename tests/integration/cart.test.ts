import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { ITEM_MESSAGES } from '~/modules/cart/cart-forms';
import { activeCustomerCartId, cartForWriting, shopperItemCount } from '~/modules/cart/active-cart.server';
import { addToCart, removeFromCart, setNote, setQuantity, setSubstitution } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { mergeGuestCart } from '~/modules/cart/guest-cart-merge.server';
import { storePriceCents } from '~/modules/catalog/pricing';
import { stateVersion } from '~/modules/http/state-versions.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const JORDAN = 500001;
const SAM = 500004;

describe.each(DIALECTS)('cart on %s', (dialect) => {
  let test: TestDatabase;
  let home: Store;
  let other: Store;
  let products: { id: number; base_price_cents: number }[];
  const guest = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
  const customer = (customerId: number) => ({ customerId, bannerId: 'greenleaf', siteType: 'C' as const });

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    const banner = await test.db
      .selectFrom('banners')
      .selectAll()
      .where('id', '=', 'greenleaf')
      .executeTakeFirstOrThrow();
    home = (await storeById(banner.default_store_id))!;
    other = (await test.db
      .selectFrom('stores')
      .selectAll()
      .where('banner_id', '=', 'greenleaf')
      .where('id', '!=', home.id)
      .where('price_factor_bp', '!=', home.price_factor_bp)
      .executeTakeFirstOrThrow()) as Store;
    products = await test.db
      .selectFrom('products')
      .select(['id', 'base_price_cents'])
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('id')
      .limit(6)
      .execute();
    // Clean stock for the products these tests use, at both stores.
    await test.db
      .deleteFrom('store_product_overrides')
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const view = (cartId: string | null, store: Store, customerId: number | null = null, preference = 'Delivery') =>
    cartView({ cartId, customerId, bannerId: 'greenleaf', store, preference });

  it('adds, changes the quantity of and removes lines; adding again adds units, capped at 99', async () => {
    const cartId = await cartForWriting(guest, null, home.id);
    const [a, b] = products;
    await addToCart(cartId, a!.id, 2, home.id);
    await addToCart(cartId, a!.id, 3, home.id);
    await addToCart(cartId, b!.id, 1, home.id);
    expect((await view(cartId, home)).lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a!.id, 5],
      [b!.id, 1],
    ]);
    await setQuantity(cartId, a!.id, 98, home.id);
    await addToCart(cartId, a!.id, 5, home.id);
    expect((await view(cartId, home)).lines[0]!.quantity).toBe(99);
    await setQuantity(cartId, b!.id, 0, home.id);
    expect((await view(cartId, home)).lines.map((l) => l.productId)).toEqual([a!.id]);
    expect(await removeFromCart(cartId, b!.id, home.id)).toMatchObject({ ok: false, code: 'NOT_IN_CART' });
  });

  it('refuses a product that does not exist, and changes nothing', async () => {
    const cartId = await cartForWriting(guest, null, home.id);
    expect(await addToCart(cartId, 99_999_999, 1, home.id)).toMatchObject({ ok: false, code: 'UNKNOWN_PRODUCT' });
    expect((await view(cartId, home)).lines).toEqual([]);
  });

  it('refuses an unknown or a shipped product (where only groceries go) without touching the cart or its version', async () => {
    const cartId = await cartForWriting(customer(JORDAN), null, home.id);
    const subject = `c:${JORDAN}`;
    const wine = await test.db.selectFrom('products').select('id').where('kind', '=', 'wine').executeTakeFirstOrThrow();
    const cartRow = () => test.db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirstOrThrow();
    const before = await cartRow();
    const version = await stateVersion(subject);
    for (const stateSubject of [undefined, subject]) {
      expect(await addToCart(cartId, 99_999_999, 1, other.id, { stateSubject })).toMatchObject({
        ok: false,
        code: 'UNKNOWN_PRODUCT',
      });
      expect(await addToCart(cartId, wine.id, 1, other.id, { shipped: 'refuse', stateSubject })).toMatchObject({
        ok: false,
        code: 'NOT_GROCERY',
      });
    }
    expect((await view(cartId, home)).lines).toEqual([]);
    expect(await cartRow()).toEqual(before);
    expect(await stateVersion(subject)).toBe(version);
    // Where shipped items may go (the cart API), the same product is added, the cart touched, the version bumped.
    expect(await addToCart(cartId, wine.id, 2, other.id, { shipped: 'allow', stateSubject: subject })).toEqual({
      ok: true,
      cartId,
      itemCount: 2,
    });
    expect((await cartRow()).store_id).toBe(other.id);
    expect(await stateVersion(subject)).toBe(version + 1);
    // The count it answers is the whole cart's: this line's units and the others'.
    expect(await addToCart(cartId, products[0]!.id, 3, home.id, { stateSubject: subject })).toMatchObject({
      ok: true,
      itemCount: 5,
    });
    expect(await addToCart(cartId, products[0]!.id, 1, home.id)).toMatchObject({ ok: true, itemCount: 6 });
    // Jordan has no cart in the tests after this one.
    await test.db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    await test.db.deleteFrom('carts').where('id', '=', cartId).execute();
  });

  it('keeps a substitution choice and a note per line', async () => {
    const cartId = await cartForWriting(guest, null, home.id);
    await addToCart(cartId, products[0]!.id, 1, home.id);
    await setSubstitution(cartId, products[0]!.id, 'none', home.id);
    await setNote(cartId, products[0]!.id, 'Ripe ones, please', home.id);
    expect((await view(cartId, home)).lines[0]).toMatchObject({ substitution: 'none', note: 'Ripe ones, please' });
  });

  it('merges a guest cart on sign-in: quantities added, the session store wins, the guest cart retired', async () => {
    const own = await cartForWriting(customer(SAM), null, other.id);
    await addToCart(own, products[0]!.id, 2, other.id);
    await setNote(own, products[0]!.id, 'mine', other.id);
    const guestCart = await cartForWriting(guest, null, home.id);
    await addToCart(guestCart, products[0]!.id, 3, home.id);
    await setNote(guestCart, products[0]!.id, 'guest note', home.id);
    await addToCart(guestCart, products[1]!.id, 1, home.id);

    expect(await mergeGuestCart(guestCart, customer(SAM), home.id)).toBe(own);
    const merged = await view(own, home, SAM);
    expect(merged.lines.map((l) => [l.productId, l.quantity, l.note])).toEqual([
      [products[0]!.id, 5, 'mine'],
      [products[1]!.id, 1, ''],
    ]);
    const cart = await test.db.selectFrom('carts').selectAll().where('id', '=', own).executeTakeFirstOrThrow();
    expect(cart.store_id).toBe(home.id);
    const retired = await test.db.selectFrom('carts').selectAll().where('id', '=', guestCart).executeTakeFirstOrThrow();
    expect(retired.status).toBe('retired');
    // A second merge of the same guest cart (a replayed cookie) adds nothing.
    expect(await mergeGuestCart(guestCart, customer(SAM), home.id)).toBeNull();
    expect((await view(own, home, SAM)).lines[0]!.quantity).toBe(5);
  });

  it('gives a customer without a cart the guest cart lines in a new cart of their own', async () => {
    const guestCart = await cartForWriting(guest, null, home.id);
    await addToCart(guestCart, products[2]!.id, 4, home.id);
    const cartId = await mergeGuestCart(guestCart, customer(JORDAN), home.id);
    expect(cartId).not.toBe(guestCart);
    expect(await activeCustomerCartId(customer(JORDAN))).toBe(cartId);
    expect((await view(cartId, home, JORDAN)).lines.map((l) => [l.productId, l.quantity])).toEqual([
      [products[2]!.id, 4],
    ]);
  });

  it('counts the header once while a sign-in merge commits beside it (one statement, one snapshot)', async () => {
    for (let round = 0; round < 8; round++) {
      const owner = customer(round % 2 ? SAM : JORDAN);
      const before = await shopperItemCount(owner, null);
      const guestCart = await cartForWriting(guest, null, home.id);
      await addToCart(guestCart, products[3]!.id, 2, home.id);
      await addToCart(guestCart, products[4]!.id, 1, home.id);
      // Before the merge: the customer's cart plus the guest cart still waiting.
      expect(await shopperItemCount(owner, guestCart)).toBe(before + 3);
      // A guest cart of another banner is not this shopper's.
      expect(await shopperItemCount({ ...owner, bannerId: 'mesa' }, guestCart)).toBe(0);
      const [, during] = await Promise.all([
        mergeGuestCart(guestCart, owner, home.id),
        shopperItemCount(owner, guestCart),
      ]);
      expect(during).toBe(before + 3);
      expect(await shopperItemCount(owner, guestCart)).toBe(before + 3);
    }
    expect(await shopperItemCount(guest, null)).toBe(0);
  });

  it('never merges a guest cart of another banner, or a customer cart', async () => {
    const otherBanner = await cartForWriting({ ...guest, bannerId: 'mesa' }, null, home.id);
    expect(await mergeGuestCart(otherBanner, customer(SAM), home.id)).toBeNull();
    const someoneElses = await activeCustomerCartId(customer(JORDAN));
    expect(await mergeGuestCart(someoneElses!, customer(SAM), home.id)).toBeNull();
  });

  it('re-prices the cart at a new store and marks lines unavailable there with the spec messages', async () => {
    const cartId = await cartForWriting(guest, null, home.id);
    const [a, b, c] = products;
    for (const product of [a!, b!, c!]) await addToCart(cartId, product.id, 2, home.id);
    await test.db
      .insertInto('store_product_overrides')
      .values([
        { store_id: other.id, product_id: a!.id, price_cents: 1234, stock_status: null },
        { store_id: other.id, product_id: b!.id, price_cents: null, stock_status: 'out_of_stock' },
        { store_id: other.id, product_id: c!.id, price_cents: null, stock_status: 'unavailable' },
      ])
      .execute();
    const atHome = await view(cartId, home);
    expect(atHome.lines[0]!.unitPriceCents).toBe(storePriceCents(a!.base_price_cents, home.price_factor_bp));
    expect(atHome.lines.every((l) => l.available)).toBe(true);

    const moved = await view(cartId, other);
    // The new store's own shelf price for the item.
    expect(moved.lines[0]!.unitPriceCents).toBe(1234);
    expect(moved.lines[0]!.lineCents).toBe(2468);
    expect(moved.lines.map((l) => l.message)).toEqual([null, ITEM_MESSAGES.outOfStock, ITEM_MESSAGES.unavailable]);
    expect(moved.unavailableCount).toBe(2);
    expect(moved.subtotalCents).toBe(moved.lines[0]!.lineCents);
  });

  it('marks an attended-delivery-only item unavailable for pickup, and keeps it for delivery', async () => {
    const attended = await test.db
      .selectFrom('products')
      .select('id')
      .where('attended_delivery_only', '=', 1)
      .where('kind', '=', 'grocery')
      .executeTakeFirstOrThrow();
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', attended.id).execute();
    const cartId = await cartForWriting(guest, null, home.id);
    await addToCart(cartId, attended.id, 1, home.id);
    const pickup = await view(cartId, home, null, 'Dug');
    expect(pickup.lines[0]).toMatchObject({ message: ITEM_MESSAGES.attendedOnly, available: false });
    const delivery = await view(cartId, home, null, 'Delivery');
    expect(delivery.lines[0]).toMatchObject({ message: ITEM_MESSAGES.attendedOnly, available: true });
    expect(delivery.needsAttendedDelivery).toBe(true);
  });

  it('takes clipped-offer savings off the line and the total', async () => {
    const clipped = await test.db
      .selectFrom('clips as c')
      .innerJoin('offers as o', 'o.id', 'c.offer_id')
      .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
      .innerJoin('products as p', 'p.id', 'op.product_id')
      .select(['op.product_id', 'o.kind', 'o.min_quantity'])
      .where('c.customer_id', '=', JORDAN)
      .where('o.kind', 'in', ['amount-off', 'percent-off'])
      .where('o.ends_at', '>', new Date().toISOString())
      .where('o.starts_at', '<=', new Date().toISOString())
      .where('p.kind', '=', 'grocery')
      .executeTakeFirst();
    if (!clipped) throw new Error('the seed gives Jordan a clipped amount-off or percent-off offer');
    await test.db.deleteFrom('store_product_overrides').where('product_id', '=', clipped.product_id).execute();
    // Clipped offers alone: the weekly ad's deals, which guests get too, are tested in weekly-ad.test.ts.
    await test.db.deleteFrom('weekly_ad_deals').execute();
    const cartId = (await activeCustomerCartId(customer(JORDAN)))!;
    await addToCart(cartId, clipped.product_id, Math.max(1, clipped.min_quantity), home.id);
    const withSavings = await view(cartId, home, JORDAN);
    const line = withSavings.lines.find((l) => l.productId === clipped.product_id)!;
    expect(line.savingsCents).toBeGreaterThan(0);
    expect(withSavings.totalCents).toBe(withSavings.subtotalCents - withSavings.savingsCents);
    // A guest looking at the same lines saves nothing.
    expect((await view(cartId, home, null)).savingsCents).toBe(0);
  });
});
