import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  adDayLabel,
  adDealHeadline,
  adSalePriceCents,
  adWeekOf,
  storeToday,
} from '~/modules/weekly-ad/ad-week';
import { applyClippedOffers, offerSavingOnLine, type ClippedOffer } from '~/modules/offers/savings';

const line = (productId: number, quantity: number, unitPriceCents: number) => ({ productId, quantity, unitPriceCents });
const deal = (kind: string, value: number, offerId = -1, productIds = [1]): ClippedOffer => ({
  offerId,
  title: 'Weekly ad',
  kind,
  value,
  minQuantity: 1,
  productIds,
});

describe('the weekly ad week', () => {
  it('runs from the Wednesday on or before a day to the Tuesday after', () => {
    // 2026-11-25 is a Wednesday.
    expect(adWeekOf('2026-11-25')).toEqual({ startsOn: '2026-11-25', endsOn: '2026-12-01' });
    expect(adWeekOf('2026-11-29')).toEqual({ startsOn: '2026-11-25', endsOn: '2026-12-01' });
    expect(adWeekOf('2026-12-01')).toEqual({ startsOn: '2026-11-25', endsOn: '2026-12-01' });
    expect(adWeekOf('2026-12-02')).toEqual({ startsOn: '2026-12-02', endsOn: '2026-12-08' });
  });

  it('crosses months and years', () => {
    expect(adWeekOf('2027-01-01')).toEqual({ startsOn: '2026-12-30', endsOn: '2027-01-05' });
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("reads today by the store's clock: Tuesday night in Seattle is already Wednesday in New York", () => {
    const now = new Date('2026-12-02T06:30:00Z'); // 22:30 Tuesday in Seattle, 01:30 Wednesday in New York
    expect(storeToday(now, 'America/Los_Angeles')).toBe('2026-12-01');
    expect(storeToday(now, 'America/New_York')).toBe('2026-12-02');
    expect(adWeekOf(storeToday(now, 'America/Los_Angeles')).startsOn).toBe('2026-11-25');
    expect(adWeekOf(storeToday(now, 'America/New_York')).startsOn).toBe('2026-12-02');
  });

  it('labels a day as the ad prints it', () => {
    expect(adDayLabel('2026-11-25')).toBe('Wed, Nov 25');
    expect(adDayLabel('2026-12-01')).toBe('Tue, Dec 1');
  });
});

describe('a weekly ad deal at a store', () => {
  it('is a sale only where its price is below the store price', () => {
    expect(adSalePriceCents({ kind: 'sale-price', value: 299, minQuantity: 1 }, 449)).toBe(299);
    expect(adSalePriceCents({ kind: 'sale-price', value: 299, minQuantity: 1 }, 299)).toBeNull();
    expect(adSalePriceCents({ kind: 'sale-price', value: 299, minQuantity: 1 }, 249)).toBeNull();
  });

  it('keeps the regular price for buy one, get one', () => {
    expect(adSalePriceCents({ kind: 'bogo', value: 100, minQuantity: 1 }, 449)).toBe(449);
  });

  it('says what the deal is', () => {
    expect(adDealHeadline({ kind: 'sale-price', value: 299, minQuantity: 1 })).toBe('Sale');
    expect(adDealHeadline({ kind: 'bogo', value: 100, minQuantity: 1 })).toBe('Buy 1, get 1 free');
    expect(adDealHeadline({ kind: 'bogo', value: 50, minQuantity: 2 })).toBe('Buy 2, get 1 half price');
  });

  it('takes every unit of the line down to the sale price', () => {
    expect(offerSavingOnLine(deal('sale-price', 299), line(1, 3, 449))).toBe(450);
    expect(offerSavingOnLine(deal('sale-price', 299), line(1, 3, 279))).toBe(0);
    expect(offerSavingOnLine(deal('sale-price', 299), line(2, 3, 449))).toBe(0);
  });

  it('does not add up with a clipped offer on the same line: the bigger saving wins', () => {
    const clipped: ClippedOffer = { ...deal('amount-off', 100, 7), title: '$1 off' };
    const [saving] = applyClippedOffers([line(1, 2, 449)], [clipped, deal('sale-price', 399)]);
    expect(saving).toMatchObject({ offerId: -1, savingsCents: 100 });
    const [bigger] = applyClippedOffers([line(1, 1, 449)], [clipped, deal('sale-price', 399)]);
    expect(bigger).toMatchObject({ offerId: 7, savingsCents: 100 });
  });
});
