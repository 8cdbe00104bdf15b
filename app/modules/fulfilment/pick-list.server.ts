import { db } from '~/db/db.server';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { momentIn, slotLabelIn } from '~/modules/orders/order-dates.server';
import { storeById } from '~/modules/stores/stores.server';
import { instructionsText } from '~/modules/orders/delivery-instructions';
import { poundsLabel } from './line-rules';
import { checkStep, isPickup, STATUS, type StaffAtStore, type StaffStep } from './order-states';
import { orderAtStore, orderLines, settleDueAnswers, substituteChoices } from './picking.server';

/** The hand-over steps a staff screen offers, in the order they come. */
const HAND_OVER_STEPS: Exclude<StaffStep, 'claim'>[] = ['stage', 'ready', 'depart', 'deliver', 'handOver'];

/**
 * What the pick list shows: the order, its lines in aisle order with what was done to each and the
 * substitutes a picker may choose, and the steps this staff member can take now. Null: not at this store.
 */
export async function pickList(staff: StaffAtStore, orderNumber: string, now = new Date(), language: Language = 'en') {
  const store = await storeById(staff.storeId);
  const found = store ? await orderAtStore(db(), staff, orderNumber) : undefined;
  if (!store || !found) return null;
  const settled = found.status === STATUS.picking && (await settleDueAnswers(db(), found.id, now));
  if (settled) await noteStoreChange(staff.storeId);
  // Settling moved the order's version on: read it again only then.
  const order = settled ? (await orderAtStore(db(), staff, orderNumber))! : found;
  const lines = await orderLines(db(), order.id);
  const picking = order.status === STATUS.picking;
  const mine = order.picker_id === staff.staffId || staff.roles.includes('manager');
  // Aisle names are shop.json keys, as on the shop's pages.
  const aisleName = serverT(language, 'shop');
  const withChoices = await Promise.all(
    lines.map(async (line) => ({
      ...line,
      aisle: line.aisle === null ? null : aisleName(line.aisle),
      weighedLabel: line.pick?.weighedMilliLb ? poundsLabel(line.pick.weighedMilliLb) : null,
      choices: picking && mine ? await substituteChoices(store, order.site_type, line) : [],
    })),
  );
  const steps = HAND_OVER_STEPS.filter((step) => checkStep(step, order, staff.roles).ok);
  return {
    orderNumber: order.order_number,
    status: order.status,
    pickup: isPickup(order.fulfillment),
    slotLabel: slotLabelIn(language, order.slot_start, order.slot_end, store.timezone),
    address: order.address_text,
    /** What the driver reads at the door (plain text; the page escapes it). */
    instructions: instructionsText(
      {
        gateCode: order.gate_code,
        leaveAtDoor: order.leave_at_door === 1,
        deliveryNote: order.delivery_note,
      },
      serverT(language, 'staff'),
    ),
    businessOrder: order.site_type === 'B',
    claimedByMe: order.picker_id === staff.staffId,
    canPick: picking && mine,
    canClaim: checkStep('claim', order, staff.roles).ok,
    steps,
    checkIn: order.checked_in_at
      ? { at: momentIn(language, order.checked_in_at, store.timezone, 'time'), spot: order.parking_spot }
      : null,
    open: withChoices.filter((line) => line.pick === null).length,
    waiting: withChoices.filter((line) => line.pick?.approval === 'requested').length,
    lines: withChoices,
  };
}
export type PickList = NonNullable<Awaited<ReturnType<typeof pickList>>>;
