/** The shopper's timeline of an order, from its status and steps (page-safe). */
import { z } from 'zod';
import { orderNumberSchema } from '~/modules/orders/order-rules';
import { tipFormFields } from '~/modules/orders/checkout-extras-form';
import { isPickup, STATUS, type OrderStatus } from './order-states';

export interface TimelineStep {
  key: string;
  label: string;
  /** When it happened (ISO), null while it has not. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
  detail?: string;
}

const DELIVERY_PATH = ['placed', 'picking', 'staged', 'out_for_delivery', 'delivered'] as const;
const PICKUP_PATH = ['placed', 'picking', 'staged', 'ready_for_pickup', 'picked_up'] as const;

const STEP_LABELS = {
  placed: 'Order placed',
  picking: 'Your shopper is picking',
  answers: 'Substitutions waiting for you',
  staged: 'Packed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  ready_for_pickup: 'Ready for pickup',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
} as const;

/** How far along each path a status is (index of its step). */
const REACHED: Record<OrderStatus, number> = {
  PENDING: 0,
  PICKING: 1,
  STAGED: 2,
  READY_FOR_PICKUP: 3,
  OUT_FOR_DELIVERY: 3,
  DELIVERED: 4,
  PICKED_UP: 4,
  CANCELLED: 0,
};

export function timeline(input: {
  status: string;
  fulfillment: string;
  placedAt: string;
  events: readonly { kind: string; at: string }[];
  waitingAnswers: number;
  arrivalLabel: string | null;
}): TimelineStep[] {
  const when = new Map<string, string>([['placed', input.placedAt]]);
  for (const event of input.events) when.set(event.kind, event.at);
  if (input.status === STATUS.cancelled) {
    return [
      { key: 'placed', label: STEP_LABELS.placed, at: input.placedAt, state: 'done' },
      { key: 'cancelled', label: STEP_LABELS.cancelled, at: when.get('cancelled') ?? null, state: 'current' },
    ];
  }
  const path = isPickup(input.fulfillment) ? PICKUP_PATH : DELIVERY_PATH;
  const reached = REACHED[input.status as OrderStatus] ?? 0;
  const finished = reached === path.length - 1;
  const steps: TimelineStep[] = path.map((key, index) => ({
    key,
    label: STEP_LABELS[key],
    at: index <= reached ? (when.get(key) ?? null) : null,
    state: index < reached || (finished && index === reached) ? 'done' : index === reached ? 'current' : 'upcoming',
    ...(key === 'out_for_delivery' && input.arrivalLabel ? { detail: `Arriving ${input.arrivalLabel}` } : {}),
  }));
  if (input.waitingAnswers > 0 && input.status === STATUS.picking) {
    // What the shopper can do now is answer: that is the current step, picking goes on behind it.
    steps[1] = { ...steps[1]!, state: 'done' };
    steps.splice(2, 0, {
      key: 'answers',
      label: STEP_LABELS.answers,
      at: null,
      state: 'current',
      detail: `${input.waitingAnswers} to answer`,
    });
  }
  return steps;
}

export const checkInFormSchema = z.object({
  intent: z.literal('check-in'),
  orderNumber: orderNumberSchema,
  parkingSpot: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,4}$/, 'Enter the parking spot number shown on the sign (up to 4 letters or digits).'),
});

const productId = z.coerce.number({ invalid_type_error: 'Choose an item.' }).int().positive('Choose an item.');

/** What the shopper's order page posts: cancel, answer a substitution, or check in for pickup. */
export const orderPageActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), orderNumber: orderNumberSchema }),
  z.object({ intent: z.literal('approve'), orderNumber: orderNumberSchema, productId }),
  z.object({ intent: z.literal('reject'), orderNumber: orderNumberSchema, productId }),
  checkInFormSchema,
  z.object({ intent: z.literal('tip'), orderNumber: orderNumberSchema, ...tipFormFields }),
]);

export const PROGRESS_REFUSALS = {
  NOT_FOUND: 'We could not find that order.',
  NOT_WAITING: 'This replacement is no longer waiting for an answer: the page now shows what happened.',
  NOT_PICKUP: 'Check-in is for DriveUp & Go pickup orders.',
  CHECK_IN_CLOSED: 'This order cannot be checked in now.',
} as const;
export type ProgressRefusal = keyof typeof PROGRESS_REFUSALS;

/** Pantry has no routing engine: a delivery is promised within a window starting this long after departure. */
export const DRIVE_MINUTES = 20;
export const ARRIVAL_WINDOW_MINUTES = 15;

/** The arrival window promised when the driver leaves: on a 5-minute mark, DRIVE_MINUTES away. */
export function arrivalWindow(departedAt: Date): { start: string; end: string } {
  const step = 5 * 60_000;
  const start = Math.ceil((departedAt.getTime() + DRIVE_MINUTES * 60_000) / step) * step;
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + ARRIVAL_WINDOW_MINUTES * 60_000).toISOString(),
  };
}
