import { z } from 'zod';
import { DELIVERY_NOTE_MAX, GATE_CODE_MAX } from '~/modules/orders/delivery-instructions';

/**
 * Every message Pantry sends, by kind, with the data its template needs. The zod shapes are the contract for
 * callers (identity, checkout, fulfilment): a message whose data does not fit is refused when it is queued, inside
 * the caller's transaction, so its cause is rolled back with it.
 */
const code = z.string().regex(/^\d{4,8}$/);
const minutes = z
  .number()
  .int()
  .positive()
  .max(24 * 60);
const url = z.string().url().max(2000);
const name = z.string().min(1).max(200);
/** A customer's first name; the greeting does without one. */
const firstName = z.string().max(200);
const cents = z.number().int();
const orderNumber = z.string().regex(/^[CB]\d{1,12}$/);

/** A time window in a store's time zone (ISO instants; the zone is the store's IANA name). */
export const windowSchema = z.object({
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }),
  timezone: z.string().min(1).max(60),
});

export const orderLineSchema = z.object({ name, quantity: z.number().int().positive(), lineCents: cents });

const totals = {
  subtotalCents: cents,
  savingsCents: cents,
  /** A promo code's discount (decision 0105); absent on messages queued before promo codes. */
  promoCents: cents.optional(),
  feesCents: cents,
  /** The driver's tip (decision 0107); absent on messages queued before tips. */
  tipCents: cents.optional(),
  totalCents: cents,
};

export const MESSAGE_DATA = {
  'sign-in-code': z.object({ code, minutes }),
  'verification-code': z.object({ code, minutes, target: z.enum(['email address', 'phone number']) }),
  'password-reset': z.object({ link: url, minutes }),
  welcome: z.object({ signInUrl: url }),
  'account-exists': z.object({ signInUrl: url, resetUrl: url }),
  'email-changed': z.object({ firstName, newEmail: z.string().email() }),
  'password-changed': z.object({ firstName }),
  'order-placed': z.object({
    orderNumber,
    fulfilment: z.enum(['delivery', 'pickup']),
    window: windowSchema,
    storeName: name,
    address: z.string().max(400).nullable(),
    lines: z.array(orderLineSchema).min(1).max(500),
    ...totals,
    /** "EBT SNAP $12.00, Visa ••1234 $30.50" (decision 0107). */
    payment: z.string().max(200).optional(),
    /** The delivery instructions (decision 0107): the template words them in the recipient's language. */
    instructions: z
      .object({
        gateCode: z.string().max(GATE_CODE_MAX),
        leaveAtDoor: z.boolean(),
        deliveryNote: z.string().max(DELIVERY_NOTE_MAX),
      })
      .nullable()
      .optional(),
    orderUrl: url,
  }),
  'substitution-request': z.object({
    orderNumber,
    substitutions: z
      .array(
        z.object({
          requested: name,
          offered: name,
          quantity: z.number().int().positive(),
          offeredUnitCents: cents,
        }),
      )
      .min(1)
      .max(200),
    /** Until when the shopper can say no; after it the picker's choice stands. */
    respondBy: z.string().datetime({ offset: true }).nullable(),
    timezone: z.string().min(1).max(60),
    respondUrl: url,
  }),
  'out-for-delivery': z.object({
    orderNumber,
    window: windowSchema,
    address: z.string().min(1).max(400),
    trackUrl: url.nullable(),
  }),
  'ready-for-pickup': z.object({
    orderNumber,
    storeName: name,
    storeAddress: z.string().min(1).max(400),
    window: windowSchema,
    /** How many bags or totes wait, when the picker said. */
    bags: z.number().int().positive().nullable(),
  }),
  receipt: z.object({
    orderNumber,
    lines: z
      .array(orderLineSchema.extend({ substitutedFor: name.nullable().default(null) }))
      .min(1)
      .max(500),
    ...totals,
    /** Pantry charges no tax of its own; a row appears only when a caller knows one. */
    taxCents: cents.nullable().default(null),
    receiptUrl: url.nullable().default(null),
    tender: z.object({ brand: z.string().min(1).max(40), lastFour: z.string().regex(/^\d{4}$/) }).nullable(),
    paidAt: z.string().datetime({ offset: true }),
    timezone: z.string().min(1).max(60),
  }),
  /** Marketing: the week's offers at the customer's store, sent only to customers who did not unsubscribe. */
  'weekly-offers': z.object({
    firstName,
    storeName: name,
    offers: z
      .array(z.object({ title: name, detail: z.string().max(300) }))
      .min(1)
      .max(10),
    galleryUrl: url,
    /** The customer's signed unsubscribe page; also sent as the List-Unsubscribe header. */
    unsubscribeUrl: url,
  }),
} as const;

export type MessageKind = keyof typeof MESSAGE_DATA;
export const MESSAGE_KINDS = Object.keys(MESSAGE_DATA) as MessageKind[];
export type MessageData<K extends MessageKind> = z.input<(typeof MESSAGE_DATA)[K]>;
export type ParsedMessageData<K extends MessageKind> = z.output<(typeof MESSAGE_DATA)[K]>;

/** Marketing kinds: each carries an unsubscribe link, in its body and as List-Unsubscribe (RFC 8058). */
export const MARKETING_KINDS: readonly MessageKind[] = ['weekly-offers'];

/** Kinds that may go as a text message (the rest are email only). */
export const TEXTABLE_KINDS: readonly MessageKind[] = ['verification-code'];

/** A message to queue: whom, on which banner, what; the store and order when it concerns one. */
export type QueuedMessage = {
  [K in MessageKind]: {
    kind: K;
    to: string;
    bannerId: string;
    data: MessageData<K>;
    /** `sms` only for TEXTABLE_KINDS; there is no text gateway, so texts stay in the outbox. */
    channel?: 'email' | 'sms';
    storeId?: number | null;
    orderId?: number | null;
  };
}[MessageKind];

/** What a template renders: the subject and both bodies. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}
