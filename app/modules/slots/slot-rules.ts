/** Page-safe slot rules and vocabulary (no server imports). */
import { z } from 'zod';

export type SlotKind = 'delivery-1h' | 'delivery-2h' | 'pickup' | 'rush';

export interface SlotPlan {
  kind: SlotKind;
  /** Local start hours of the windows, in the store's timezone. */
  startHours: number[];
  hours: number;
  feeCents: number;
  capacity: number;
}

/** Delivery in 2-hour windows (cheaper) and 1-hour windows, DriveUp & Go pickup, and rush (flash) hours. */
export const SLOT_PLANS: SlotPlan[] = [
  { kind: 'delivery-2h', startHours: [8, 10, 12, 14, 16, 18], hours: 2, feeCents: 495, capacity: 8 },
  {
    kind: 'delivery-1h',
    startHours: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    hours: 1,
    feeCents: 995,
    capacity: 4,
  },
  { kind: 'pickup', startHours: [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], hours: 1, feeCents: 0, capacity: 6 },
  { kind: 'rush', startHours: [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], hours: 1, feeCents: 1495, capacity: 2 },
];

export const SLOT_DAYS = 7;
/** A scheduled window can be booked until 2 hours before it starts, so a new order stays editable for a while. */
export const BOOKING_LEAD_MS = 2 * 3_600_000;
/** A rush window can be booked until 1 hour before it starts. */
export const RUSH_LEAD_MS = 3_600_000;
/** Rush (flash) delivery: only windows starting within the next 3 hours are offered. */
export const RUSH_HORIZON_MS = 3 * 3_600_000;
/** An order can be edited or cancelled until 1 hour before its window starts (every bookable window is later). */
export const ORDER_CUTOFF_MS = 3_600_000;
/** Spec section 9: the flash delivery checkout value. */
export const FLASH_DELIVERY_CHECKOUT_VALUE = 4;
/** Spec section 9: the delivery type of a (non-rush) delivery. */
export const DELIVERY_TYPE_ATTENDED = 'attended';

export const SLOT_KIND_LABELS: Record<SlotKind, string> = {
  'delivery-2h': '2-hour delivery',
  'delivery-1h': '1-hour delivery',
  pickup: 'DriveUp & Go pickup',
  rush: 'Rush delivery',
};

export const SLOT_REFUSALS = {
  FULL: 'Sorry, that time just filled up. Please choose another.',
  UNKNOWN_SLOT: 'We could not find that time. Please choose another.',
  TOO_LATE: 'That time can no longer be booked. Please choose a later one.',
  NOT_OFFERED: 'This store does not offer that kind of delivery or pickup.',
  ATTENDED_ONLY: 'Available only with Attended Delivery',
  NO_CART: 'Add something to your cart before choosing a time.',
  CLOSED: 'The store has closed that time. Please choose another.',
} as const;
export type SlotRefusalCode = keyof typeof SLOT_REFUSALS;

export const slotFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('reserve'),
    slotId: z.coerce.number({ invalid_type_error: 'Choose a time.' }).int('Choose a time.').positive('Choose a time.'),
    returnTo: z.string().max(500).optional(),
  }),
  z.object({ intent: z.literal('release'), returnTo: z.string().max(500).optional() }),
]);

export const slotQuerySchema = z.object({
  type: z.enum(['delivery', 'pickup'], { message: 'Choose delivery or pickup.' }).default('delivery'),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day from the list.')
    .optional(),
  slotError: z.string().max(40).optional(),
  slotMessage: z.string().max(40).optional(),
});
