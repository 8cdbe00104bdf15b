/** Page-safe delivery-subscription vocabulary, forms and the fee rule (no server imports). */
import { z } from 'zod';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { checkoutFormSchema } from '~/modules/orders/order-rules';

export const PLAN_CODES = ['MONTHLY', 'ANNUAL'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const PLANS_PATH = '/shop/delivery-subscription.html';
export const PAYMENT_PATH = '/shop/delivery-subscription/payment.html';
export const ACCOUNT_SUBSCRIPTION_PATH = '/account/delivery-subscription.html';

export const paymentPathFor = (code: string) => `${PAYMENT_PATH}?subscriptioncode=${encodeURIComponent(code)}`;

export const SUBSCRIPTION_REFUSALS = {
  UNKNOWN_PLAN: 'We could not find that delivery plan. Please choose a plan.',
  ALREADY_SUBSCRIBED: 'You already have an active delivery subscription. You can see or cancel it in your account.',
  NO_TENDER: 'Choose a saved card.',
  NOT_FOUND: 'We could not find that subscription.',
  NOT_ACTIVE: 'This subscription has already ended.',
} as const;
export type SubscriptionRefusalCode = keyof typeof SUBSCRIPTION_REFUSALS;

/** The payment page's query: the plan code, case-insensitive (links in emails are not always upper case). */
export const subscriptionCodeSchema = z
  .string({ required_error: SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN })
  .trim()
  .toUpperCase()
  .pipe(z.enum(PLAN_CODES, { errorMap: () => ({ message: SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN }) }));

export const subscribeFormSchema = z.object({
  intent: z.literal('subscribe'),
  tenderId: z.coerce
    .number({ invalid_type_error: SUBSCRIPTION_REFUSALS.NO_TENDER })
    .int()
    .positive(SUBSCRIPTION_REFUSALS.NO_TENDER),
});

/** The payment page's two forms: subscribe with a saved card, or save a card (the checkout's own card rules). */
export const paymentFormSchema = z.discriminatedUnion('intent', [subscribeFormSchema, checkoutFormSchema.options[2]]);

export const cancelFormSchema = z.object({
  intent: z.literal('cancel'),
  subscriptionId: z.coerce.number().int().positive(SUBSCRIPTION_REFUSALS.NOT_FOUND),
});

/** Slot kinds whose fee a delivery subscription waives; rush (express) delivery is always charged. */
export const WAIVABLE_SLOT_KINDS: readonly string[] = ['delivery-1h', 'delivery-2h'];

export interface FeeQuote {
  feeCents: number;
  /** The slot's own fee, before any subscription waiver. */
  baseFeeCents: number;
  waived: boolean;
}

/**
 * The delivery fee a shopper pays: waived for a subscriber when the basket (after coupon savings)
 * reaches the plan's threshold and the slot is a standard delivery window.
 */
export function quoteDeliveryFee(
  slot: { kind: string; feeCents: number },
  basketCents: number,
  subscription: { thresholdCents: number } | null,
): FeeQuote {
  const waived =
    subscription !== null &&
    slot.feeCents > 0 &&
    WAIVABLE_SLOT_KINDS.includes(slot.kind) &&
    basketCents >= subscription.thresholdCents;
  return { feeCents: waived ? 0 : slot.feeCents, baseFeeCents: slot.feeCents, waived };
}

export const periodLabel = (months: number) => (months === 12 ? 'year' : 'month');

/** A calendar day in UTC, so the server and the browser render the same text. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The same day in the page's language (English keeps the wording above). */
export function formatDayIn(language: Language, iso: string): string {
  if (language === 'en') return formatDay(iso);
  const format = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], format).format(new Date(iso));
}
