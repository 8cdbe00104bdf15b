/** Spec section 8, item messages, verbatim. */
export const ITEM_MESSAGES = {
  attended: 'Available only with Attended Delivery',
  unavailable: 'This item is not available right now',
  out_of_stock: 'This item is currently out of stock.',
} as const;
