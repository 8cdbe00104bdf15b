import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { defaultSlotDay } from '~/modules/slots/default-day';
import { heldSlot, listSlots, releaseExpiredHolds, reserveSlot, slotPage } from '~/modules/slots/slots.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

describe.each(DIALECTS)('delivery and pickup slots on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  const now = new Date();
  const guest = { customerId: null, bannerId: 'greenleaf', siteType: 'C' as const };
  const newCart = () => cartForWriting(guest, null, store.id);

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    const row = await test.db
      .selectFrom('stores')
      .selectAll()
      .where('banner_id', '=', 'greenleaf')
      .where('has_grocery_delivery', '=', 1)
      .where('has_dug', '=', 1)
      .executeTakeFirstOrThrow();
    store = (await storeById(row.id))!;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('offers 1-hour and 2-hour delivery with fees, and pickup, for the next 7 days in the store timezone', async () => {
    const delivery = await listSlots(store, 'delivery', now);
    const days = new Set(delivery.map((slot) => slot.day));
    expect(days.size).toBeGreaterThanOrEqual(6);
    expect(days.size).toBeLessThanOrEqual(7);
    const twoHour = delivery.find((slot) => slot.kind === 'delivery-2h')!;
    const oneHour = delivery.find((slot) => slot.kind === 'delivery-1h')!;
    expect(new Date(twoHour.endsAt).getTime() - new Date(twoHour.startsAt).getTime()).toBe(2 * 3_600_000);
    expect(new Date(oneHour.endsAt).getTime() - new Date(oneHour.startsAt).getTime()).toBe(3_600_000);
    expect(oneHour.feeCents).toBeGreaterThan(twoHour.feeCents);
    // Windows start on the hour of the store's own clock, from 8 a.m.
    const hours = delivery.map((slot) => Number(formatInTimeZone(new Date(slot.startsAt), store.timezone, 'H')));
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(8);
    expect(delivery.every((slot) => formatInTimeZone(new Date(slot.startsAt), store.timezone, 'mm') === '00')).toBe(
      true,
    );
    const pickup = await listSlots(store, 'pickup', now);
    expect(pickup.length).toBeGreaterThan(0);
    expect(pickup.every((slot) => slot.kind === 'pickup' && slot.feeCents === 0)).toBe(true);
  });

  it('writes the windows once: a listing that finds them all only reads, and a missing one is written again', async () => {
    // Every statement the module runs, by kind (a Kysely plugin on the same connection).
    const kinds: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs) => (kinds.push(node.kind), node),
      transformResult: async ({ result }: PluginTransformResultArgs) => result,
    };
    useDatabaseForTests({ ...test, db: test.db.withPlugin(recorder) });
    try {
      const first = await listSlots(store, 'delivery', now);
      kinds.length = 0;
      const again = await listSlots(store, 'delivery', now);
      expect(again).toEqual(first);
      expect(kinds.filter((kind) => kind !== 'SelectQueryNode')).toEqual([]);

      // A window that has not started is gone (a reseed, say): the next listing puts it back.
      const gone = first.find((slot) => slot.bookable)!;
      await test.db.deleteFrom('slots').where('id', '=', gone.id).execute();
      kinds.length = 0;
      const healed = await listSlots(store, 'delivery', now);
      expect(kinds).toContain('InsertQueryNode');
      const back = healed.find((slot) => slot.kind === gone.kind && slot.startsAt === gone.startsAt);
      expect(back).toMatchObject({
        label: gone.label,
        day: gone.day,
        feeCents: gone.feeCents,
        placesLeft: gone.placesLeft,
      });
      expect(healed).toHaveLength(first.length);
    } finally {
      useDatabaseForTests(test);
    }
  });

  it("gives the page the week's days, the default day and that day's windows, reading only the days it shows", async () => {
    /** What the page showed when it listed the whole week (listSlots) and picked the day (defaultSlotDay). */
    const fromWeek = async (type: 'delivery' | 'pickup', requested: string | null, at: Date) => {
      const week = await listSlots(store, type, at);
      const day = defaultSlotDay(week, requested);
      return { days: [...new Set(week.map((slot) => slot.day))], day, slots: week.filter((slot) => slot.day === day) };
    };
    const today = formatInTimeZone(now, store.timezone, 'yyyy-MM-dd');
    const evening = fromZonedTime(`${today}T21:30:00`, store.timezone);
    for (const type of ['delivery', 'pickup'] as const)
      for (const at of [now, evening]) {
        const week = await fromWeek(type, null, at);
        expect(week.days.length).toBeGreaterThanOrEqual(6);
        for (const requested of [null, week.days[3]!, week.days[0]!, '2000-01-01'])
          expect(await slotPage(store, type, requested, at), `${type} at ${at.toISOString()}, ${requested}`).toEqual(
            await fromWeek(type, requested, at),
          );
      }
    // Late in the store's day nothing of today can be booked: the page opens on tomorrow.
    const late = await slotPage(store, 'delivery', null, evening);
    expect(late.day).not.toBe(formatInTimeZone(evening, store.timezone, 'yyyy-MM-dd'));

    // Today's and tomorrow's windows all full: the page opens on the first day with a place, as before.
    const { days } = await slotPage(store, 'pickup', null, now);
    const soon = (await listSlots(store, 'pickup', now)).filter((slot) => slot.day === days[0] || slot.day === days[1]);
    await test.db
      .updateTable('slots')
      .set((eb) => ({ reserved: eb.ref('capacity') }))
      .where(
        'id',
        'in',
        soon.map((slot) => slot.id),
      )
      .execute();
    try {
      const page = await slotPage(store, 'pickup', null, now);
      expect(page).toEqual(await fromWeek('pickup', null, now));
      expect(page.day).toBe(days[2]);
    } finally {
      await test.db
        .updateTable('slots')
        .set({ reserved: 0 })
        .where(
          'id',
          'in',
          soon.map((slot) => slot.id),
        )
        .execute();
    }

    // Rows read: the shown days' windows, not the week's.
    let rowsRead = 0;
    const counter: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs) => node,
      transformResult: async ({ result }: PluginTransformResultArgs) => ((rowsRead += result.rows.length), result),
    };
    useDatabaseForTests({ ...test, db: test.db.withPlugin(counter) });
    try {
      const week = (await listSlots(store, 'delivery', now)).length;
      rowsRead = 0;
      const page = await slotPage(store, 'delivery', days[4]!, now);
      expect(rowsRead).toBe(page.slots.length);
      expect(rowsRead).toBeLessThan(week / 3);
    } finally {
      useDatabaseForTests(test);
    }
  });

  it('offers no rush delivery at a store without it', async () => {
    const noRush = await test.db
      .selectFrom('stores')
      .select('id')
      .where('has_rush_delivery', '=', 0)
      .where('has_grocery_delivery', '=', 1)
      .executeTakeFirstOrThrow();
    const slots = await listSlots((await storeById(noRush.id))!, 'delivery', now);
    expect(slots.some((slot) => slot.kind === 'rush')).toBe(false);
  });

  it('holds a window for 2 hours, moves the hold when another window is chosen, and frees it on expiry', async () => {
    const [first, second] = (await listSlots(store, 'delivery', now)).filter(
      (s) => s.kind === 'delivery-2h' && s.bookable,
    );
    const cartId = await newCart();
    const held = await reserveSlot({
      slotId: first!.id,
      cartId,
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(held).toMatchObject({ ok: true });
    if (!held.ok) return;
    expect(new Date(held.expiresAt).getTime() - now.getTime()).toBe(7_200_000);
    await reserveSlot({ slotId: second!.id, cartId, customerId: null, store, needsAttendedDelivery: false, now });
    const reserved = async (id: number) =>
      (await test.db.selectFrom('slots').select('reserved').where('id', '=', id).executeTakeFirstOrThrow()).reserved;
    expect(await reserved(first!.id)).toBe(0);
    expect(await reserved(second!.id)).toBe(1);
    expect((await heldSlot(cartId, store.timezone, now))?.slotId).toBe(second!.id);
    const later = new Date(now.getTime() + 7_200_001);
    expect(await heldSlot(cartId, store.timezone, later)).toBeNull();
    await releaseExpiredHolds(store.id, later);
    expect(await reserved(second!.id)).toBe(0);
  });

  it('reads a day in one statement, and gives a lapsed hold’s place back when the page shows its window', async () => {
    const { days } = await slotPage(store, 'delivery', null, now);
    const day = days[3]!;
    const window = (await slotPage(store, 'delivery', day, now)).slots.find(
      (s) => s.kind === 'delivery-2h' && s.bookable && s.placesLeft > 1,
    )!;
    const reservedIn = async (id: number) =>
      (await test.db.selectFrom('slots').select('reserved').where('id', '=', id).executeTakeFirstOrThrow()).reserved;
    const reservedBefore = await reservedIn(window.id);
    const held = await reserveSlot({
      slotId: window.id,
      cartId: await newCart(),
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(held).toMatchObject({ ok: true });
    // Statements run (each result passes transformResult), and the kinds of those built on the spot.
    const kinds: string[] = [];
    let statements = 0;
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs) => (kinds.push(node.kind), node),
      transformResult: async ({ result }: PluginTransformResultArgs) => (statements++, result),
    };
    const shown = async (at: Date) => {
      kinds.length = 0;
      statements = 0;
      const page = await slotPage(store, 'delivery', day, at);
      return page.slots.find((s) => s.id === window.id)!;
    };
    useDatabaseForTests({ ...test, db: test.db.withPlugin(recorder) });
    try {
      // While the hold lives: its place is taken, and the page is one read.
      expect((await shown(now)).placesLeft).toBe(window.placesLeft - 1);
      expect(statements).toBe(1);
      // Lapsed: the same page gives the place back (the hold deleted, the window's count lowered) and reads again.
      const later = new Date(now.getTime() + 7_200_001);
      expect((await shown(later)).placesLeft).toBe(window.placesLeft);
      expect(kinds).toContain('DeleteQueryNode');
      expect(kinds).toContain('UpdateQueryNode');
      expect(statements).toBeGreaterThan(3);
      expect(await reservedIn(window.id)).toBe(reservedBefore);
      // Released once: the next view is one read again.
      expect((await shown(later)).placesLeft).toBe(window.placesLeft);
      expect(statements).toBe(1);
    } finally {
      useDatabaseForTests(test);
    }
  });

  it('refuses a window past its booking deadline even when lapsed holds take all its places', async () => {
    const window = (await listSlots(store, 'delivery', now)).find((s) => s.kind === 'delivery-2h' && s.bookable)!;
    const row = await test.db.selectFrom('slots').selectAll().where('id', '=', window.id).executeTakeFirstOrThrow();
    const late = new Date(Date.parse(window.startsAt) - 60_000); // a minute before it starts
    const lapsed = new Date(late.getTime() - 1_000).toISOString();
    const free = row.capacity - row.reserved;
    for (let i = 0; i < free; i++)
      await test.db
        .insertInto('slot_holds')
        .values({
          slot_id: window.id,
          customer_id: null,
          cart_id: await newCart(),
          order_id: null,
          expires_at: lapsed,
          created_at: now.toISOString(),
        })
        .execute();
    await test.db.updateTable('slots').set({ reserved: row.capacity }).where('id', '=', window.id).execute();
    const result = await reserveSlot({
      slotId: window.id,
      cartId: await newCart(),
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now: late,
    });
    expect(result).toEqual({ ok: false, code: 'TOO_LATE' });
    await releaseExpiredHolds(store.id, late);
    const after = await test.db
      .selectFrom('slots')
      .select('reserved')
      .where('id', '=', window.id)
      .executeTakeFirstOrThrow();
    expect(after.reserved).toBe(row.reserved);
  });

  it('refuses a full window', async () => {
    const slot = (await listSlots(store, 'delivery', now)).find((s) => s.kind === 'delivery-1h' && s.bookable)!;
    await test.db.updateTable('slots').set({ reserved: 4 }).where('id', '=', slot.id).execute();
    const result = await reserveSlot({
      slotId: slot.id,
      cartId: await newCart(),
      customerId: null,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(result).toEqual({ ok: false, code: 'FULL' });
  });

  it('sells the last place of a window exactly once to 20 parallel reservations', async () => {
    const slot = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable)[3]!;
    const capacity = (
      await test.db.selectFrom('slots').select('capacity').where('id', '=', slot.id).executeTakeFirstOrThrow()
    ).capacity;
    await test.db
      .updateTable('slots')
      .set({ reserved: capacity - 1 })
      .where('id', '=', slot.id)
      .execute();
    const carts = await Promise.all(Array.from({ length: 20 }, () => newCart()));
    const results = await Promise.all(
      carts.map((cartId) =>
        reserveSlot({ slotId: slot.id, cartId, customerId: null, store, needsAttendedDelivery: false, now }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'FULL')).toBe(true);
    const row = await test.db
      .selectFrom('slots')
      .select(['reserved', 'capacity'])
      .where('id', '=', slot.id)
      .executeTakeFirstOrThrow();
    expect(row.reserved).toBe(row.capacity);
    const holds = await test.db.selectFrom('slot_holds').select('id').where('slot_id', '=', slot.id).execute();
    expect(holds).toHaveLength(1);
  });

  it('keeps pickup and rush windows from carts with attended-delivery-only items', async () => {
    const pickup = (await listSlots(store, 'pickup', now)).find((s) => s.bookable)!;
    const result = await reserveSlot({
      slotId: pickup.id,
      cartId: await newCart(),
      customerId: null,
      store,
      needsAttendedDelivery: true,
      now,
    });
    expect(result).toEqual({ ok: false, code: 'ATTENDED_ONLY' });
  });

  it('refuses a window that starts within the hour, and a window of another store', async () => {
    const slot = (await listSlots(store, 'delivery', now)).find((s) => s.kind === 'delivery-2h')!;
    const late = new Date(new Date(slot.startsAt).getTime() - 30 * 60_000);
    const cartId = await newCart();
    expect(
      await reserveSlot({ slotId: slot.id, cartId, customerId: null, store, needsAttendedDelivery: false, now: late }),
    ).toEqual({
      ok: false,
      code: 'TOO_LATE',
    });
    const elsewhere = (await storeById(
      (await test.db.selectFrom('stores').select('id').where('id', '!=', store.id).executeTakeFirstOrThrow()).id,
    ))!;
    expect(
      await reserveSlot({
        slotId: slot.id,
        cartId,
        customerId: null,
        store: elsewhere,
        needsAttendedDelivery: false,
        now,
      }),
    ).toEqual({
      ok: false,
      code: 'UNKNOWN_SLOT',
    });
  });
});
