import { describe, expect, it } from 'vitest';
import { estimatedSavingsCents, offerValueLabel } from '~/modules/offers/offer-value';

describe('an offer on one scale of savings', () => {
  it('saves the value in cents for amount-off and buy-n-save, and a cent a point', () => {
    expect(estimatedSavingsCents('amount-off', 75, 499)).toBe(75);
    expect(estimatedSavingsCents('buy-n-save', 200, 499)).toBe(200);
    expect(estimatedSavingsCents('points', 300, 499)).toBe(300);
  });

  it('saves a percent of the cheapest product for percent-off and bogo', () => {
    expect(estimatedSavingsCents('percent-off', 20, 499)).toBe(99);
    expect(estimatedSavingsCents('bogo', 100, 349)).toBe(349);
  });

  it('is worth nothing for a kind it does not know', () => {
    expect(estimatedSavingsCents('mystery', 100, 100)).toBe(0);
  });
});

describe('the headline of an offer', () => {
  it('reads like a shelf tag', () => {
    expect(offerValueLabel('amount-off', 100, 1)).toBe('$1.00 off');
    expect(offerValueLabel('buy-n-save', 300, 3)).toBe('$3.00 off 3');
    expect(offerValueLabel('percent-off', 25, 1)).toBe('25% off');
    expect(offerValueLabel('bogo', 100, 1)).toBe('Buy 1 get 1 free');
    expect(offerValueLabel('bogo', 50, 2)).toBe('Buy 2 get 1 50% off');
    expect(offerValueLabel('points', 200, 1)).toBe('200 points');
  });
});
