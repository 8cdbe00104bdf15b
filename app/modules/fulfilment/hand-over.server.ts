import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import { storeById } from '~/modules/stores/stores.server';
import { queueReceipt, queueStepMessage } from './order-messages.server';
import { recordStep } from './order-events.server';
import { checkStep, type FulfilmentRefusal, type StaffAtStore, type StaffStep } from './order-states';
import { orderAtStore, orderLines, settleDueAnswers } from './picking.server';
import { arrivalWindow } from './progress-rules';
import { receiptTotals } from './receipt-rules';

export type StepResult = { ok: true; orderId: number } | { ok: false; code: FulfilmentRefusal };

type Order = NonNullable<Awaited<ReturnType<typeof orderAtStore>>>;

/** What a step needs beyond the state machine, checked inside the step's transaction. */
async function precondition(
  tx: Kysely<Database>,
  step: StaffStep,
  order: Order,
  staff: StaffAtStore,
  now: Date,
): Promise<FulfilmentRefusal | null> {
  const manager = staff.roles.includes('manager');
  if (step === 'stage') {
    if (!manager && order.picker_id !== staff.staffId) return 'NOT_YOURS';
    await settleDueAnswers(tx, order.id, now);
    const lines = await orderLines(tx, order.id);
    if (lines.some((line) => line.pick === null)) return 'LINES_OPEN';
    if (lines.some((line) => line.pick?.approval === 'requested')) return 'ANSWERS_WAITING';
  }
  if (step === 'deliver' && !manager && order.driver_id !== staff.staffId) return 'NOT_THE_DRIVER';
  if (step === 'handOver' && order.checked_in_at === null) return 'NOT_CHECKED_IN';
  return null;
}

/** What the step writes on the order besides its status. */
async function changes(tx: Kysely<Database>, step: StaffStep, order: Order, staff: StaffAtStore, now: Date) {
  if (step === 'depart') {
    const window = arrivalWindow(now);
    return { driver_id: staff.staffId, arrival_start: window.start, arrival_end: window.end };
  }
  if (step === 'deliver' || step === 'handOver') {
    const totals = receiptTotals(await orderLines(tx, order.id), {
      feesCents: order.fees_cents,
      promoCents: order.promo_cents,
      tipCents: order.tip_cents,
    });
    return { handed_over_at: now.toISOString(), final_total_cents: totals.totalCents };
  }
  return {};
}

const EVENT_OF: Record<Exclude<StaffStep, 'claim'>, string> = {
  stage: 'staged',
  ready: 'ready_for_pickup',
  depart: 'out_for_delivery',
  deliver: 'delivered',
  handOver: 'picked_up',
};

/**
 * Moves an order one step on (stage, ready, depart, deliver, hand over). The UPDATE names the state it
 * leaves, so two staff taking the same step at once change the order once.
 */
export async function takeStep(
  staff: StaffAtStore,
  orderNumber: string,
  step: Exclude<StaffStep, 'claim'>,
  now = new Date(),
  origin?: string,
): Promise<StepResult> {
  const store = await storeById(staff.storeId);
  if (!store) return { ok: false, code: 'NOT_FOUND' };
  const result = await db()
    .transaction()
    .execute(async (tx): Promise<StepResult> => {
      const order = await orderAtStore(tx, staff, orderNumber);
      if (!order) return { ok: false, code: 'NOT_FOUND' };
      const allowed = checkStep(step, order, staff.roles);
      if (!allowed.ok) return allowed;
      const refusal = await precondition(tx, step, order, staff, now);
      if (refusal) return { ok: false, code: refusal };
      const changed = await changes(tx, step, order, staff, now);
      const moved = await tx
        .updateTable('orders')
        .set({ status: allowed.to, ...changed })
        .where('id', '=', order.id)
        .where('status', '=', order.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return { ok: false, code: 'WRONG_STEP' };
      await recordStep(tx, order.id, EVENT_OF[step], { staffId: staff.staffId }, now);
      // The shopper hears of it in the same transaction: the message exists exactly when the step does.
      if (changed.arrival_start && changed.arrival_end) {
        const arrival = { start: changed.arrival_start, end: changed.arrival_end };
        await queueStepMessage(tx, order, store, { kind: 'out-for-delivery', arrival }, origin);
      }
      if (step === 'ready') await queueStepMessage(tx, order, store, { kind: 'ready-for-pickup' }, origin);
      if (step === 'deliver' || step === 'handOver') {
        await queueReceipt(tx, order, store, await orderLines(tx, order.id), now, origin);
      }
      return { ok: true, orderId: order.id };
    });
  if (result.ok) await noteStoreChange(staff.storeId);
  return result;
}
