import { describe, expect, it } from 'vitest';
import {
  ABSURD_WEIGHT_FACTOR,
  answerDueAt,
  ANSWER_WINDOW_MINUTES,
  chargeFor,
  checkPick,
  isSoldByWeight,
  pickFormSchema,
  weighedCharge,
  type OrderedLine,
} from '~/modules/fulfilment/line-rules';
import { checkStep, STATUS, STEPS, type StaffStep } from '~/modules/fulfilment/order-states';
import { arrivalWindow, checkInFormSchema, timeline } from '~/modules/fulfilment/progress-rules';
import { receiptLineSavings, receiptTotals } from '~/modules/fulfilment/receipt-rules';

const apples: OrderedLine = {
  quantity: 2,
  unitPriceCents: 300,
  sizeQuantity: 1,
  byWeight: true,
  substitution: 'allow',
};
const cereal: OrderedLine = {
  quantity: 2,
  unitPriceCents: 450,
  sizeQuantity: 12,
  byWeight: false,
  substitution: 'none',
};

describe('the order state machine', () => {
  const delivery = { fulfillment: 'DELIVERY' };
  const pickup = { fulfillment: 'DUG' };

  it('moves a delivery order placed → picking → staged → out for delivery → delivered', () => {
    const path: [StaffStep, string][] = [
      ['claim', STATUS.picking],
      ['stage', STATUS.staged],
      ['depart', STATUS.outForDelivery],
      ['deliver', STATUS.delivered],
    ];
    let status: string = STATUS.pending;
    for (const [step, to] of path) {
      const result = checkStep(step, { ...delivery, status }, ['manager']);
      expect(result).toEqual({ ok: true, to });
      status = to;
    }
  });

  it('moves a pickup order through ready for pickup to picked up, never out for delivery', () => {
    expect(checkStep('ready', { ...pickup, status: STATUS.staged }, ['picker'])).toEqual({
      ok: true,
      to: STATUS.readyForPickup,
    });
    expect(checkStep('depart', { ...pickup, status: STATUS.staged }, ['driver'])).toEqual({
      ok: false,
      code: 'WRONG_FULFILMENT',
    });
    expect(checkStep('handOver', { ...pickup, status: STATUS.readyForPickup }, ['picker'])).toEqual({
      ok: true,
      to: STATUS.pickedUp,
    });
  });

  it('refuses every step from every state but the one it leaves', () => {
    for (const step of Object.keys(STEPS) as StaffStep[]) {
      const order = STEPS[step].only === 'pickup' ? pickup : delivery;
      for (const status of Object.values(STATUS)) {
        const result = checkStep(step, { ...order, status }, ['manager']);
        expect(result.ok, `${step} from ${status}`).toBe(status === STEPS[step].from);
      }
    }
  });

  it('keeps each step to its roles', () => {
    expect(checkStep('claim', { ...delivery, status: STATUS.pending }, ['driver'])).toEqual({
      ok: false,
      code: 'ROLE',
    });
    expect(checkStep('depart', { ...delivery, status: STATUS.staged }, ['picker'])).toEqual({
      ok: false,
      code: 'ROLE',
    });
    expect(checkStep('claim', { ...delivery, status: STATUS.picking }, ['picker'])).toEqual({
      ok: false,
      code: 'ALREADY_CLAIMED',
    });
  });
});

describe('picking a line', () => {
  it('charges a by-weight line for its weight, capped at 10 % over what was ordered', () => {
    expect(weighedCharge(apples, 2, 1_800)).toBe(540);
    expect(weighedCharge(apples, 2, 2_200)).toBe(660);
    expect(weighedCharge(apples, 2, 5_000)).toBe(660);
  });

  it('needs a weight for a by-weight line and refuses one that cannot be', () => {
    expect(checkPick(apples, { outcome: 'picked', productId: 1, quantity: 2, weight: null })).toBe('WEIGHT_NEEDED');
    expect(checkPick(apples, { outcome: 'picked', productId: 1, quantity: 2, weight: 0 })).toBe('WEIGHT_ABSURD');
    expect(
      checkPick(apples, { outcome: 'picked', productId: 1, quantity: 2, weight: 2_000 * ABSURD_WEIGHT_FACTOR + 1 }),
    ).toBe('WEIGHT_ABSURD');
    expect(checkPick(apples, { outcome: 'picked', productId: 1, quantity: 2, weight: 2_100 })).toBeNull();
  });

  it('refuses more than was ordered, and a substitute the shopper did not allow', () => {
    expect(checkPick(cereal, { outcome: 'picked', productId: 1, quantity: 3, weight: null })).toBe('TOO_MANY');
    expect(checkPick(cereal, { outcome: 'substituted', productId: 1, substituteId: 2, quantity: 1 })).toBe(
      'NO_SUBSTITUTES',
    );
    expect(checkPick(cereal, { outcome: 'short', productId: 1 })).toBeNull();
  });

  it('never charges a substitute above the ordered line, and nothing for a shortage', () => {
    const allowing = { ...cereal, substitution: 'allow' as const };
    expect(chargeFor(allowing, { outcome: 'substituted', productId: 1, substituteId: 2, quantity: 2 }, 700)).toBe(900);
    expect(chargeFor(allowing, { outcome: 'substituted', productId: 1, substituteId: 2, quantity: 2 }, 300)).toBe(600);
    expect(chargeFor(allowing, { outcome: 'short', productId: 1 })).toBe(0);
    expect(chargeFor(cereal, { outcome: 'picked', productId: 1, quantity: 1, weight: null })).toBe(450);
  });

  it('reads typed pounds and refuses anything else with a clear message', () => {
    expect(pickFormSchema.parse({ outcome: 'picked', productId: '4', quantity: '1', weight: '1.25' })).toMatchObject({
      weight: 1_250,
    });
    expect(pickFormSchema.parse({ outcome: 'picked', productId: '4', quantity: '1' })).toMatchObject({ weight: null });
    const bad = pickFormSchema.safeParse({ outcome: 'picked', productId: '4', quantity: '1', weight: '-2' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Enter the weight in pounds, like 1.25.');
    expect(pickFormSchema.safeParse({ outcome: 'picked', productId: '4', quantity: '100' }).success).toBe(false);
    expect(pickFormSchema.safeParse({ outcome: 'eaten', productId: '4' }).success).toBe(false);
  });

  it('weighs loose produce and meat sold by the pound, not a bag of apples or of flour', () => {
    expect(isSoldByWeight({ size_unit: 'lb', size_label: '2 lb bunch', department_slug: 'produce' })).toBe(true);
    expect(isSoldByWeight({ size_unit: 'lb', size_label: '1.5 lb tray', department_slug: 'meat-seafood' })).toBe(true);
    expect(isSoldByWeight({ size_unit: 'lb', size_label: '3 lb bag', department_slug: 'produce' })).toBe(false);
    expect(isSoldByWeight({ size_unit: 'lb', size_label: '5 lb', department_slug: 'pantry' })).toBe(false);
    expect(isSoldByWeight({ size_unit: 'oz', size_label: '12 oz', department_slug: 'produce' })).toBe(false);
  });

  it('gives the shopper the answer window to reply', () => {
    const asked = new Date('2026-05-01T10:00:00Z');
    expect(answerDueAt(asked).getTime() - asked.getTime()).toBe(ANSWER_WINDOW_MINUTES * 60_000);
  });
});

describe("the shopper's timeline", () => {
  const base = { fulfillment: 'DELIVERY', placedAt: '2026-05-01T10:00:00Z', arrivalLabel: null, waitingAnswers: 0 };

  it('marks what happened, what is happening and what is to come', () => {
    const steps = timeline({
      ...base,
      status: STATUS.staged,
      events: [{ kind: 'picking', at: '2026-05-01T11:00:00Z' }],
    });
    expect(steps.map((step) => [step.key, step.state, step.at])).toEqual([
      ['placed', 'done', '2026-05-01T10:00:00Z'],
      ['picking', 'done', '2026-05-01T11:00:00Z'],
      ['staged', 'current', null],
      ['out_for_delivery', 'upcoming', null],
      ['delivered', 'upcoming', null],
    ]);
  });

  it('puts waiting substitutions in front while picking, and the arrival window on the way', () => {
    const waiting = timeline({ ...base, status: STATUS.picking, events: [], waitingAnswers: 2 });
    expect(waiting.find((step) => step.state === 'current')).toMatchObject({ key: 'answers', detail: '2 to answer' });
    const onTheWay = timeline({ ...base, status: STATUS.outForDelivery, events: [], arrivalLabel: '4:10–4:25 PM' });
    expect(onTheWay.find((step) => step.key === 'out_for_delivery')).toMatchObject({
      state: 'current',
      detail: 'Arriving 4:10–4:25 PM',
    });
  });

  it('shows a pickup path and a cancelled order', () => {
    const pickup = timeline({ ...base, fulfillment: 'DUG', status: STATUS.pickedUp, events: [] });
    expect(pickup.map((step) => step.key)).toEqual(['placed', 'picking', 'staged', 'ready_for_pickup', 'picked_up']);
    expect(pickup.every((step) => step.state === 'done')).toBe(true);
    const cancelled = timeline({ ...base, status: STATUS.cancelled, events: [] });
    expect(cancelled.map((step) => step.key)).toEqual(['placed', 'cancelled']);
  });

  it('takes a parking spot of up to four letters or digits', () => {
    expect(
      checkInFormSchema.parse({ intent: 'check-in', orderNumber: 'C00001234', parkingSpot: ' 12 ' }).parkingSpot,
    ).toBe('12');
    expect(
      checkInFormSchema.safeParse({ intent: 'check-in', orderNumber: 'C00001234', parkingSpot: '12; drop' }).success,
    ).toBe(false);
    expect(checkInFormSchema.safeParse({ intent: 'check-in', orderNumber: 'C00001234', parkingSpot: '' }).success).toBe(
      false,
    );
  });
});

describe('the receipt', () => {
  const line = (
    pick: { outcome: string; quantity: number; approval: null | 'approved' | 'rejected'; chargedCents: number } | null,
  ) => ({
    ordered: { quantity: 2, unitPriceCents: 500 },
    savingsCents: 100,
    pick,
  });

  it('keeps clipped savings only for what was picked as ordered', () => {
    expect(receiptLineSavings(line({ outcome: 'picked', quantity: 2, approval: null, chargedCents: 1000 }))).toBe(100);
    expect(receiptLineSavings(line({ outcome: 'picked', quantity: 1, approval: null, chargedCents: 500 }))).toBe(50);
    expect(
      receiptLineSavings(line({ outcome: 'substituted', quantity: 2, approval: 'approved', chargedCents: 900 })),
    ).toBe(0);
  });

  it('charges picked and approved lines, not rejected substitutes or shortages', () => {
    const totals = receiptTotals(
      [
        line({ outcome: 'picked', quantity: 2, approval: null, chargedCents: 1000 }),
        line({ outcome: 'substituted', quantity: 2, approval: 'rejected', chargedCents: 900 }),
        line({ outcome: 'short', quantity: 0, approval: null, chargedCents: 0 }),
      ],
      { feesCents: 499 },
    );
    expect(totals).toEqual({
      orderedCents: 3000,
      subtotalCents: 1000,
      savingsCents: 100,
      promoCents: 0,
      feesCents: 499,
      tipCents: 0,
      totalCents: 1399,
    });
  });

  it("adds the driver's tip to the total, after the fees (decision 0107)", () => {
    const line = { ordered: { quantity: 1, unitPriceCents: 1000 }, savingsCents: 0 };
    const picked = { ...line, pick: { outcome: 'picked', quantity: 1, approval: null, chargedCents: 1000 } };
    expect(receiptTotals([picked], { feesCents: 499, tipCents: 150 })).toMatchObject({
      tipCents: 150,
      totalCents: 1649,
    });
  });
});

describe('the arrival window', () => {
  it('starts on a five-minute mark after the drive and lasts fifteen minutes', () => {
    expect(arrivalWindow(new Date('2026-05-01T16:02:00Z'))).toEqual({
      start: '2026-05-01T16:25:00.000Z',
      end: '2026-05-01T16:40:00.000Z',
    });
  });
});
