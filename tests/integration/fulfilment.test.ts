import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { takeStep } from '~/modules/fulfilment/hand-over.server';
import { arrivalWindow } from '~/modules/fulfilment/progress-rules';
import { pickList } from '~/modules/fulfilment/pick-list.server';
import { stateVersion, storeSubjectOf } from '~/modules/http/state-versions.server';
import { ANSWER_WINDOW_MINUTES } from '~/modules/fulfilment/line-rules';
import { claimOrder, storeQueue } from '~/modules/fulfilment/order-queue.server';
import { answerSubstitution, checkIn, orderProgress, orderVersion } from '~/modules/fulfilment/order-progress.server';
import { STATUS, STEPS, type StaffAtStore, type StaffStep } from '~/modules/fulfilment/order-states';
import { recordPick, substituteChoices, orderLines } from '~/modules/fulfilment/picking.server';
import { orderReceipt } from '~/modules/fulfilment/receipt.server';
import { startEdit } from '~/modules/orders/order-changes.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';
import { insertPendingOrder, pickingProducts, type LineSpec } from './support/fulfilment';

const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const BART: OrderCustomer = { customerId: 500002, bannerId: 'greenleaf', siteType: 'C' };

describe.each(DIALECTS)('order fulfilment on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let products: Awaited<ReturnType<typeof pickingProducts>>;
  let picker: StaffAtStore;
  let otherPicker: StaffAtStore;
  let driver: StaffAtStore;
  let manager: StaffAtStore;
  let elsewhere: StaffAtStore;

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    products = await pickingProducts(test.db);
    await test.db.deleteFrom('store_product_overrides').where('store_id', '=', store.id).execute();
    const other = await test.db
      .selectFrom('stores')
      .select('id')
      .where('id', '!=', store.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    picker = { staffId: 500002, storeId: store.id, roles: ['picker'] };
    otherPicker = { staffId: 500004, storeId: store.id, roles: ['picker'] };
    driver = { staffId: 500003, storeId: store.id, roles: ['driver'] };
    manager = { staffId: 500004, storeId: store.id, roles: ['manager'] };
    elsewhere = { staffId: 500002, storeId: other.id, roles: ['picker', 'manager'] };
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  /** Jordan's order: two of a grocery item (substitutes allowed), one by weight, one with no substitutes. */
  function jordansLines(): LineSpec[] {
    const [first, second] = products.inAisle;
    return [
      { productId: first!.id, quantity: 2, unitPriceCents: first!.priceCents, savingsCents: 100 },
      { productId: products.weighed.id, quantity: 1, unitPriceCents: products.weighed.priceCents },
      { productId: second!.id, quantity: 1, unitPriceCents: second!.priceCents, substitution: 'none' },
    ];
  }

  async function placed(pickup = false, customer = JORDAN) {
    return insertPendingOrder(test.db, { customer, storeId: store.id, pickup, lines: jordansLines(), feesCents: 499 });
  }

  async function statusOf(orderId: number) {
    return await test.db
      .selectFrom('orders')
      .select(['status', 'version'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  it('lets one picker claim a pending order; a second claim is told another picker has it', async () => {
    const order = await placed();
    expect(await claimOrder(picker, order.orderNumber)).toEqual({ ok: true });
    expect(await claimOrder(otherPicker, order.orderNumber)).toEqual({ ok: false, code: 'ALREADY_CLAIMED' });
    const row = await test.db
      .selectFrom('orders')
      .select(['status', 'picker_id'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PICKING', picker_id: picker.staffId });
  });

  it('gives an order claimed by many pickers at once to exactly one of them', async () => {
    const order = await placed();
    const pickers = [500001, 500002, 500003, 500004, 500005].map((staffId) => ({ ...picker, staffId }));
    const results = await Promise.all(pickers.map((who) => claimOrder(who, order.orderNumber)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'ALREADY_CLAIMED'),
    ).toBe(true);
    expect(
      (await test.db.selectFrom('order_events').select('kind').where('order_id', '=', order.orderId).execute()).length,
    ).toBe(1);
  });

  it("finds no order of another store, and refuses a driver's claim", async () => {
    const order = await placed();
    expect(await claimOrder(elsewhere, order.orderNumber)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await claimOrder(driver, order.orderNumber)).toEqual({ ok: false, code: 'ROLE' });
    expect((await statusOf(order.orderId)).status).toBe('PENDING');
    expect(await takeStep(elsewhere, order.orderNumber, 'stage')).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('refuses every step from a state it does not leave, and changes nothing', async () => {
    const order = await placed(true);
    const statuses = Object.values(STATUS);
    for (const status of statuses) {
      await test.db
        .updateTable('orders')
        .set({
          status,
          picker_id: manager.staffId,
          driver_id: manager.staffId,
          checked_in_at: new Date().toISOString(),
        })
        .where('id', '=', order.orderId)
        .execute();
      for (const step of Object.keys(STEPS) as StaffStep[]) {
        if (STEPS[step].from === status) continue;
        const before = await statusOf(order.orderId);
        const result =
          step === 'claim'
            ? await claimOrder(manager, order.orderNumber)
            : await takeStep(manager, order.orderNumber, step);
        expect(result.ok, `${step} from ${status}`).toBe(false);
        expect(await statusOf(order.orderId)).toEqual(before);
      }
    }
  });

  it('keeps the edit closed once picking has begun, with a clear message', async () => {
    const order = await placed();
    await claimOrder(picker, order.orderNumber);
    const edit = await startEdit(JORDAN, order.orderNumber);
    expect(edit).toMatchObject({ ok: false, code: 'PICKING_STARTED' });
  });

  it('refuses impossible picks and changes nothing', async () => {
    const order = await placed();
    await claimOrder(picker, order.orderNumber);
    const [first, second] = products.inAisle;
    const before = await statusOf(order.orderId);
    const refusals = await Promise.all([
      recordPick(otherPicker, order.orderNumber, {
        outcome: 'picked',
        productId: first!.id,
        quantity: 1,
        weight: null,
      }),
      recordPick(picker, order.orderNumber, { outcome: 'picked', productId: first!.id, quantity: 3, weight: null }),
      recordPick(picker, order.orderNumber, {
        outcome: 'picked',
        productId: products.weighed.id,
        quantity: 1,
        weight: null,
      }),
      recordPick(picker, order.orderNumber, {
        outcome: 'picked',
        productId: products.weighed.id,
        quantity: 1,
        weight: -5,
      }),
      recordPick(picker, order.orderNumber, {
        outcome: 'picked',
        productId: products.weighed.id,
        quantity: 1,
        weight: products.weighed.sizeQuantity * 1000 * 3 + 1,
      }),
      recordPick(picker, order.orderNumber, {
        outcome: 'substituted',
        productId: first!.id,
        substituteId: products.otherAisleId,
        quantity: 1,
      }),
      recordPick(picker, order.orderNumber, {
        outcome: 'substituted',
        productId: second!.id,
        substituteId: first!.id,
        quantity: 1,
      }),
      recordPick(picker, order.orderNumber, { outcome: 'short', productId: products.otherAisleId }),
      recordPick(elsewhere, order.orderNumber, { outcome: 'short', productId: first!.id }),
    ]);
    expect(refusals.map((result) => (result.ok ? 'ok' : result.code))).toEqual([
      'NOT_YOURS',
      'TOO_MANY',
      'WEIGHT_NEEDED',
      'WEIGHT_ABSURD',
      'WEIGHT_ABSURD',
      'NOT_A_SUBSTITUTE',
      'NO_SUBSTITUTES',
      'LINE_NOT_FOUND',
      'NOT_FOUND',
    ]);
    expect(
      await test.db.selectFrom('order_line_picks').select('product_id').where('order_id', '=', order.orderId).execute(),
    ).toEqual([]);
    expect(await statusOf(order.orderId)).toEqual(before);
  });

  it('offers substitutes from the same aisle, closest in price, and none for a no-substitutes line', async () => {
    const order = await placed();
    const lines = await orderLines(test.db, order.orderId);
    const [first, second] = products.inAisle;
    const allowing = lines.find((line) => line.productId === first!.id)!;
    const choices = await substituteChoices(store, 'C', allowing);
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.map((choice) => choice.productId)).not.toContain(first!.id);
    const aisles = await test.db
      .selectFrom('products')
      .select('aisle_id')
      .distinct()
      .where(
        'id',
        'in',
        choices.map((choice) => choice.productId),
      )
      .execute();
    expect(aisles).toEqual([{ aisle_id: allowing.aisleId }]);
    const gaps = choices.map((choice) => Math.abs(choice.priceCents - allowing.ordered.unitPriceCents));
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(
      await substituteChoices(
        store,
        'C',
        lines.find((line) => line.productId === second!.id)!,
      ),
    ).toEqual([]);
  });

  it('picks, substitutes and shorts an order to delivery, and the receipt adds up', async () => {
    const order = await placed();
    const [first, second, third] = products.inAisle;
    const t0 = new Date();
    expect(await claimOrder(picker, order.orderNumber, t0)).toEqual({ ok: true });
    // The by-weight line came in heavy: charged up to 10 % over what was ordered, no more.
    const orderedMilliLb = products.weighed.sizeQuantity * 1000;
    expect(
      await recordPick(
        picker,
        order.orderNumber,
        { outcome: 'picked', productId: products.weighed.id, quantity: 1, weight: orderedMilliLb * 2 },
        t0,
      ),
      // Each accepted pick says which version of the order it wrote: the claim made 1.
    ).toEqual({ ok: true, version: 2 });
    expect(await recordPick(picker, order.orderNumber, { outcome: 'short', productId: second!.id }, t0)).toEqual({
      ok: true,
      version: 3,
    });
    expect(await takeStep(picker, order.orderNumber, 'stage', t0)).toEqual({ ok: false, code: 'LINES_OPEN' });
    expect(
      await recordPick(
        picker,
        order.orderNumber,
        { outcome: 'substituted', productId: first!.id, substituteId: third!.id, quantity: 2 },
        t0,
      ),
    ).toEqual({ ok: true, version: 4 });
    expect(await takeStep(picker, order.orderNumber, 'stage', t0)).toEqual({ ok: false, code: 'ANSWERS_WAITING' });

    const progress = (await orderProgress(JORDAN, order.orderNumber, t0))!;
    expect(progress.steps.map((step) => [step.key, step.state])).toEqual([
      ['placed', 'done'],
      ['picking', 'done'],
      ['answers', 'current'],
      ['staged', 'upcoming'],
      ['out_for_delivery', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
    expect(progress.changes.map((change) => [change.productId, change.outcome, change.canAnswer])).toEqual(
      expect.arrayContaining([
        [first!.id, 'substituted', true],
        [second!.id, 'short', false],
      ]),
    );
    expect(await orderProgress(BART, order.orderNumber, t0)).toBeNull();
    expect(await answerSubstitution(BART, order.orderNumber, { productId: first!.id, approve: true }, t0)).toEqual({
      ok: false,
      code: 'NOT_FOUND',
    });
    const version = await orderVersion(JORDAN, order.orderNumber, t0);
    expect(await answerSubstitution(JORDAN, order.orderNumber, { productId: first!.id, approve: true }, t0)).toEqual({
      ok: true,
    });
    expect(await orderVersion(JORDAN, order.orderNumber, t0)).toBeGreaterThan(version!);
    expect(await answerSubstitution(JORDAN, order.orderNumber, { productId: first!.id, approve: false }, t0)).toEqual({
      ok: false,
      code: 'NOT_WAITING',
    });

    expect(await takeStep(picker, order.orderNumber, 'stage', t0)).toEqual({ ok: true, orderId: order.orderId });
    expect(await takeStep(picker, order.orderNumber, 'ready', t0)).toEqual({ ok: false, code: 'WRONG_FULFILMENT' });
    expect(await takeStep(picker, order.orderNumber, 'depart', t0)).toEqual({ ok: false, code: 'ROLE' });
    expect(await takeStep(driver, order.orderNumber, 'depart', t0)).toEqual({ ok: true, orderId: order.orderId });
    const window = arrivalWindow(t0);
    const moving = await test.db
      .selectFrom('orders')
      .select(['arrival_start', 'arrival_end', 'driver_id'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(moving).toEqual({ arrival_start: window.start, arrival_end: window.end, driver_id: driver.staffId });
    expect(
      (await orderProgress(JORDAN, order.orderNumber, t0))!.steps.find((step) => step.key === 'out_for_delivery'),
    ).toMatchObject({
      state: 'current',
      detail: expect.stringMatching(/^Arriving \d{1,2}:\d{2}–\d{1,2}:\d{2} [AP]M$/),
    });
    expect(await orderReceipt(JORDAN, order.orderNumber)).toBeNull();
    expect(await takeStep({ ...driver, staffId: 500001 }, order.orderNumber, 'deliver', t0)).toEqual({
      ok: false,
      code: 'NOT_THE_DRIVER',
    });
    expect(await takeStep(driver, order.orderNumber, 'deliver', t0)).toEqual({ ok: true, orderId: order.orderId });

    const receipt = (await orderReceipt(JORDAN, order.orderNumber))!;
    const weighedCharge = Math.round(products.weighed.priceCents * 1.1);
    const substituted = receipt.lines.find((line) => line.productId === first!.id)!;
    // At the store's price, but never more than the ordered line.
    expect(substituted.substitute).toMatchObject({ productId: third!.id });
    const substituteCharge = Math.min(2 * substituted.substitute!.unitPriceCents, 2 * first!.priceCents);
    expect(receipt.lines.find((line) => line.productId === products.weighed.id)).toMatchObject({
      outcome: 'picked',
      weighedMilliLb: orderedMilliLb * 2,
      chargedCents: weighedCharge,
    });
    expect(receipt.lines.find((line) => line.productId === second!.id)).toMatchObject({
      outcome: 'short',
      chargedCents: 0,
    });
    expect(receipt.lines.find((line) => line.productId === first!.id)).toMatchObject({
      outcome: 'substituted',
      approval: 'approved',
      chargedCents: substituteCharge,
      // The clipped offer was for the ordered product: a substitute does not keep it.
      savingsCents: 0,
    });
    expect(receipt).toMatchObject({
      subtotalCents: weighedCharge + substituteCharge,
      savingsCents: 0,
      feesCents: 499,
      totalCents: weighedCharge + substituteCharge + 499,
    });
    expect(
      (
        await test.db
          .selectFrom('orders')
          .select('final_total_cents')
          .where('id', '=', order.orderId)
          .executeTakeFirstOrThrow()
      ).final_total_cents,
    ).toBe(receipt.totalCents);
    expect(await orderReceipt(BART, order.orderNumber)).toBeNull();
    expect((await orderProgress(JORDAN, order.orderNumber))!.steps.every((step) => step.state === 'done')).toBe(true);
    // Each message was queued with the step that caused it, to the order's customer.
    const messages = await test.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'subject'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute();
    expect(messages.map((message) => message.kind)).toEqual(['substitution-request', 'out-for-delivery', 'receipt']);
    expect(new Set(messages.map((message) => message.recipient))).toEqual(new Set(['jordan@pantry.test']));
  });

  it('does not charge a rejected substitute, and lets an unanswered one follow the preference after the window', async () => {
    const order = await placed();
    const [first, second, third] = products.inAisle;
    const t0 = new Date();
    await claimOrder(picker, order.orderNumber, t0);
    const substitute = { outcome: 'substituted' as const, productId: first!.id, substituteId: third!.id, quantity: 1 };
    expect(await recordPick(picker, order.orderNumber, substitute, t0)).toMatchObject({ ok: true });
    expect(await answerSubstitution(JORDAN, order.orderNumber, { productId: first!.id, approve: false }, t0)).toEqual({
      ok: true,
    });
    const rejected = (await orderLines(test.db, order.orderId)).find((line) => line.productId === first!.id)!;
    expect(rejected.pick).toMatchObject({ approval: 'rejected', chargedCents: 0 });

    // The picker offers it again and the shopper does not answer in time.
    expect(await recordPick(picker, order.orderNumber, substitute, t0)).toMatchObject({ ok: true });
    await recordPick(
      picker,
      order.orderNumber,
      { outcome: 'picked', productId: products.weighed.id, quantity: 1, weight: products.weighed.sizeQuantity * 1000 },
      t0,
    );
    await recordPick(picker, order.orderNumber, { outcome: 'short', productId: second!.id }, t0);
    expect(await takeStep(picker, order.orderNumber, 'stage', t0)).toEqual({ ok: false, code: 'ANSWERS_WAITING' });
    const later = new Date(t0.getTime() + (ANSWER_WINDOW_MINUTES + 1) * 60_000);
    expect(
      await answerSubstitution(JORDAN, order.orderNumber, { productId: first!.id, approve: false }, later),
    ).toEqual({
      ok: false,
      code: 'NOT_WAITING',
    });
    const settled = (await orderLines(test.db, order.orderId)).find((line) => line.productId === first!.id)!;
    expect(settled.pick).toMatchObject({ approval: 'auto_approved' });
    expect(settled.pick!.chargedCents).toBeGreaterThan(0);
    expect(await takeStep(picker, order.orderNumber, 'stage', later)).toEqual({ ok: true, orderId: order.orderId });
  });

  it('hands a pickup order over only after the shopper checks in, and shows the parking spot', async () => {
    const order = await placed(true);
    const delivery = await placed(false);
    const t0 = new Date();
    await claimOrder(picker, order.orderNumber, t0);
    await recordPick(
      picker,
      order.orderNumber,
      { outcome: 'picked', productId: products.weighed.id, quantity: 1, weight: 900 },
      t0,
    );
    for (const product of products.inAisle.slice(0, 2)) {
      await recordPick(
        picker,
        order.orderNumber,
        { outcome: 'picked', productId: product.id, quantity: 1, weight: null },
        t0,
      );
    }
    expect(await takeStep(picker, order.orderNumber, 'stage', t0)).toMatchObject({ ok: true });
    expect(await takeStep(driver, order.orderNumber, 'depart', t0)).toEqual({ ok: false, code: 'WRONG_FULFILMENT' });
    expect(await takeStep(picker, order.orderNumber, 'ready', t0)).toMatchObject({ ok: true });
    expect(await takeStep(picker, order.orderNumber, 'handOver', t0)).toEqual({ ok: false, code: 'NOT_CHECKED_IN' });
    expect(await checkIn(BART, order.orderNumber, '12', t0)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await checkIn(JORDAN, delivery.orderNumber, '12', t0)).toEqual({ ok: false, code: 'NOT_PICKUP' });
    expect(await checkIn(JORDAN, order.orderNumber, 'b7', t0)).toEqual({ ok: true });
    expect(await checkIn(JORDAN, order.orderNumber, '9', t0)).toEqual({ ok: false, code: 'CHECK_IN_CLOSED' });
    const queue = (await storeQueue(picker, { show: 'open', page: 1 }, t0))!;
    expect(queue.orders.find((row) => row.orderNumber === order.orderNumber)).toMatchObject({
      status: 'READY_FOR_PICKUP',
      checkedIn: true,
      parkingSpot: 'B7',
      pickup: true,
    });
    expect(await takeStep(picker, order.orderNumber, 'handOver', t0)).toMatchObject({ ok: true });
    const kinds = await test.db
      .selectFrom('outbox')
      .select('kind')
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['ready-for-pickup', 'receipt']);
    const receipt = (await orderReceipt(JORDAN, order.orderNumber))!;
    // Picked as ordered: one of the two units of the first line, so half its clipped saving.
    expect(receipt.lines.find((line) => line.productId === products.inAisle[0]!.id)).toMatchObject({
      pickedQuantity: 1,
      savingsCents: 50,
    });
    expect(receipt.savingsCents).toBe(50);
  });

  it("moves the store's version after every change to its orders, and not after a refusal or elsewhere", async () => {
    const storeVersion = () => stateVersion(storeSubjectOf(store.id));
    const otherVersion = () => stateVersion(storeSubjectOf(elsewhere.storeId));
    /** Runs one call and returns by how much the store's version moved. */
    async function moved(call: () => Promise<unknown>) {
      const before = await storeVersion();
      await call();
      return (await storeVersion()) - before;
    }
    const order = await placed(true);
    const [first, second, third] = products.inAisle;
    const t0 = new Date();
    const elsewhereBefore = await otherVersion();
    expect(await moved(() => claimOrder(driver, order.orderNumber, t0))).toBe(0);
    expect(await moved(() => claimOrder(picker, order.orderNumber, t0))).toBe(1);
    expect(await moved(() => claimOrder(otherPicker, order.orderNumber, t0))).toBe(0);
    const substitute = { outcome: 'substituted' as const, productId: first!.id, substituteId: third!.id, quantity: 1 };
    expect(await moved(() => recordPick(picker, order.orderNumber, substitute, t0))).toBe(1);
    expect(await moved(() => recordPick(otherPicker, order.orderNumber, substitute, t0))).toBe(0);
    const answer = { productId: first!.id, approve: true };
    expect(await moved(() => answerSubstitution(JORDAN, order.orderNumber, answer, t0))).toBe(1);
    expect(await moved(() => answerSubstitution(BART, order.orderNumber, answer, t0))).toBe(0);
    // An unanswered substitute settles when the window has passed, on whichever page reads the order first.
    expect(await moved(() => recordPick(picker, order.orderNumber, substitute, t0))).toBe(1);
    const later = new Date(t0.getTime() + (ANSWER_WINDOW_MINUTES + 1) * 60_000);
    expect(await moved(() => pickList(picker, order.orderNumber, later))).toBe(1);
    expect(await moved(() => pickList(picker, order.orderNumber, later))).toBe(0);
    expect(await moved(() => orderProgress(JORDAN, order.orderNumber, later))).toBe(0);
    await recordPick(picker, order.orderNumber, { outcome: 'short', productId: second!.id }, t0);
    await recordPick(
      picker,
      order.orderNumber,
      { outcome: 'picked', productId: products.weighed.id, quantity: 1, weight: 900 },
      t0,
    );
    expect(await moved(() => takeStep(driver, order.orderNumber, 'stage', later))).toBe(0);
    expect(await moved(() => takeStep(picker, order.orderNumber, 'stage', later))).toBe(1);
    expect(await moved(() => checkIn(JORDAN, order.orderNumber, 'A1', later))).toBe(1);
    expect(await moved(() => checkIn(JORDAN, order.orderNumber, 'A2', later))).toBe(0);
    expect(await otherVersion()).toBe(elsewhereBefore);
  });

  it("lists today's and tomorrow's orders by slot, oldest first, and leaves finished ones to the day view", async () => {
    const now = new Date();
    const soon = await insertPendingOrder(test.db, {
      customer: BART,
      storeId: store.id,
      lines: jordansLines(),
      startsInHours: 1,
      now,
    });
    const far = await insertPendingOrder(test.db, {
      customer: BART,
      storeId: store.id,
      lines: jordansLines(),
      startsInHours: 24 * 5,
      now,
    });
    const queue = (await storeQueue(picker, { show: 'open', page: 1 }, now))!;
    const numbers = queue.orders.map((row) => row.orderNumber);
    expect(numbers).toContain(soon.orderNumber);
    expect(numbers).not.toContain(far.orderNumber);
    expect(queue.orders.every((row) => !['DELIVERED', 'PICKED_UP', 'CANCELLED'].includes(row.status))).toBe(true);
    const day = (await storeQueue(manager, { show: 'all', page: 1 }, now))!;
    expect(day.orders.some((row) => row.status === 'DELIVERED' || row.status === 'PICKED_UP')).toBe(true);
    expect(
      (await storeQueue(elsewhere, { show: 'all', page: 1 }, now))!.orders.map((row) => row.orderNumber),
    ).not.toContain(soon.orderNumber);
  });
});
