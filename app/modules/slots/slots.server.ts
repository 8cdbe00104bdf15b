import { addDays } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database, SlotTable } from '~/db/schema';
import { SLOT_HOLD_LIFETIME_MS } from '~/modules/session/cookie-policy';
import type { Store } from '~/modules/stores/stores.server';
import { defaultSlotDay } from './default-day';
import {
  BOOKING_LEAD_MS,
  RUSH_HORIZON_MS,
  RUSH_LEAD_MS,
  SLOT_DAYS,
  SLOT_PLANS,
  type SlotKind,
  type SlotPlan,
  type SlotRefusalCode,
} from './slot-rules';

function offered(store: Store, plan: SlotPlan): boolean {
  if (plan.kind === 'pickup') return store.has_dug === 1;
  if (plan.kind === 'rush') return store.has_rush_delivery === 1 && store.has_grocery_delivery === 1;
  return store.has_grocery_delivery === 1;
}

/** The local dates (yyyy-MM-dd) of today and the next six days in the store's timezone. */
export function slotDays(store: Store, now: Date): string[] {
  return Array.from({ length: SLOT_DAYS }, (_, i) => formatInTimeZone(addDays(now, i), store.timezone, 'yyyy-MM-dd'));
}

const QUARTER_HOUR_MS = 900_000;
/** The last local date read per timezone, and the quarter hour (UTC) it holds for. */
const todays = new Map<string, { from: number; day: string }>();

/**
 * The local date (yyyy-MM-dd) in `timezone` at `now`. Every zone's offset is a whole number of quarter hours, so
 * a local date changes only on a UTC quarter hour: one date-fns-tz call per zone and quarter hour, not per view.
 */
export function localToday(now: Date, timezone: string): string {
  const from = Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const known = todays.get(timezone);
  if (known?.from === from) return known.day;
  const day = formatInTimeZone(now, timezone, 'yyyy-MM-dd');
  if (todays.size >= 1_000) todays.clear();
  todays.set(timezone, { from, day });
  return day;
}

/** A window as inserted: the row without its id and places taken. */
type PlannedWindow = Omit<SlotTable, 'id' | 'reserved' | 'closed'>;

/** The last plans made, by store and day (bounded: a plan per store changes once a day). */
const plans = new Map<string, PlannedWindow[]>();
const MAX_PLANS = 500;
/**
 * Each planned window's local day, set when its plan is made: the slots page groups the ~290 windows of a week
 * by day on every view, and a lookup by key string per window was a visible share of its CPU.
 */
const plannedDays = new WeakMap<PlannedWindow, string>();

/**
 * The store's windows for the 7 days from `now` (store time), as rows. Computed once per store and first day:
 * the time-zone arithmetic (one `fromZonedTime` per window, ~290 a week) cost more CPU than the whole page.
 */
function plannedWindows(store: Store, now: Date): PlannedWindow[] {
  const today = localToday(now, store.timezone);
  const key = `${store.id}|${store.timezone}|${store.has_dug}|${store.has_grocery_delivery}|${store.has_rush_delivery}|${today}`;
  const known = plans.get(key);
  if (known) return known;
  const rows: PlannedWindow[] = [];
  for (const day of slotDays(store, now))
    for (const plan of SLOT_PLANS) {
      if (!offered(store, plan)) continue;
      for (const hour of plan.startHours) {
        const start = fromZonedTime(`${day}T${String(hour).padStart(2, '0')}:00:00`, store.timezone);
        const end = new Date(start.getTime() + plan.hours * 3_600_000);
        rows.push({
          store_id: store.id,
          kind: plan.kind,
          starts_at: start.toISOString(),
          ends_at: end.toISOString(),
          fee_cents: plan.feeCents,
          capacity: plan.capacity,
        });
      }
    }
  for (const row of rows) plannedDays.set(row, windowText(row.starts_at, row.ends_at, store.timezone).day);
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(key, rows);
  return rows;
}

/**
 * Makes sure the store's windows for the next 7 days exist. Idempotent (insert, ignoring windows that
 * exist), so any request may call it: capacity lives on the rows, never in memory.
 */
export async function ensureSlots(store: Store, now = new Date()) {
  const rows = plannedWindows(store, now);
  if (rows.length === 0) return;
  await db()
    .insertInto('slots')
    .values(rows)
    .onConflict((oc) => oc.columns(['store_id', 'kind', 'starts_at']).doNothing())
    .execute();
}

export interface SlotView {
  id: number;
  kind: SlotKind;
  startsAt: string;
  endsAt: string;
  day: string;
  label: string;
  feeCents: number;
  placesLeft: number;
  bookable: boolean;
}

/** The store's windows of one kind group (delivery or pickup) for the next 7 days, in its timezone. */
export async function listSlots(store: Store, type: 'delivery' | 'pickup', now = new Date()): Promise<SlotView[]> {
  return readWindows(store, type, plannedWindows(store, now), now.toISOString(), addDays(now, SLOT_DAYS + 1), now);
}

/**
 * The windows of a kind group starting in (from, to). The windows are written once (ensureSlots); a read that
 * finds every planned window of the span reads only. Missing ones (a new day, a new store, a reseeded database)
 * are inserted and read again. Each row also says whether a lapsed hold still takes one of its places: only then
 * are the store's lapsed holds released and the span read again (a separate look for lapsed holds
 * before every read was one more round trip per slots page).
 */
async function readWindows(
  store: Store,
  type: 'delivery' | 'pickup',
  planned: PlannedWindow[],
  from: string,
  to: Date,
  now: Date,
): Promise<SlotView[]> {
  const kinds = KIND_GROUPS[type];
  const read = () => windowsOf[type](db(), store.id, from, to.toISOString(), now.toISOString());
  let rows = await read();
  if (rows.some((row) => Boolean(row.has_lapsed_hold))) {
    await releaseExpiredHolds(store.id, now);
    rows = await read();
  }
  if (missingWindows(planned, rows, kinds, now)) {
    await ensureSlots(store, now);
    rows = await read();
  }
  return rows.filter((row) => shownAt(row, now)).map((row) => toView(row, store, now));
}

/** Rush windows are listed only within the rush horizon. */
const shownAt = (window: { kind: SlotKind; starts_at: string }, now: Date) =>
  window.kind !== 'rush' || new Date(window.starts_at).getTime() - now.getTime() <= RUSH_HORIZON_MS;

export interface SlotPage {
  /** The local days (yyyy-MM-dd) with windows of the kind group, in order. */
  days: string[];
  /** The day the page shows (defaultSlotDay's rule), null when there is none. */
  day: string | null;
  /** That day's windows. */
  slots: SlotView[];
}

/**
 * What the slots page shows: the days with windows, the day it opens on and that day's windows, as listSlots
 * and defaultSlotDay would give. The days come from the store's plan; only the shown day's windows are read (when
 * no day is asked for, today's and tomorrow's, and the rest of the week only if neither has a window to book):
 * reading the whole week (~200 rows) was the slots page's costliest statement.
 */
export async function slotPage(
  store: Store,
  type: 'delivery' | 'pickup',
  requested: string | null | undefined,
  now = new Date(),
): Promise<SlotPage> {
  const kinds = KIND_GROUPS[type];
  const from = now.toISOString();
  const byDay = new Map<string, PlannedWindow[]>();
  for (const window of plannedWindows(store, now)) {
    if (!kinds.includes(window.kind) || window.starts_at <= from || !shownAt(window, now)) continue;
    const day = plannedDays.get(window)!;
    const windows = byDay.get(day);
    if (windows) windows.push(window);
    else byDay.set(day, [window]);
  }
  const days = [...byDay.keys()];
  const readDays = (span: string[]) => {
    const windows = span.flatMap((day) => byDay.get(day)!);
    const starts = windows.map((window) => Date.parse(window.starts_at));
    // (from, to) around the span's first and last start; never before now.
    const lo = new Date(Math.max(now.getTime(), Math.min(...starts) - 1)).toISOString();
    return readWindows(store, type, windows, lo, new Date(Math.max(...starts) + 1), now);
  };
  if (days.length === 0) return { days, day: null, slots: [] };
  if (requested && byDay.has(requested)) return { days, day: requested, slots: await readDays([requested]) };
  let views = await readDays(days.slice(0, 2));
  if (!views.some((slot) => slot.bookable) && days.length > 2) views = views.concat(await readDays(days.slice(2)));
  const day = defaultSlotDay(views, null);
  return { days, day, slots: views.filter((slot) => slot.day === day) };
}

const KIND_GROUPS: Record<'delivery' | 'pickup', SlotKind[]> = {
  delivery: ['rush', 'delivery-2h', 'delivery-1h'],
  pickup: ['pickup'],
};

/** A store's windows of a kind group starting in (from, to): one compiled statement per group. */
const windowsOf = {
  delivery: windowsStatement(KIND_GROUPS.delivery),
  pickup: windowsStatement(KIND_GROUPS.pickup),
};

function windowsStatement(kinds: SlotKind[]) {
  return compiledOnce((conn, storeId: number, from: string, to: string, now: string) =>
    conn
      .selectFrom('slots')
      .selectAll('slots')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('slot_holds as h')
              .select('h.id')
              .whereRef('h.slot_id', '=', 'slots.id')
              .where('h.order_id', 'is', null)
              .where('h.expires_at', '<=', now),
          )
          .as('has_lapsed_hold'),
      )
      .where('store_id', '=', storeId)
      .where('kind', 'in', kinds)
      .where('starts_at', '>', from)
      .where('starts_at', '<', to)
      .orderBy('starts_at')
      .orderBy('kind')
      .compile(),
  );
}

/** Whether a planned window of these kinds that has not started yet is absent from the rows read. */
function missingWindows(
  planned: PlannedWindow[],
  rows: { kind: SlotKind; starts_at: string }[],
  kinds: SlotKind[],
  now: Date,
): boolean {
  const present = new Set(rows.map((row) => `${row.kind}|${row.starts_at}`));
  const from = now.toISOString();
  return planned.some(
    (window) =>
      kinds.includes(window.kind) && window.starts_at > from && !present.has(`${window.kind}|${window.starts_at}`),
  );
}

/** Whether the window still starts far enough ahead to be booked (rush windows need less lead time). */
function bookableInTime(window: { kind: SlotKind; starts_at: string }, now: Date): boolean {
  return Date.parse(window.starts_at) - now.getTime() >= (window.kind === 'rush' ? RUSH_LEAD_MS : BOOKING_LEAD_MS);
}

function toView(
  row: {
    id: number;
    kind: SlotKind;
    starts_at: string;
    ends_at: string;
    fee_cents: number;
    capacity: number;
    reserved: number;
    closed: number;
  },
  store: Store,
  now: Date,
): SlotView {
  const leadOk = bookableInTime(row, now) && !row.closed;
  return {
    id: row.id,
    kind: row.kind,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    ...windowText(row.starts_at, row.ends_at, store.timezone),
    feeCents: row.fee_cents,
    placesLeft: Math.max(0, row.capacity - row.reserved),
    bookable: leadOk && row.reserved < row.capacity,
  };
}

/** A window's local day and label, by start, end and timezone (bounded; the same windows are shown again and again). */
const windowTexts = new Map<string, { day: string; label: string }>();
const MAX_WINDOW_TEXTS = 20_000;

/**
 * date-fns-tz builds and parses Intl output for every call (~4 per window, ~200 windows a page): most of the
 * slots page's CPU before this memo. A window's text depends only on these three strings.
 */
function windowText(startsAt: string, endsAt: string, timezone: string): { day: string; label: string } {
  const key = `${timezone}|${startsAt}|${endsAt}`;
  let text = windowTexts.get(key);
  if (!text) {
    text = {
      day: formatInTimeZone(new Date(startsAt), timezone, 'yyyy-MM-dd'),
      label: slotLabel(startsAt, endsAt, timezone),
    };
    if (windowTexts.size >= MAX_WINDOW_TEXTS) windowTexts.clear();
    windowTexts.set(key, text);
  }
  return text;
}

export function slotLabel(startsAt: string, endsAt: string, timezone: string): string {
  const day = formatInTimeZone(new Date(startsAt), timezone, 'EEE, MMM d');
  const from = formatInTimeZone(new Date(startsAt), timezone, 'h:mm a');
  const to = formatInTimeZone(new Date(endsAt), timezone, 'h:mm a');
  return `${day}, ${from} – ${to}`;
}

/** Holds (without an order) that lapsed give their place back; each hold is released once (delete first). */
export async function releaseExpiredHolds(storeId: number, now = new Date()) {
  const expired = await expiredHolds(db(), storeId, now.toISOString());
  for (const hold of expired) await releaseHoldRow(hold.id, hold.slot_id);
}

// Every slots page asks these: compiled once.
const expiredHolds = compiledOnce((conn, storeId: number, now: string) =>
  conn
    .selectFrom('slot_holds as h')
    .innerJoin('slots as s', 's.id', 'h.slot_id')
    .select(['h.id', 'h.slot_id'])
    .where('s.store_id', '=', storeId)
    .where('h.order_id', 'is', null)
    .where('h.expires_at', '<=', now)
    .compile(),
);
const liveHolds = compiledOnce((conn, cartId: string, now: string) =>
  conn
    .selectFrom('slot_holds')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('order_id', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .compile(),
);
const slotById = compiledOnce((conn, slotId: number) =>
  conn.selectFrom('slots').selectAll().where('id', '=', slotId).compile(),
);

/** Deletes the hold and gives its place back in one transaction: a crash never leaves a place taken twice or lost. */
async function releaseHoldRow(holdId: number, slotId: number, conn?: Kysely<Database>): Promise<void> {
  if (!conn)
    return db()
      .transaction()
      .execute((tx) => releaseHoldRow(holdId, slotId, tx));
  const deleted = await conn.deleteFrom('slot_holds').where('id', '=', holdId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return; // someone else released it
  await conn
    .updateTable('slots')
    .set((eb) => ({ reserved: eb('reserved', '-', 1) }))
    .where('id', '=', slotId)
    .where('reserved', '>', 0)
    .execute();
}

export type ReserveResult =
  { ok: true; holdId: number; slot: SlotView; expiresAt: string } | { ok: false; code: SlotRefusalCode };

/**
 * Holds a place in a window for a cart for 2 hours. The place is taken by one conditional UPDATE
 * (reserved + 1 WHERE reserved < capacity): under any concurrency a full window refuses (FULL) and is
 * never overbooked. The cart's previous hold, if any, is given back afterwards.
 */
export async function reserveSlot(input: {
  slotId: number;
  cartId: string;
  customerId: number | null;
  store: Store;
  needsAttendedDelivery: boolean;
  now?: Date;
}): Promise<ReserveResult> {
  const now = input.now ?? new Date();
  const [slot] = await slotById(db(), input.slotId);
  if (!slot || slot.store_id !== input.store.id) return { ok: false, code: 'UNKNOWN_SLOT' };
  const plan = SLOT_PLANS.find((candidate) => candidate.kind === slot.kind);
  if (!plan || !offered(input.store, plan)) return { ok: false, code: 'NOT_OFFERED' };
  if (input.needsAttendedDelivery && (slot.kind === 'pickup' || slot.kind === 'rush'))
    return { ok: false, code: 'ATTENDED_ONLY' };
  // Lead time on its own: a window whose places lapsed holds still take is as late as any other.
  if (!bookableInTime(slot, now)) return { ok: false, code: 'TOO_LATE' };
  if (slot.closed) return { ok: false, code: 'CLOSED' };
  const expiresAt = new Date(now.getTime() + SLOT_HOLD_LIFETIME_MS).toISOString();

  const previous = await liveHold(input.cartId, now);
  if (previous?.slot_id === slot.id) {
    await db().updateTable('slot_holds').set({ expires_at: expiresAt }).where('id', '=', previous.id).execute();
    return { ok: true, holdId: previous.id, slot: toView(slot, input.store, now), expiresAt };
  }
  await releaseExpiredHolds(input.store.id, now);
  // Taking the place, recording the hold and giving back the cart's previous place happen together or not at all.
  const hold = await db()
    .transaction()
    .execute(async (tx) => {
      const taken = await tx
        .updateTable('slots')
        .set((eb) => ({ reserved: eb('reserved', '+', 1) }))
        .where('id', '=', slot.id)
        .where('closed', '=', 0)
        .where((eb) => eb('reserved', '<', eb.ref('capacity')))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return null;
      const inserted = await tx
        .insertInto('slot_holds')
        .values({
          slot_id: slot.id,
          customer_id: input.customerId,
          cart_id: input.cartId,
          order_id: null,
          expires_at: expiresAt,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (previous) await releaseHoldRow(previous.id, previous.slot_id, tx);
      return inserted;
    });
  // A window closed after the read above refuses as a full one does.
  if (!hold) return { ok: false, code: 'FULL' };
  return {
    ok: true,
    holdId: hold.id,
    slot: toView({ ...slot, reserved: slot.reserved + 1 }, input.store, now),
    expiresAt,
  };
}

async function liveHold(cartId: string, now: Date) {
  const [hold] = await liveHolds(db(), cartId, now.toISOString());
  return hold;
}

export interface HeldSlot {
  holdId: number;
  slotId: number;
  kind: SlotKind;
  startsAt: string;
  endsAt: string;
  label: string;
  feeCents: number;
  expiresAt: string;
  storeId: number;
}

/** The cart's live hold (the "selected slot"), or null. */
export async function heldSlot(cartId: string | null, timezone: string, now = new Date()): Promise<HeldSlot | null> {
  if (!cartId) return null;
  const hold = await liveHold(cartId, now);
  if (!hold) return null;
  const [slot] = await slotById(db(), hold.slot_id);
  if (!slot) throw new Error(`heldSlot: hold ${hold.id} names slot ${hold.slot_id}, which does not exist`);
  return {
    holdId: hold.id,
    slotId: slot.id,
    kind: slot.kind,
    startsAt: slot.starts_at,
    endsAt: slot.ends_at,
    label: windowText(slot.starts_at, slot.ends_at, timezone).label,
    feeCents: slot.fee_cents,
    expiresAt: hold.expires_at!,
    storeId: slot.store_id,
  };
}

/** Gives the cart's hold back (the shopper changed their mind). */
export async function releaseCartHold(cartId: string, now = new Date()) {
  const hold = await liveHold(cartId, now);
  if (hold) await releaseHoldRow(hold.id, hold.slot_id);
}

/** An order keeps its place: the hold loses its expiry and is tied to the order. */
export async function attachHoldToOrder(holdId: number, orderId: number) {
  await db()
    .updateTable('slot_holds')
    .set({ order_id: orderId, expires_at: null, cart_id: null })
    .where('id', '=', holdId)
    .execute();
}

/** A cancelled order gives its place back. */
export async function releaseOrderHold(orderId: number) {
  const hold = await db().selectFrom('slot_holds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (hold) await releaseHoldRow(hold.id, hold.slot_id);
}
