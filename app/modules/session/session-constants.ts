/** Browser-safe (no zod): the user types and fulfilment preferences of spec section 3. */
export const USER_TYPES = ['A', 'G', 'R', 'C'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PREFERENCES = ['Delivery', 'Dug', 'J4U'] as const;
export type Preference = (typeof PREFERENCES)[number];
