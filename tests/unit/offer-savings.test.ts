import { describe, expect, it } from 'vitest';
import { applyClippedOffers, offerSavingOnLine, type ClippedOffer } from '~/modules/offers/savings';

const offer = (kind: string, value: number, minQuantity = 1, productIds = [1], offerId = 10): ClippedOffer => ({
  offerId,
  title: `${kind} ${value}`,
  kind,
  value,
  minQuantity,
  productIds,
});
const line = (productId: number, quantity: number, unitPriceCents: number) => ({ productId, quantity, unitPriceCents });

describe('what one clipped offer saves on a cart line', () => {
  it('amount-off: the amount, never more than the unit price', () => {
    expect(offerSavingOnLine(offer('amount-off', 75), line(1, 2, 399))).toBe(75);
    expect(offerSavingOnLine(offer('amount-off', 500), line(1, 1, 199))).toBe(199);
  });

  it('buy-n-save: only once the line has the minimum quantity', () => {
    expect(offerSavingOnLine(offer('buy-n-save', 300, 3), line(1, 2, 250))).toBe(0);
    expect(offerSavingOnLine(offer('buy-n-save', 300, 3), line(1, 3, 250))).toBe(300);
  });

  it('percent-off: the percent of one unit', () => {
    expect(offerSavingOnLine(offer('percent-off', 20), line(1, 4, 499))).toBe(99);
  });

  it('bogo: needs the bought units plus the one that is discounted', () => {
    expect(offerSavingOnLine(offer('bogo', 100, 1), line(1, 1, 349))).toBe(0);
    expect(offerSavingOnLine(offer('bogo', 100, 1), line(1, 2, 349))).toBe(349);
    expect(offerSavingOnLine(offer('bogo', 50, 2), line(1, 3, 400))).toBe(200);
  });

  it('points and products the offer does not cover save nothing', () => {
    expect(offerSavingOnLine(offer('points', 200), line(1, 1, 500))).toBe(0);
    expect(offerSavingOnLine(offer('amount-off', 100), line(2, 1, 500))).toBe(0);
  });
});

describe('clipped offers on a whole cart', () => {
  it('uses each offer once, on the line where it saves most', () => {
    const applied = applyClippedOffers([line(1, 1, 300), line(2, 1, 900)], [offer('percent-off', 50, 1, [1, 2])]);
    expect(applied).toEqual([{ productId: 2, offerId: 10, title: 'percent-off 50', savingsCents: 450 }]);
  });

  it('gives each line its best offer, and the next best offer to another line', () => {
    const applied = applyClippedOffers(
      [line(1, 1, 500), line(2, 1, 500)],
      [offer('amount-off', 100, 1, [1, 2], 10), offer('amount-off', 200, 1, [1], 11)],
    );
    expect(applied.map((a) => [a.productId, a.offerId, a.savingsCents])).toEqual([
      [1, 11, 200],
      [2, 10, 100],
    ]);
  });

  it('saves nothing on an empty cart or without clips', () => {
    expect(applyClippedOffers([], [offer('amount-off', 100)])).toEqual([]);
    expect(applyClippedOffers([line(1, 1, 100)], [])).toEqual([]);
  });
});
