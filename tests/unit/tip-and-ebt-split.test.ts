import { describe, expect, it } from 'vitest';
import { ebtEligibleCents, paymentSplitLabel, promoEligibleShare, splitPayment } from '~/modules/orders/ebt-split';
import { ebtCardNumber } from '~/modules/orders/checkout-extras-form';
import {
  defaultTipPercent,
  parseDollars,
  resolveTip,
  TIP_MESSAGES,
  tipCapCents,
  tipEditable,
  tipFromPercent,
} from '~/modules/orders/tip-rules';
import { deliveryInstructionFields, instructionsText } from '~/modules/orders/delivery-instructions';
import { z } from 'zod';
import { serverT } from '~/modules/i18n/translations.server';

describe('tips (decision 0107)', () => {
  it('rounds a percentage of the basket to the nearest cent, half a cent up', () => {
    expect(tipFromPercent(15, 3333)).toBe(500); // 499.95
    expect(tipFromPercent(10, 1005)).toBe(101); // 100.5
    expect(tipFromPercent(5, 1)).toBe(0);
    expect(tipFromPercent(0, 5000)).toBe(0);
  });

  it('suggests each banner its own default, 10 % when the banner has none', () => {
    expect(defaultTipPercent('sunridge')).toBe(15);
    expect(defaultTipPercent('greenleaf')).toBe(10);
    expect(defaultTipPercent('unknown-banner')).toBe(10);
  });

  it('caps a tip at $200 and at the basket', () => {
    expect(tipCapCents(1_000_000)).toBe(20_000);
    expect(tipCapCents(4_250)).toBe(4_250);
  });

  it('reads dollars and cents, not negative numbers or letters', () => {
    expect(parseDollars('7.5')).toBe(750);
    expect(parseDollars('$12.05')).toBe(1205);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('1.005')).toBeNull();
    expect(parseDollars('ten')).toBeNull();
  });

  it('refuses a tip of -5 and of 10^9 with the range, and any tip on a pickup order', () => {
    const range = 'Enter a tip from $0.00 to $50.00 (at most $200.00 and never more than your groceries).';
    expect(resolveTip({ choice: 'custom', amount: '-5' }, 5000, 'delivery')).toEqual({ ok: false, message: range });
    expect(resolveTip({ choice: 'custom', amount: '1000000000' }, 5000, 'delivery')).toEqual({
      ok: false,
      message: range,
    });
    expect(resolveTip({ choice: 'custom', amount: 'lots' }, 5000, 'delivery')).toEqual({
      ok: false,
      message: TIP_MESSAGES.NOT_A_TIP,
    });
    expect(resolveTip({ choice: 'percent', percent: 10 }, 5000, 'pickup')).toEqual({
      ok: false,
      message: TIP_MESSAGES.PICKUP,
    });
    expect(resolveTip({ choice: 'percent', percent: 0 }, 5000, 'pickup')).toEqual({ ok: true, tipCents: 0 });
    expect(resolveTip({ choice: 'percent', percent: 12 }, 5000, 'delivery').ok).toBe(false);
    expect(resolveTip({ choice: 'percent', percent: 20 }, 5000, 'delivery')).toEqual({ ok: true, tipCents: 1000 });
    expect(resolveTip({ choice: 'custom', amount: '50.00' }, 5000, 'delivery')).toEqual({ ok: true, tipCents: 5000 });
  });

  it('lets the tip change before delivery and until 24 hours after, never on pickup or cancelled orders', () => {
    const delivered = '2026-11-28T12:00:00.000Z';
    const at = (iso: string) => new Date(iso);
    const order = { fulfillment: 'DELIVERY', status: 'DELIVERED', handedOverAt: delivered };
    expect(tipEditable({ ...order, status: 'PENDING', handedOverAt: null }, at(delivered))).toBe(true);
    expect(tipEditable(order, at('2026-11-29T12:00:00.000Z'))).toBe(true);
    expect(tipEditable(order, at('2026-11-29T12:00:00.001Z'))).toBe(false);
    expect(tipEditable({ ...order, fulfillment: 'DUG' }, at(delivered))).toBe(false);
    expect(tipEditable({ ...order, status: 'CANCELLED', handedOverAt: null }, at(delivered))).toBe(false);
  });
});

describe('the EBT SNAP split (decision 0107)', () => {
  const lines = [
    { snapEligible: true, lineCents: 1000, savingsCents: 200 }, // 8.00
    { snapEligible: true, lineCents: 333, savingsCents: 0 }, // 3.33
    { snapEligible: false, lineCents: 1500, savingsCents: 0 }, // paper towels 15.00
  ];

  it('counts eligible items after their offer savings', () => {
    expect(ebtEligibleCents(lines, 0)).toBe(1133);
  });

  it('splits a promo code in proportion to what the items cost, the eligible share rounded half up', () => {
    // $5.00 × 11.33 / 26.33 = 2.1515… → $2.15 on eligible items, $2.85 on the others.
    expect(promoEligibleShare(500, 1133, 2633)).toBe(215);
    expect(ebtEligibleCents(lines, 500)).toBe(918);
    expect(promoEligibleShare(500, 0, 2633)).toBe(0);
    expect(promoEligibleShare(5000, 1133, 1133)).toBe(1133);
  });

  it('puts the rest of the total (fees and tip included) on the card', () => {
    expect(splitPayment({ totalCents: 3499, eligibleCents: 1133, ebtCents: 1000, balanceCents: 2000 })).toEqual({
      ok: true,
      ebtCents: 1000,
      cardCents: 2499,
    });
  });

  it('refuses an EBT amount above the eligible items or above the balance entered', () => {
    expect(splitPayment({ totalCents: 3499, eligibleCents: 1133, ebtCents: 1134, balanceCents: 9999 })).toEqual({
      ok: false,
      code: 'OVER_ELIGIBLE',
    });
    expect(splitPayment({ totalCents: 3499, eligibleCents: 1133, ebtCents: 1000, balanceCents: 999 })).toEqual({
      ok: false,
      code: 'OVER_BALANCE',
    });
  });

  it('labels the split as the order pages and email show it', () => {
    expect(paymentSplitLabel({ ebtCents: 1000, cardCents: 2499, card: { brand: 'Visa', lastFour: '1234' } })).toBe(
      'EBT SNAP $10.00, Visa ••1234 $24.99',
    );
    expect(paymentSplitLabel({ ebtCents: 0, cardCents: 2499, card: { brand: 'Visa', lastFour: '1234' } })).toBe(
      'Visa ••1234 $24.99',
    );
  });

  it('takes an EBT card number of 16 to 19 digits only', () => {
    expect(ebtCardNumber.safeParse('5077 1234 5678 9012').success).toBe(true);
    expect(ebtCardNumber.safeParse('5077123456789012345').success).toBe(true);
    expect(ebtCardNumber.safeParse('507712345678901').success).toBe(false);
    expect(ebtCardNumber.safeParse('50771234567890123456').success).toBe(false);
    expect(ebtCardNumber.safeParse('5077-abcd-5678-9012').success).toBe(false);
  });
});

describe('delivery instructions', () => {
  const schema = z.object(deliveryInstructionFields);
  it('refuses a note over 250 characters and a long gate code', () => {
    expect(schema.safeParse({ deliveryNote: 'x'.repeat(10_000) }).success).toBe(false);
    expect(schema.safeParse({ deliveryNote: 'x'.repeat(250) }).success).toBe(true);
    expect(schema.safeParse({ gateCode: '1'.repeat(21) }).success).toBe(false);
  });
  it('keeps HTML as the text it is and drops control characters', () => {
    const parsed = schema.parse({ deliveryNote: '<b>Ring</b>\u0007 twice', leaveAtDoor: 'on', gateCode: '#4411' });
    expect(parsed).toEqual({ deliveryNote: '<b>Ring</b> twice', leaveAtDoor: true, gateCode: '#4411' });
    expect(instructionsText(parsed)).toBe('Gate code #4411 · Leave at door · <b>Ring</b> twice');
  });

  it('writes the driver line fixed words in the page language and the note as the customer wrote it', () => {
    const instructions = { gateCode: '#4411', leaveAtDoor: true, deliveryNote: 'Ring twice' };
    expect(instructionsText(instructions, serverT('en', 'staff'))).toBe('Gate code #4411 · Leave at door · Ring twice');
    expect(instructionsText(instructions, serverT('es', 'staff'))).toBe(
      'Código de acceso #4411 · Dejar en la puerta · Ring twice',
    );
    expect(instructionsText(instructions, serverT('es', 'orders'))).toBe(
      'Código de acceso #4411 · Dejar en la puerta · Ring twice',
    );
  });
});
