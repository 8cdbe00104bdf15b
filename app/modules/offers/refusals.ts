/** Why a clip or a redemption was refused; page-safe, so pages can show a refusal named in their address. */
export const CLIP_REFUSALS = {
  OFFER_NOT_FOUND: "We couldn't find that offer. It may have been removed.",
  OFFER_EXPIRED: 'This offer has expired and can no longer be clipped.',
  OFFER_NOT_STARTED: "This offer isn't available yet. Check back when it starts.",
  OFFER_OTHER_BANNER: 'This offer belongs to another of our stores and can only be clipped there.',
} as const;
export type ClipRefusalCode = keyof typeof CLIP_REFUSALS;

export const REWARD_REFUSALS = {
  REWARD_NOT_FOUND: "We couldn't find that reward.",
  REWARD_EXPIRED: 'This reward is no longer available.',
  REWARD_NOT_AT_STORE: "Your store doesn't offer this reward. Choose another store to redeem it.",
  NOT_ENOUGH_POINTS: "You don't have enough points for this reward yet.",
  REDEMPTION_LIMIT: "You've reached the limit of fuel rewards of this kind. Use or remove one first.",
} as const;
export type RewardRefusalCode = keyof typeof REWARD_REFUSALS;
