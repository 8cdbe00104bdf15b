import { describe, expect, it } from 'vitest';
import {
  paymentPathFor,
  quoteDeliveryFee,
  subscriptionCodeSchema,
  SUBSCRIPTION_REFUSALS,
} from '~/modules/subscriptions/subscription-rules';

const PASS = { thresholdCents: 3500 };

describe('delivery fee with a delivery subscription', () => {
  it('waives a standard delivery fee when the basket reaches the threshold', () => {
    expect(quoteDeliveryFee({ kind: 'delivery-2h', feeCents: 495 }, 3500, PASS)).toEqual({
      feeCents: 0,
      baseFeeCents: 495,
      waived: true,
    });
    expect(quoteDeliveryFee({ kind: 'delivery-1h', feeCents: 995 }, 9000, PASS).feeCents).toBe(0);
  });

  it('charges the fee one cent under the threshold', () => {
    expect(quoteDeliveryFee({ kind: 'delivery-2h', feeCents: 495 }, 3499, PASS)).toEqual({
      feeCents: 495,
      baseFeeCents: 495,
      waived: false,
    });
  });

  it('charges the fee without a subscription', () => {
    expect(quoteDeliveryFee({ kind: 'delivery-2h', feeCents: 495 }, 100_000, null).feeCents).toBe(495);
  });

  it('never waives rush delivery, and a free pickup stays free without counting as waived', () => {
    expect(quoteDeliveryFee({ kind: 'rush', feeCents: 1495 }, 100_000, PASS).feeCents).toBe(1495);
    expect(quoteDeliveryFee({ kind: 'pickup', feeCents: 0 }, 100_000, PASS)).toEqual({
      feeCents: 0,
      baseFeeCents: 0,
      waived: false,
    });
  });
});

describe('the payment page subscriptioncode', () => {
  it('accepts MONTHLY and ANNUAL in any case', () => {
    expect(subscriptionCodeSchema.parse('MONTHLY')).toBe('MONTHLY');
    expect(subscriptionCodeSchema.parse(' annual ')).toBe('ANNUAL');
  });

  it('refuses any other code with the plan message', () => {
    const parsed = subscriptionCodeSchema.safeParse('WEEKLY');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN);
  });

  it('builds the payment page address', () => {
    expect(paymentPathFor('ANNUAL')).toBe('/shop/delivery-subscription/payment.html?subscriptioncode=ANNUAL');
  });
});
