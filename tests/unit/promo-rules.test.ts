import { describe, expect, it } from 'vitest';
import { receiptTotals, type ReceiptLineInput } from '~/modules/fulfilment/receipt-rules';
import { checkoutFormSchema } from '~/modules/orders/order-rules';
import {
  evaluatePromo,
  normalisePromoCode,
  PROMO_MESSAGES,
  promoDiscountCents,
  type PromoContext,
  type PromoTerms,
} from '~/modules/orders/promo-rules';

const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minBasketCents: 5000,
  firstOrderOnly: false,
  oncePerCustomer: false,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2027-01-01T00:00:00.000Z',
  usageCap: null,
  usedCount: 0,
  ...over,
});
const context = (over: Partial<PromoContext> = {}): PromoContext => ({
  basketCents: 6000,
  earlierOrders: 0,
  alreadyUsed: false,
  now: new Date('2026-11-29T12:00:00Z'),
  ...over,
});

describe('promo code format', () => {
  it('reads codes in capitals without surrounding spaces', () => {
    expect(normalisePromoCode('  save10 ')).toBe('SAVE10');
    expect(normalisePromoCode('biz-welcome5')).toBe('BIZ-WELCOME5');
  });

  it('refuses empty codes, codes over 40 characters and characters outside A-Z, 0-9 and dash', () => {
    expect(normalisePromoCode('')).toBeNull();
    expect(normalisePromoCode('A'.repeat(40))).toBe('A'.repeat(40));
    expect(normalisePromoCode('A'.repeat(41))).toBeNull();
    expect(normalisePromoCode("SAVE10' OR '1'='1")).toBeNull();
    expect(normalisePromoCode('SAVE_10')).toBeNull();
    expect(normalisePromoCode('SAVE10;DROP TABLE orders')).toBeNull();
    expect(normalisePromoCode('ÉTÉ10')).toBeNull();
  });

  it('refuses a huge code in the form itself with the format message', () => {
    const parsed = checkoutFormSchema.safeParse({ intent: 'promo-apply', promoCode: 'X'.repeat(1001) });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(PROMO_MESSAGES.FORMAT);
  });
});

describe('what a promo code takes off', () => {
  it('takes a percent of the basket, rounded down to the cent', () => {
    expect(promoDiscountCents({ kind: 'percent', value: 10 }, 6005)).toBe(600);
    expect(promoDiscountCents({ kind: 'percent', value: 15 }, 999)).toBe(149);
  });

  it('takes an amount, never more than the basket', () => {
    expect(promoDiscountCents({ kind: 'amount', value: 500 }, 6000)).toBe(500);
    expect(promoDiscountCents({ kind: 'amount', value: 500 }, 320)).toBe(320);
  });

  it('applies to the basket after clipped-offer savings (the caller passes subtotal minus savings)', () => {
    const subtotal = 6000;
    const savings = 1500;
    const result = evaluatePromo(terms(), context({ basketCents: subtotal - savings }));
    expect(result).toEqual({ ok: false, code: 'BELOW_MINIMUM', message: 'Add $5.00 more to use this code.' });
    const enough = evaluatePromo(terms(), context({ basketCents: 7000 - savings }));
    expect(enough).toEqual({ ok: true, code: 'SAVE10', discountCents: 550 });
  });
});

describe('when a promo code is refused', () => {
  it('tells how much more the basket needs', () => {
    expect(evaluatePromo(terms(), context({ basketCents: 4999 }))).toMatchObject({
      code: 'BELOW_MINIMUM',
      message: 'Add $0.01 more to use this code.',
    });
    expect(evaluatePromo(terms(), context({ basketCents: 5000 }))).toMatchObject({ ok: true, discountCents: 500 });
  });

  it('refuses a code past its end or before its start', () => {
    expect(evaluatePromo(terms({ endsAt: '2026-11-29T12:00:00.000Z' }), context())).toMatchObject({
      code: 'EXPIRED',
      message: PROMO_MESSAGES.EXPIRED,
    });
    expect(evaluatePromo(terms({ startsAt: '2026-11-30T00:00:00.000Z' }), context())).toMatchObject({
      code: 'NOT_YET',
      message: PROMO_MESSAGES.NOT_YET,
    });
  });

  it('refuses a once-per-customer code the customer already used, and only such a code', () => {
    expect(evaluatePromo(terms({ oncePerCustomer: true }), context({ alreadyUsed: true }))).toMatchObject({
      code: 'USED',
      message: 'You have already used this promo code.',
    });
    expect(evaluatePromo(terms(), context({ alreadyUsed: true }))).toMatchObject({ ok: true });
  });

  it('refuses a first-order code to a customer with an earlier order', () => {
    expect(evaluatePromo(terms({ firstOrderOnly: true }), context({ earlierOrders: 1 }))).toMatchObject({
      code: 'FIRST_ORDER',
    });
    expect(evaluatePromo(terms({ firstOrderOnly: true }), context())).toMatchObject({ ok: true });
  });

  it('refuses a code whose usage cap is reached', () => {
    expect(evaluatePromo(terms({ usageCap: 3, usedCount: 3 }), context())).toMatchObject({ code: 'USED_UP' });
    expect(evaluatePromo(terms({ usageCap: 3, usedCount: 2 }), context())).toMatchObject({ ok: true });
  });
});

describe('the receipt with a promo code', () => {
  it('takes the discount off the picked basket, never more than it', () => {
    const lines: ReceiptLineInput[] = [
      {
        ordered: { quantity: 1, unitPriceCents: 1000 },
        savingsCents: 0,
        pick: { outcome: 'picked', quantity: 1, approval: null, chargedCents: 1000 },
      },
    ];
    expect(receiptTotals(lines, { feesCents: 499, promoCents: 100 })).toMatchObject({
      promoCents: 100,
      totalCents: 1399,
    });
    expect(receiptTotals(lines, { feesCents: 0, promoCents: 5000 })).toMatchObject({ promoCents: 1000, totalCents: 0 });
  });
});
