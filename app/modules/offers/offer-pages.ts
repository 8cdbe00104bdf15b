/**
 * Offer and reward detail page names (spec section 2): `offer-details.{offerId}.html` under the shop,
 * the www 'foru' area and the b2b area; `{reward}.{branchId}.html` under foru/rewards, the branch id
 * being the store the reward is redeemed at.
 */
export function parseOfferDetailsPage(segment: string): { offerId: number } | null {
  const match = /^offer-details\.(\d{1,9})\.html$/.exec(segment);
  return match ? { offerId: Number(match[1]) } : null;
}

export function parseRewardPage(segment: string): { slug: string; branchId: string } | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(\d{1,4})\.html$/.exec(segment);
  return match && match[1]!.length <= 60 ? { slug: match[1]!, branchId: match[2]! } : null;
}

export const offerDetailsHref = (area: 'foru' | 'shop' | 'b2b', offerId: number) =>
  `/${area}/offer-details.${offerId}.html`;
export const rewardDetailsHref = (slug: string, branchId: string | number) => `/foru/rewards/${slug}.${branchId}.html`;
