import { translator, type T } from '~/modules/i18n/translate';

/**
 * Tips for the driver (page-safe, pure): delivery orders only, a default percentage per banner, a cap, and the
 * window in which the shopper may still change it. docs/decisions/0107-snap-ebt-tips-delivery-instructions.md.
 */

export const TIP_PERCENTS = [0, 5, 10, 15, 20] as const;

/** Each banner's suggested tip; a banner not listed suggests 10 %. */
const DEFAULT_TIP_PERCENT: Readonly<Record<string, (typeof TIP_PERCENTS)[number]>> = {
  greenleaf: 10,
  sunridge: 15,
  bayside: 10,
  mesa: 10,
};

export function defaultTipPercent(bannerId: string): number {
  return DEFAULT_TIP_PERCENT[bannerId] ?? 10;
}

/** A tip is at most $200 and never more than the groceries it is for (100 % of the basket). */
export const TIP_CAP_CENTS = 20_000;

/** The tip can be changed until this long after the order was delivered. */
export const TIP_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const TIP_MESSAGES = {
  PICKUP: 'Tips are for delivery orders only.',
  WINDOW: 'The tip can be changed until 24 hours after delivery.',
  NOT_A_TIP: 'Enter the tip in dollars and cents, for example 7.50.',
} as const;

export function tipCapCents(basketCents: number): number {
  return Math.max(0, Math.min(TIP_CAP_CENTS, basketCents));
}

export const TIP_RANGE_MESSAGE =
  'Enter a tip from $0.00 to {{amount}} (at most $200.00 and never more than your groceries).';

/** `words`: the refusal's language (English by default). */
export function tipRangeMessage(basketCents: number, words: T = translator({}, 'en')): string {
  return words(TIP_RANGE_MESSAGE, { amount: dollars(tipCapCents(basketCents)) });
}

/** A percentage of the basket (items after savings and promo code), to the nearest cent (half a cent up). */
export function tipFromPercent(percent: number, basketCents: number): number {
  return Math.round((Math.max(0, basketCents) * percent) / 100);
}

/** "12.5" or "12.50" as cents; null for anything else (negative numbers, letters, more than two decimals). */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type TipChoice = { choice: 'percent'; percent: number } | { choice: 'custom'; amount: string };
export type TipResult = { ok: true; tipCents: number } | { ok: false; message: string };

/** The tip the shopper chose, checked: delivery only, a listed percentage or an amount within the cap. */
export function resolveTip(
  choice: TipChoice,
  basketCents: number,
  fulfilment: 'delivery' | 'pickup',
  words?: T,
): TipResult {
  const cents =
    choice.choice === 'percent'
      ? (TIP_PERCENTS as readonly number[]).includes(choice.percent)
        ? tipFromPercent(choice.percent, basketCents)
        : null
      : parseDollars(choice.amount);
  if (fulfilment === 'pickup') {
    return cents === 0 ? { ok: true, tipCents: 0 } : { ok: false, message: TIP_MESSAGES.PICKUP };
  }
  if (cents === null) {
    return {
      ok: false,
      message: /^\s*-/.test(choice.choice === 'custom' ? choice.amount : '')
        ? tipRangeMessage(basketCents, words)
        : TIP_MESSAGES.NOT_A_TIP,
    };
  }
  if (cents > tipCapCents(basketCents)) return { ok: false, message: tipRangeMessage(basketCents, words) };
  return { ok: true, tipCents: cents };
}

/**
 * Whether the tip of an order can still change: a delivery order that is not cancelled, before it is delivered
 * or within 24 hours of its delivery.
 */
export function tipEditable(
  order: { fulfillment: string; status: string; handedOverAt: string | null },
  now: Date,
): boolean {
  if (order.fulfillment !== 'DELIVERY' || order.status === 'CANCELLED') return false;
  if (!order.handedOverAt) return true;
  return now.getTime() - new Date(order.handedOverAt).getTime() <= TIP_EDIT_WINDOW_MS;
}

/** The groceries a tip is a share of: what was handed over once delivered, else what was ordered. */
export function tipBasketCents(order: {
  total_cents: number;
  final_total_cents: number | null;
  fees_cents: number;
  tip_cents: number;
}): number {
  return (order.final_total_cents ?? order.total_cents) - order.fees_cents - order.tip_cents;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
