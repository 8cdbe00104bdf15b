/**
 * An order's life after it is placed, as a state machine (page-safe: no server imports).
 * docs/decisions/0080-order-fulfilment.md draws it.
 *
 *   PENDING ─claim→ PICKING ─stage→ STAGED ─depart→ OUT_FOR_DELIVERY ─deliver→ DELIVERED
 *                                         └─ready→ READY_FOR_PICKUP ─handOver→ PICKED_UP
 *   PENDING ─cancel (shopper)→ CANCELLED
 */
export const STATUS = {
  pending: 'PENDING',
  picking: 'PICKING',
  staged: 'STAGED',
  readyForPickup: 'READY_FOR_PICKUP',
  outForDelivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  pickedUp: 'PICKED_UP',
  cancelled: 'CANCELLED',
} as const;
export type OrderStatus = (typeof STATUS)[keyof typeof STATUS];

export type StaffRole = 'picker' | 'driver' | 'manager';
export type StaffStep = 'claim' | 'stage' | 'ready' | 'depart' | 'deliver' | 'handOver';

interface StepRule {
  from: OrderStatus;
  to: OrderStatus;
  roles: readonly StaffRole[];
  /** Only for orders of this kind of fulfilment. */
  only?: 'delivery' | 'pickup';
}

export const STEPS: Record<StaffStep, StepRule> = {
  claim: { from: STATUS.pending, to: STATUS.picking, roles: ['picker', 'manager'] },
  stage: { from: STATUS.picking, to: STATUS.staged, roles: ['picker', 'manager'] },
  ready: { from: STATUS.staged, to: STATUS.readyForPickup, roles: ['picker', 'manager'], only: 'pickup' },
  depart: { from: STATUS.staged, to: STATUS.outForDelivery, roles: ['driver', 'manager'], only: 'delivery' },
  deliver: { from: STATUS.outForDelivery, to: STATUS.delivered, roles: ['driver', 'manager'], only: 'delivery' },
  handOver: { from: STATUS.readyForPickup, to: STATUS.pickedUp, roles: ['picker', 'manager'], only: 'pickup' },
};

export const FULFILMENT_REFUSALS = {
  NOT_FOUND: 'We could not find that order at this store.',
  ROLE: 'Your role at this store cannot do that.',
  ALREADY_CLAIMED: 'Another picker has already claimed this order.',
  NOT_YOURS: 'This order is being picked by someone else.',
  WRONG_STEP: 'This order is not at that step any more. The page now shows where it is.',
  WRONG_FULFILMENT: 'That step is for the other kind of order (delivery or pickup).',
  LINES_OPEN: 'Pick, substitute or mark short every line before staging the order.',
  ANSWERS_WAITING:
    'The shopper has not answered every substitution yet. Wait for the answers or for the answer window to end.',
  NOT_CHECKED_IN: 'The shopper has not checked in yet: hand over a pickup order once they are here.',
  NOT_THE_DRIVER: 'Another driver is delivering this order.',
} as const;
export type FulfilmentRefusal = keyof typeof FULFILMENT_REFUSALS;

export function isPickup(fulfillment: string): boolean {
  return fulfillment === 'DUG';
}

/** Whether a staff member with these roles may take this step on an order in this state. */
export function checkStep(
  step: StaffStep,
  order: { status: string; fulfillment: string },
  roles: readonly StaffRole[],
): { ok: true; to: OrderStatus } | { ok: false; code: FulfilmentRefusal } {
  const rule = STEPS[step];
  if (!rule.roles.some((role) => roles.includes(role))) return { ok: false, code: 'ROLE' };
  if (rule.only && (rule.only === 'pickup') !== isPickup(order.fulfillment)) {
    return { ok: false, code: 'WRONG_FULFILMENT' };
  }
  if (order.status !== rule.from) {
    return { ok: false, code: step === 'claim' && order.status === STATUS.picking ? 'ALREADY_CLAIMED' : 'WRONG_STEP' };
  }
  return { ok: true, to: rule.to };
}

/** Orders still moving through the store (the staff queue shows them). */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  STATUS.pending,
  STATUS.picking,
  STATUS.staged,
  STATUS.readyForPickup,
  STATUS.outForDelivery,
];

/** Orders the shopper can have a receipt for. */
export const HANDED_OVER: readonly OrderStatus[] = [STATUS.delivered, STATUS.pickedUp];

/** What a status means to the shopper, in their words. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Order placed',
  PICKING: 'Your shopper is picking',
  STAGED: 'Packed and waiting',
  READY_FOR_PICKUP: 'Ready for pickup',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  PICKED_UP: 'Picked up',
  CANCELLED: 'Cancelled',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as OrderStatus] ?? status;
}

/** A member of staff acting at one of their stores (the route checked the store is theirs). */
export interface StaffAtStore {
  staffId: number;
  storeId: number;
  roles: readonly StaffRole[];
}
