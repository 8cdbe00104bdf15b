import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { MAX_LINE_QUANTITY } from '~/modules/cart/cart-forms';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { buildSmallCatalog, IDS, STORE } from '../integration/support/catalog';

/**
 * Found by the soak: adds of one product to one cart arriving together (two tabs, two processes) collided on
 * the line's key (a 500) and could lose increments. Every add must land, capped at 99 a line.
 */
describe.each(DIALECTS)('parallel cart adds on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await buildSmallCatalog(test.db, dialect);
    useDatabaseForTests(test);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test.drop();
  });

  it('20 parallel adds of one product leave one line with all 20 units, and the cap still holds', async () => {
    const cartId = await cartForWriting({ customerId: null, bannerId: 'greenleaf', siteType: 'C' }, null, STORE);
    const results = await Promise.all(Array.from({ length: 20 }, () => addToCart(cartId, IDS.wholeMilk, 1, STORE)));
    expect(results.every((result) => result.ok)).toBe(true);
    const lines = await test.db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).execute();
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([[IDS.wholeMilk, 20]]);

    await Promise.all(Array.from({ length: 5 }, () => addToCart(cartId, IDS.wholeMilk, 30, STORE)));
    const capped = await test.db.selectFrom('cart_items').select('quantity').where('cart_id', '=', cartId).execute();
    expect(capped).toEqual([{ quantity: MAX_LINE_QUANTITY }]);
  });
});
