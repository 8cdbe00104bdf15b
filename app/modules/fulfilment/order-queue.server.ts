import { addDays } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { sql } from 'kysely';
import { db } from '~/db/db.server';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import type { Language } from '~/modules/i18n/languages';
import { slotLabelIn } from '~/modules/orders/order-dates.server';
import { storeById } from '~/modules/stores/stores.server';
import { recordStep } from './order-events.server';
import { checkStep, OPEN_STATUSES, STATUS, type FulfilmentRefusal, type StaffAtStore } from './order-states';

export const QUEUE_PAGE_SIZE = 50;

/** Midnight today and the midnight after tomorrow on the store's clock: the queue's two days. */
export function queueDays(timezone: string, now: Date): { from: string; to: string } {
  const today = formatInTimeZone(now, timezone, 'yyyy-MM-dd');
  const dayAfterTomorrow = formatInTimeZone(
    addDays(fromZonedTime(`${today}T12:00:00`, timezone), 2),
    timezone,
    'yyyy-MM-dd',
  );
  return {
    from: fromZonedTime(`${today}T00:00:00`, timezone).toISOString(),
    to: fromZonedTime(`${dayAfterTomorrow}T00:00:00`, timezone).toISOString(),
  };
}

export interface QueueFilter {
  /** 'open': still moving through the store; 'all': the day's orders in every state (the manager's view). */
  show: 'open' | 'all';
  page: number;
}

/** Today's and tomorrow's orders at the staff member's store, by slot, oldest first. */
export async function storeQueue(
  staff: StaffAtStore,
  filter: QueueFilter,
  now = new Date(),
  language: Language = 'en',
) {
  const store = await storeById(staff.storeId);
  if (!store) return null;
  const days = queueDays(store.timezone, now);
  let query = db()
    .selectFrom('orders as o')
    .where('o.store_id', '=', staff.storeId)
    .where('o.slot_start', '>=', days.from)
    .where('o.slot_start', '<', days.to);
  if (filter.show === 'open') query = query.where('o.status', 'in', OPEN_STATUSES);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('customers as picker', 'picker.id', 'o.picker_id')
    .select((eb) => [
      'o.id',
      'o.order_number',
      'o.status',
      'o.fulfillment',
      'o.slot_start',
      'o.slot_end',
      'o.placed_at',
      'o.picker_id',
      'o.checked_in_at',
      'o.parking_spot',
      'picker.first_name as picker_name',
      eb
        .selectFrom('order_items as i')
        .select(sql<number>`coalesce(sum(i.quantity), 0)`.as('units'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('units'),
    ])
    .orderBy('o.slot_start')
    .orderBy('o.placed_at')
    .orderBy('o.id')
    .limit(QUEUE_PAGE_SIZE)
    .offset((filter.page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  return {
    storeName: store.name,
    total: Number(total),
    page: filter.page,
    pages: Math.max(1, Math.ceil(Number(total) / QUEUE_PAGE_SIZE)),
    orders: rows.map((row) => ({
      orderNumber: row.order_number,
      status: row.status,
      pickup: row.fulfillment === 'DUG',
      slotLabel: slotLabelIn(language, row.slot_start, row.slot_end, store.timezone),
      placedAt: row.placed_at,
      units: Number(row.units ?? 0),
      picker: row.picker_id === null ? null : { mine: row.picker_id === staff.staffId, name: row.picker_name ?? '' },
      checkedIn: row.checked_in_at !== null,
      parkingSpot: row.parking_spot,
    })),
  };
}

export type ClaimResult = { ok: true } | { ok: false; code: FulfilmentRefusal };

/**
 * Claims a pending order for picking: one conditional UPDATE, so of two pickers claiming at once one
 * changes the row and the other finds it already claimed.
 */
export async function claimOrder(staff: StaffAtStore, orderNumber: string, now = new Date()): Promise<ClaimResult> {
  const order = await db()
    .selectFrom('orders')
    .select(['id', 'status', 'fulfillment'])
    .where('order_number', '=', orderNumber)
    .where('store_id', '=', staff.storeId)
    .executeTakeFirst();
  if (!order) return { ok: false, code: 'NOT_FOUND' };
  const allowed = checkStep('claim', order, staff.roles);
  if (!allowed.ok) return allowed;
  const result = await db()
    .transaction()
    .execute(async (tx): Promise<ClaimResult> => {
      const claimed = await tx
        .updateTable('orders')
        .set({ status: STATUS.picking, picker_id: staff.staffId })
        .where('id', '=', order.id)
        .where('status', '=', STATUS.pending)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return { ok: false as const, code: 'ALREADY_CLAIMED' as const };
      await recordStep(tx, order.id, 'picking', { staffId: staff.staffId }, now);
      return { ok: true as const };
    });
  if (result.ok) await noteStoreChange(staff.storeId);
  return result;
}
