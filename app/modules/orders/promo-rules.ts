/** Page-safe promo code rules (decision 0105): the code's format, what it takes off, and why it is refused. */
import { z } from 'zod';
import { translator, type T } from '~/modules/i18n/translate';

export const PROMO_CODE_MAX = 40;

export const PROMO_MESSAGES = {
  FORMAT: 'Promo codes are up to 40 letters, digits and dashes. Check the code and try again.',
  UNKNOWN: 'We do not recognise that promo code. Check the code and try again.',
  EXPIRED: 'This promo code has expired.',
  NOT_YET: 'This promo code is not valid yet.',
  USED: 'You have already used this promo code.',
  FIRST_ORDER: 'This promo code is for your first order only.',
  USED_UP: 'This promo code has reached its limit and can no longer be used.',
} as const;
export type PromoRefusalCode = keyof typeof PROMO_MESSAGES | 'BELOW_MINIMUM';

export type PromoRefusal = { ok: false; code: PromoRefusalCode; message: string };

/** Codes are read in capitals with surrounding spaces dropped; anything else than [A-Z0-9-] is refused unseen. */
export function normalisePromoCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (code.length === 0 || code.length > PROMO_CODE_MAX || !/^[A-Z0-9-]+$/.test(code)) return null;
  return code;
}

export interface PromoTerms {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  minBasketCents: number;
  firstOrderOnly: boolean;
  oncePerCustomer: boolean;
  startsAt: string;
  endsAt: string;
  usageCap: number | null;
  usedCount: number;
}

export interface PromoContext {
  /** The basket the code applies to: the subtotal after clipped-offer savings (fees are never discounted). */
  basketCents: number;
  /** The customer's earlier orders on this banner and site (cancelled ones too). */
  earlierOrders: number;
  /** The customer already redeemed this code. */
  alreadyUsed: boolean;
  now: Date;
  /** The words of a refusal with a value in it (English by default). */
  words?: T;
}

export const PROMO_BELOW_MINIMUM = 'Add {{amount}} more to use this code.';

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What the code takes off a basket: a whole-cent percent (rounded down) or the amount, never more than the basket. */
export function promoDiscountCents(terms: Pick<PromoTerms, 'kind' | 'value'>, basketCents: number): number {
  const off = terms.kind === 'percent' ? Math.floor((basketCents * terms.value) / 100) : terms.value;
  return Math.max(0, Math.min(off, basketCents));
}

/** Checks a known code against the basket and the customer; the order of the checks is the order of the messages. */
export function evaluatePromo(
  terms: PromoTerms,
  context: PromoContext,
): { ok: true; code: string; discountCents: number } | PromoRefusal {
  const refuse = (code: keyof typeof PROMO_MESSAGES): PromoRefusal => ({
    ok: false,
    code,
    message: PROMO_MESSAGES[code],
  });
  const now = context.now.getTime();
  if (now < new Date(terms.startsAt).getTime()) return refuse('NOT_YET');
  if (now >= new Date(terms.endsAt).getTime()) return refuse('EXPIRED');
  if (terms.oncePerCustomer && context.alreadyUsed) return refuse('USED');
  if (terms.firstOrderOnly && context.earlierOrders > 0) return refuse('FIRST_ORDER');
  if (terms.usageCap !== null && terms.usedCount >= terms.usageCap) return refuse('USED_UP');
  if (context.basketCents < terms.minBasketCents) {
    return {
      ok: false,
      code: 'BELOW_MINIMUM',
      message: (context.words ?? translator({}, 'en'))(PROMO_BELOW_MINIMUM, {
        amount: dollars(terms.minBasketCents - context.basketCents),
      }),
    };
  }
  return { ok: true, code: terms.code, discountCents: promoDiscountCents(terms, context.basketCents) };
}

export const promoFormFields = {
  apply: z.object({
    intent: z.literal('promo-apply'),
    promoCode: z.string().max(1000, PROMO_MESSAGES.FORMAT).default(''),
  }),
  remove: z.object({ intent: z.literal('promo-remove') }),
};
