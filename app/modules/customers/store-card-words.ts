/** The store card step-up's words and the lookup's answer (decision 0102): no zod, so the page's chunk stays small. */

export const STORE_CARD_NUMBER_MESSAGE = 'Enter the 12-digit number on your store card.';
export const STORE_CARD_PHONE_MESSAGE = 'Enter the 10-digit phone number on your store card.';
export const STORE_CARD_NOT_FOUND_MESSAGE = 'No store card has that card number and phone number. Check both.';
export const STORE_CARD_LINKED_MESSAGE = 'This store card already belongs to an online account. Sign in to use it.';
export const STORE_CARD_BUSINESS_MESSAGE =
  'Store cards join personal accounts. Create yours on our shopping site, not the business site.';
/** The reward ledger's line for the points a store card brought (rewards page, rewards history call). */
export const STORE_CARD_POINTS_DESCRIPTION = 'Points from your store card';

/** What the lookup answers; nothing about emails or accounts by email (decision 0030). */
export type StoreCardLookup =
  { found: false } | { found: true; stepUp: true; firstName: string } | { found: true; stepUp: false };
