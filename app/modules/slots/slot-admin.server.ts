import { fromZonedTime } from 'date-fns-tz';
import { db } from '~/db/db.server';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import type { Language } from '~/modules/i18n/languages';
import { momentIn } from '~/modules/orders/order-dates.server';
import {
  checkCapacity,
  isStoreManager,
  slotEditable,
  type ManagerRefusalCode,
} from '~/modules/staff/store-manager-rules';
import type { Store } from '~/modules/stores/stores.server';
import type { SlotKind } from './slot-rules';
import { ensureSlots, releaseExpiredHolds, slotDays, slotLabel } from './slots.server';

/** One window as its store manager sees it: capacity, places taken, closed or not. */
export interface ManagedSlot {
  id: number;
  kind: SlotKind;
  startsAt: string;
  /** The local time span, e.g. "9:00 AM – 10:00 AM". */
  time: string;
  capacity: number;
  taken: number;
  closed: boolean;
  /** False once the window has started: nothing about it can change any more. */
  editable: boolean;
}

export interface ManagedDay {
  /** Today and the next days (yyyy-MM-dd, store time), as shoppers can book them. */
  days: string[];
  day: string;
  slots: ManagedSlot[];
}

/** A window's local time span in the page's language: English keeps the slots' own wording. */
function windowTime(language: Language, startsAt: string, endsAt: string, timezone: string): string {
  if (language === 'en') return slotLabel(startsAt, endsAt, timezone).split(', ').slice(2).join(', ');
  return `${momentIn(language, startsAt, timezone, 'time')} – ${momentIn(language, endsAt, timezone, 'time')}`;
}

/** Every window of the store on one of its days (today when none or an unknown day is asked for), all kinds. */
export async function managedSlotDay(
  store: Store,
  requested: string | undefined,
  now = new Date(),
  language: Language = 'en',
): Promise<ManagedDay> {
  const days = slotDays(store, now);
  const day = requested && days.includes(requested) ? requested : days[0]!;
  // The windows exist before any shopper looks, and lapsed holds do not count as places taken.
  await ensureSlots(store, now);
  await releaseExpiredHolds(store.id, now);
  const from = fromZonedTime(`${day}T00:00:00`, store.timezone).toISOString();
  const to = fromZonedTime(`${day}T23:59:59.999`, store.timezone).toISOString();
  const rows = await db()
    .selectFrom('slots')
    .select(['id', 'kind', 'starts_at', 'ends_at', 'capacity', 'reserved', 'closed'])
    .where('store_id', '=', store.id)
    .where('starts_at', '>=', from)
    .where('starts_at', '<=', to)
    .orderBy('starts_at')
    .orderBy('kind')
    .execute();
  return {
    days,
    day,
    slots: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      startsAt: row.starts_at,
      time: windowTime(language, row.starts_at, row.ends_at, store.timezone),
      capacity: row.capacity,
      taken: row.reserved,
      closed: Number(row.closed) === 1,
      editable: slotEditable(row.starts_at, now),
    })),
  };
}

export type SlotChange =
  | { ok: true }
  | { ok: false; code: Exclude<ManagerRefusalCode, 'PRODUCT_NOT_FOUND' | 'NOT_SOLD' | 'MESSAGE_NOT_FOUND'> }
  | { ok: false; code: 'BELOW_TAKEN'; taken: number };

/** Why a conditional change of a window touched no row: not this store's, started, or (capacity) too few places. */
async function refusalOf(
  manager: StaffAtStore,
  slotId: number,
  now: Date,
  capacity?: number,
): Promise<SlotChange | null> {
  const row = await db()
    .selectFrom('slots')
    .select(['store_id', 'starts_at', 'reserved'])
    .where('id', '=', slotId)
    .executeTakeFirst();
  if (!row || row.store_id !== manager.storeId) return { ok: false, code: 'SLOT_NOT_FOUND' };
  if (!slotEditable(row.starts_at, now)) return { ok: false, code: 'STARTED' };
  if (capacity === undefined) return { ok: false, code: 'SLOT_NOT_FOUND' };
  const check = checkCapacity(capacity, row.reserved);
  // Null: a place was given back between the UPDATE and this read, so the same UPDATE may pass now.
  return check.ok ? null : check;
}

/**
 * Sets a window's capacity, never below the places taken. One conditional UPDATE (… WHERE reserved <= capacity)
 * against the reservation's (… WHERE reserved < capacity): whichever runs second sees the other's row, so under
 * any interleaving the window is never overbooked.
 */
export async function setSlotCapacity(
  manager: StaffAtStore,
  slotId: number,
  capacity: number,
  now = new Date(),
): Promise<SlotChange> {
  if (!isStoreManager(manager)) return { ok: false, code: 'ROLE' };
  await releaseExpiredHolds(manager.storeId, now);
  for (let attempt = 0; ; attempt++) {
    const changed = await db()
      .updateTable('slots')
      .set({ capacity })
      .where('id', '=', slotId)
      .where('store_id', '=', manager.storeId)
      .where('starts_at', '>', now.toISOString())
      .where('reserved', '<=', capacity)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 1) return { ok: true };
    const refusal = await refusalOf(manager, slotId, now, capacity);
    if (refusal) return refusal;
    // Places come and go under a busy window: after a few tries, say what the last read saw.
    if (attempt === 2) return { ok: false, code: 'BELOW_TAKEN', taken: capacity + 1 };
  }
}

/** Closes a window to new places (or opens it again); the places taken stay. Idempotent. */
export async function setSlotClosed(
  manager: StaffAtStore,
  slotId: number,
  closed: boolean,
  now = new Date(),
): Promise<SlotChange> {
  if (!isStoreManager(manager)) return { ok: false, code: 'ROLE' };
  const changed = await db()
    .updateTable('slots')
    .set({ closed: closed ? 1 : 0 })
    .where('id', '=', slotId)
    .where('store_id', '=', manager.storeId)
    .where('starts_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 1) return { ok: true };
  return (await refusalOf(manager, slotId, now)) ?? { ok: false, code: 'SLOT_NOT_FOUND' };
}
