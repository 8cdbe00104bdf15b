import { describe, expect, it } from 'vitest';
import {
  offerDetailsHref,
  parseOfferDetailsPage,
  parseRewardPage,
  rewardDetailsHref,
} from '~/modules/offers/offer-pages';

describe('offer and reward detail page names', () => {
  it('reads the offer id of offer-details.{id}.html', () => {
    expect(parseOfferDetailsPage('offer-details.42.html')).toEqual({ offerId: 42 });
    expect(parseOfferDetailsPage(offerDetailsHref('shop', 7).split('/').pop()!)).toEqual({ offerId: 7 });
  });

  it('refuses anything else', () => {
    for (const name of [
      'offer-details.html',
      'offer-details.x.html',
      'offer-details.1234567890.html',
      'details.1.html',
    ])
      expect(parseOfferDetailsPage(name)).toBeNull();
  });

  it('reads the reward name and the branch id of {name}.{branchId}.html', () => {
    expect(parseRewardPage('free-bananas.1001.html')).toEqual({ slug: 'free-bananas', branchId: '1001' });
    expect(rewardDetailsHref('fuel-10-cents', 12)).toBe('/foru/rewards/fuel-10-cents.12.html');
  });

  it('refuses a branch id longer than 4 digits or a name with odd characters', () => {
    expect(parseRewardPage('free-bananas.12345.html')).toBeNull();
    expect(parseRewardPage('Free_Bananas.1001.html')).toBeNull();
    expect(parseRewardPage('../etc.1001.html')).toBeNull();
  });
});
