import { formatInTimeZone } from 'date-fns-tz';
import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import type { Language } from '~/modules/i18n/languages';
import { momentIn } from '~/modules/orders/order-dates.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { storeById } from '~/modules/stores/stores.server';
import { bumpVersion, orderEvents, recordStep } from './order-events.server';
import { isPickup, STATUS } from './order-states';
import { orderLines, settleDueAnswers } from './picking.server';
import { timeline, type ProgressRefusal } from './progress-rules';

/** The customer's own order (another customer's is not found, as everywhere). */
function customerOrder(conn: Kysely<Database>, customer: OrderCustomer, orderNumber: string) {
  return conn
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
}

function windowLabel(start: string | null, end: string | null, timezone: string, language: Language): string | null {
  if (!start || !end) return null;
  if (language !== 'en')
    return `${momentIn(language, start, timezone, 'time')}–${momentIn(language, end, timezone, 'time')}`;
  return `${formatInTimeZone(new Date(start), timezone, 'h:mm')}–${formatInTimeZone(new Date(end), timezone, 'h:mm a')}`;
}

/** Where the customer's order is: the timeline, what waits for their answer, the check-in. */
export async function orderProgress(
  customer: OrderCustomer,
  orderNumber: string,
  now = new Date(),
  language: Language = 'en',
) {
  const order = await customerOrder(db(), customer, orderNumber);
  if (!order) return null;
  if (order.status === STATUS.picking && (await settleDueAnswers(db(), order.id, now)))
    await noteStoreChange(order.store_id);
  const [events, lines, store] = await Promise.all([
    orderEvents(db(), order.id),
    orderLines(db(), order.id),
    storeById(order.store_id),
  ]);
  const timezone = store?.timezone ?? 'UTC';
  const changes = lines
    .filter((line) => line.pick && line.pick.outcome !== 'picked')
    .map((line) => ({
      productId: line.productId,
      name: line.name,
      sizeLabel: line.sizeLabel,
      quantity: line.ordered.quantity,
      note: line.note,
      outcome: line.pick!.outcome,
      substitute: line.pick!.substitute ? { ...line.pick!.substitute, quantity: line.pick!.quantity } : null,
      chargedCents: line.pick!.chargedCents,
      approval: line.pick!.approval,
      answerBy: line.pick!.answerDueAt ? momentIn(language, line.pick!.answerDueAt, timezone, 'time') : null,
      canAnswer: order.status === STATUS.picking && line.pick!.approval === 'requested',
    }));
  const waitingAnswers = changes.filter((change) => change.canAnswer).length;
  const arrival = windowLabel(order.arrival_start, order.arrival_end, timezone, language);
  return {
    orderNumber: order.order_number,
    status: order.status,
    pickup: isPickup(order.fulfillment),
    version: Number(order.version),
    steps: timeline({
      status: order.status,
      fulfillment: order.fulfillment,
      placedAt: order.placed_at,
      events,
      waitingAnswers,
      arrivalLabel: arrival,
    }).map((step) => ({
      ...step,
      atLabel: step.at ? momentIn(language, step.at, timezone, 'weekdayTime') : null,
    })),
    changes,
    waitingAnswers,
    arrival,
    checkIn: {
      open: isPickup(order.fulfillment) && CHECK_IN_STATUSES.includes(order.status) && order.checked_in_at === null,
      parkingSpot: order.parking_spot,
      at: order.checked_in_at ? momentIn(language, order.checked_in_at, timezone, 'time') : null,
    },
    handedOver: order.handed_over_at !== null,
  };
}
export type OrderProgress = NonNullable<Awaited<ReturnType<typeof orderProgress>>>;

/** A pickup shopper may say "I'm here" once their order is being picked, until it is handed over. */
const CHECK_IN_STATUSES: readonly string[] = [STATUS.picking, STATUS.staged, STATUS.readyForPickup];

/** The version a watching page compares (null: not the customer's order). */
export async function orderVersion(customer: OrderCustomer, orderNumber: string, now = new Date()) {
  const order = await db()
    .selectFrom('orders')
    .select(['id', 'version', 'status', 'store_id'])
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customer.customerId)
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .executeTakeFirst();
  if (!order) return null;
  if (order.status === STATUS.picking && (await settleDueAnswers(db(), order.id, now))) {
    await noteStoreChange(order.store_id);
    const after = await db()
      .selectFrom('orders')
      .select('version')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return Number(after.version);
  }
  return Number(order.version);
}

export type ProgressResult = { ok: true } | { ok: false; code: ProgressRefusal };

/** The shopper approves or rejects a substitute; a rejected one is not charged. */
export async function answerSubstitution(
  customer: OrderCustomer,
  orderNumber: string,
  answer: { productId: number; approve: boolean },
  now = new Date(),
): Promise<ProgressResult> {
  let changedStore: number | null = null;
  const result = await db()
    .transaction()
    .execute(async (tx): Promise<ProgressResult> => {
      const order = await customerOrder(tx, customer, orderNumber);
      if (!order) return { ok: false, code: 'NOT_FOUND' };
      if (await settleDueAnswers(tx, order.id, now)) changedStore = order.store_id;
      const answered = await tx
        .updateTable('order_line_picks')
        .set({
          approval: answer.approve ? 'approved' : 'rejected',
          answered_at: now.toISOString(),
          ...(answer.approve ? {} : { charged_cents: 0 }),
        })
        .where('order_id', '=', order.id)
        .where('product_id', '=', answer.productId)
        .where('approval', '=', 'requested')
        // Only while the order is being picked: once staged, the bag is packed.
        .where((eb) =>
          eb.exists(
            eb.selectFrom('orders').select('id').where('id', '=', order.id).where('status', '=', STATUS.picking),
          ),
        )
        .executeTakeFirst();
      if (Number(answered.numUpdatedRows) === 0) return { ok: false, code: 'NOT_WAITING' };
      await bumpVersion(tx, order.id, now);
      changedStore = order.store_id;
      return { ok: true };
    });
  // After the commit (noteStoreChange): a settled window counts even when the answer came too late.
  if (changedStore !== null) await noteStoreChange(changedStore);
  return result;
}

/** DriveUp & Go: "I'm here", with the parking spot the staff hand-over screen shows. */
export async function checkIn(
  customer: OrderCustomer,
  orderNumber: string,
  parkingSpot: string,
  now = new Date(),
): Promise<ProgressResult> {
  let changedStore: number | null = null;
  const result = await db()
    .transaction()
    .execute(async (tx): Promise<ProgressResult> => {
      const order = await customerOrder(tx, customer, orderNumber);
      if (!order) return { ok: false, code: 'NOT_FOUND' };
      if (!isPickup(order.fulfillment)) return { ok: false, code: 'NOT_PICKUP' };
      const checked = await tx
        .updateTable('orders')
        .set({ checked_in_at: now.toISOString(), parking_spot: parkingSpot.toUpperCase() })
        .where('id', '=', order.id)
        .where('status', 'in', CHECK_IN_STATUSES)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      if (Number(checked.numUpdatedRows) === 0) return { ok: false, code: 'CHECK_IN_CLOSED' };
      await recordStep(tx, order.id, 'checked_in', 'shopper', now, parkingSpot.toUpperCase());
      changedStore = order.store_id;
      return { ok: true };
    });
  if (changedStore !== null) await noteStoreChange(changedStore);
  return result;
}
