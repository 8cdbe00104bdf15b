import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { mergeGuestList } from '~/modules/lists/guest-list-merge.server';
import { addItems, listView, moveItem, recipeItems, setItemChecked } from '~/modules/lists/list-items.server';
import { householdOwner, noteHouseholdListChange, type ListOwner } from '~/modules/lists/list-owner.server';
import { stateVersion, subjectOf } from '~/modules/http/state-versions.server';
import { LIST_MESSAGES, MAX_LIST_ITEMS, MAX_LISTS } from '~/modules/lists/list-rules';
import { addListToCart } from '~/modules/lists/list-to-cart.server';
import { createGuestList, createList, ensureFavorites, listsOf } from '~/modules/lists/lists.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { deliverableGroceries, seededDeliveryWorld } from './support/fixtures';

const FIRST_ID = 720_001;

describe.each(DIALECTS)('shopping lists on %s (docs/decisions/0106-shopping-lists.md)', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productIds: number[];
  let serial = 0;

  async function newCustomer(houseId: string) {
    const id = FIRST_ID + serial++;
    await test.db
      .insertInto('customers')
      .values({
        id,
        uuid: `00000000-0000-4000-a000-${String(id).padStart(12, '0')}`,
        email: `lists${id}@pantry.test`,
        first_name: 'Robin',
        last_name: 'Shopper',
        phone: '2065550100',
        club_card: `3${String(id).padStart(11, '0')}`,
        house_id: houseId,
        banner_id: 'greenleaf',
        site_type: 'C',
        customer_type: 'C',
        company_name: null,
        tax_id: null,
        password_hash: null,
        zipcode: store.zipcode,
        store_id: store.id,
        preference: 'Delivery',
        email_verified: 1,
        phone_verified: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    return (await householdOwner(id, 'greenleaf', 'C'))!;
  }

  /** A signed-in shopper at the test store, enough for the cart's own add. */
  function shopperFor(owner: ListOwner & { kind: 'household' }): Shopper {
    return {
      userType: 'C',
      host: { hostname: 'localhost', bannerId: 'greenleaf', siteType: 'C', environment: 'local-origin' },
      flags: {},
      session: { info: { COMMON: { userType: 'C', storeId: String(store.id), preference: 'Delivery' } } },
      customer: { customerId: String(owner.customerId) },
      elevated: false,
      cookie: { siteType: 'C', secure: false },
      url: new URL('http://localhost/shop/lists.html'),
      headers: new Headers(),
    } as unknown as Shopper;
  }

  const ctx = () => priceContextFor(store, 'greenleaf');

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    productIds = await deliverableGroceries(test.db, 4);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('shares a household’s lists between its members and hides them from anyone else', async () => {
    const alex = await newCustomer('HH-SHARED-1');
    const sam = await newCustomer('HH-SHARED-1');
    const outsider = await newCustomer('HH-OTHER-1');
    const made = await createList(alex, 'Weekend');
    expect(made.ok).toBe(true);
    const listId = made.ok ? made.value : 0;
    expect((await addItems(sam, listId, [{ productId: productIds[0]!, quantity: 2 }])).ok).toBe(true);
    expect((await listsOf(alex)).map((l) => l.name)).toEqual(['Favorites', 'Weekend']);
    expect((await listsOf(sam)).map((l) => l.name)).toEqual(['Favorites', 'Weekend']);
    expect((await listView(alex, listId, ctx()))!.items).toHaveLength(1);
    expect(await listView(outsider, listId, ctx())).toBeNull();
    expect(await addItems(outsider, listId, [{ text: 'candles' }])).toEqual({
      ok: false,
      message: LIST_MESSAGES.notFound,
    });
    expect(await listsOf(outsider)).toEqual([]);
  });

  it('moves every other household member’s state version on after a change, so no cached list page is stale', async () => {
    const alex = await newCustomer('HH-VERSIONS');
    const sam = await newCustomer('HH-VERSIONS');
    const outsider = await newCustomer('HH-VERSIONS-OTHER');
    const before = await Promise.all([sam, outsider].map((c) => stateVersion(subjectOf(c.customerId))));
    await noteHouseholdListChange(alex);
    expect(await stateVersion(subjectOf(sam.customerId))).toBe(before[0]! + 1);
    expect(await stateVersion(subjectOf(outsider.customerId))).toBe(before[1]);
  });

  it('refuses a name of 10,000 characters and markup, saving nothing', async () => {
    const owner = await newCustomer('HH-NAMES');
    expect(await createList(owner, 'x'.repeat(10_000))).toEqual({ ok: false, message: LIST_MESSAGES.nameLong });
    expect(await createList(owner, '<script>alert(1)</script>')).toEqual({
      ok: false,
      message: LIST_MESSAGES.nameMarkup,
    });
    expect(await listsOf(owner)).toEqual([]);
    const favorites = await ensureFavorites(owner);
    expect(await addItems(owner, favorites, [{ text: 'ok' }, { text: '<img src=x onerror=alert(1)>' }])).toEqual({
      ok: false,
      message: LIST_MESSAGES.textMarkup,
    });
    expect((await listsOf(owner)).map((l) => [l.name, l.itemCount])).toEqual([['Favorites', 0]]);
  });

  it('refuses an unknown product without saving the rest', async () => {
    const owner = await newCustomer('HH-UNKNOWN');
    const favorites = await ensureFavorites(owner);
    expect(
      await addItems(owner, favorites, [
        { productId: productIds[0]!, quantity: 1 },
        { productId: 999_999_999, quantity: 1 },
      ]),
    ).toEqual({ ok: false, message: LIST_MESSAGES.unknownProduct });
    expect((await listView(owner, favorites, ctx()))!.items).toEqual([]);
  });

  it(`holds ${MAX_LISTS} lists a household and ${MAX_LIST_ITEMS.toLocaleString('en-US')} items a list`, async () => {
    const owner = await newCustomer('HH-CAPS');
    for (let n = 2; n <= MAX_LISTS; n += 1) expect((await createList(owner, `List ${n}`)).ok).toBe(true);
    expect(await createList(owner, 'One too many')).toEqual({ ok: false, message: LIST_MESSAGES.tooManyLists });
    const favorites = await ensureFavorites(owner);
    const full = Array.from({ length: MAX_LIST_ITEMS - 1 }, (_, n) => ({ text: `item ${n}` }));
    expect((await addItems(owner, favorites, full)).ok).toBe(true);
    // The 10,000th fits; with it, two more do not, and neither is saved.
    expect(await addItems(owner, favorites, [{ text: 'a' }, { text: 'b' }])).toEqual({
      ok: false,
      message: LIST_MESSAGES.listFull,
    });
    expect((await addItems(owner, favorites, [{ text: 'last' }])).ok).toBe(true);
    expect(await addItems(owner, favorites, [{ text: 'the 10,001st' }])).toEqual({
      ok: false,
      message: LIST_MESSAGES.listFull,
    });
    const { count } = await test.db
      .selectFrom('shopping_list_items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('list_id', '=', favorites)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(MAX_LIST_ITEMS);
  }, 60_000);

  it('moves an item up and down and sets checks without toggling', async () => {
    const owner = await newCustomer('HH-ORDER');
    const favorites = await ensureFavorites(owner);
    await addItems(owner, favorites, [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const names = async () => (await listView(owner, favorites, ctx()))!.items.map((i) => i.text);
    const ids = (await listView(owner, favorites, ctx()))!.items.map((i) => i.id);
    await moveItem(owner, favorites, ids[2]!, 'up');
    expect(await names()).toEqual(['one', 'three', 'two']);
    await moveItem(owner, favorites, ids[0]!, 'up');
    expect(await names()).toEqual(['one', 'three', 'two']);
    await moveItem(owner, favorites, ids[0]!, 'down');
    expect(await names()).toEqual(['three', 'one', 'two']);
    await setItemChecked(owner, favorites, ids[1]!, true);
    await setItemChecked(owner, favorites, ids[1]!, true);
    expect((await listView(owner, favorites, ctx()))!.items.find((i) => i.id === ids[1])!.checked).toBe(true);
  });

  it('merges a guest list into Favorites once, adding quantities of products already there', async () => {
    const owner = await newCustomer('HH-MERGE');
    const favorites = await ensureFavorites(owner);
    await addItems(owner, favorites, [{ productId: productIds[0]!, quantity: 2 }]);
    const guest: ListOwner = { kind: 'guest', guestKey: crypto.randomUUID(), bannerId: 'greenleaf', siteType: 'C' };
    const guestList = await createGuestList(guest, guest.guestKey!);
    await addItems(guest, guestList, [{ productId: productIds[0]!, quantity: 3 }, { text: 'birthday candles' }]);
    const [first, second] = await Promise.all([
      mergeGuestList(guest.guestKey!, owner),
      mergeGuestList(guest.guestKey!, owner),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const items = (await listView(owner, favorites, ctx()))!.items;
    expect(items.map((i) => [i.product?.id ?? i.text, i.quantity])).toEqual([
      [productIds[0], 5],
      ['birthday candles', 1],
    ]);
    expect(await listView(guest, guestList, ctx())).toBeNull();
  });

  it('adds every unchecked product to the cart and names what is unavailable and what is free text', async () => {
    const owner = await newCustomer('HH-CART');
    const favorites = await ensureFavorites(owner);
    await test.db
      .insertInto('store_product_overrides')
      .values({ store_id: store.id, product_id: productIds[1]!, price_cents: null, stock_status: 'out_of_stock' })
      .execute();
    await addItems(owner, favorites, [
      { productId: productIds[0]!, quantity: 2 },
      { productId: productIds[1]!, quantity: 1 },
      { productId: productIds[2]!, quantity: 1 },
      { text: 'birthday candles' },
    ]);
    const third = (await listView(owner, favorites, ctx()))!.items[2]!;
    await setItemChecked(owner, favorites, third.id, true);
    const shopper = shopperFor(owner);
    const result = await addListToCart(new Request('http://localhost/shop/lists/1.html'), shopper, owner, favorites);
    const names = await test.db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute();
    const nameOf = (id: number) => names.find((n) => n.id === id)!.name;
    expect(result!.report.added).toEqual([nameOf(productIds[0]!)]);
    expect(result!.report.unavailable).toEqual([nameOf(productIds[1]!)]);
    expect(result!.report.freeText).toEqual(['birthday candles']);
    const cartId = await cartForWriting(
      { customerId: owner.customerId, bannerId: 'greenleaf', siteType: 'C' },
      null,
      store.id,
    );
    const lines = await test.db
      .selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('cart_id', '=', cartId)
      .execute();
    expect(lines).toEqual([{ product_id: productIds[0], quantity: 2 }]);
    const outsider = await newCustomer('HH-CART-OTHER');
    expect(await addListToCart(new Request('http://localhost/'), shopperFor(outsider), outsider, favorites)).toBeNull();
  });

  it('turns a recipe into products where it has them and free text where it does not', async () => {
    const recipe = await test.db.selectFrom('recipes').select(['id', 'slug']).executeTakeFirstOrThrow();
    await test.db
      .insertInto('recipe_ingredients')
      .values({ recipe_id: recipe.id, position: 999, text: 'A pinch of <magic> salt', product_id: null })
      .execute();
    const ingredients = await recipeItems(recipe.slug);
    expect(ingredients!.items.some((item) => 'productId' in item)).toBe(true);
    expect(ingredients!.items.at(-1)).toEqual({ text: 'A pinch of magic salt' });
    expect(await recipeItems('no-such-recipe')).toBeNull();
  });
});
