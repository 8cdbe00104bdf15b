import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';
import { checkPickingLoad, preparePickingWorld, runPickingLoad } from './support/picking-load';

const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const PICKERS = 20;
const MANAGERS = 2;
const SECONDS = 2;

/** The property `npm run bench:fulfilment` measures with 100 pickers for a minute, held here in two seconds. */
describe.each(DIALECTS)('pickers picking at once on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('loses no pick, counts every accepted pick in the version, charges by the rules and fails no call', async () => {
    const world = await preparePickingWorld(test.db, {
      storeId: store.id,
      customer: JORDAN,
      pickers: PICKERS,
      managers: MANAGERS,
    });
    const figures = await runPickingLoad(world, SECONDS, 7);
    const { problems, lines } = await checkPickingLoad(test.db, world, figures);
    expect(problems).toEqual([]);
    // Deadlocks and serialization failures included: a call that throws is a picker's screen showing an error.
    expect(figures.errors).toEqual({});
    // The load did what it is for: every picker and manager got writes in, lines were picked more than once,
    // and refusals (more than was ordered) came back as refusals.
    expect(figures.perWorker.every((count) => count > 0)).toBe(true);
    expect(figures.accepted).toBeGreaterThan(lines);
    expect(figures.refused.TOO_MANY ?? 0).toBeGreaterThan(0);
    expect(
      figures.writes.some(
        (write) => write.staffId !== world.orders.find((o) => o.orderId === write.orderId)!.picker.staffId,
      ),
    ).toBe(true);
  }, 60_000);
});
