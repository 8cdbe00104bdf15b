/** Spec section 8, item messages, verbatim. */
export const ITEM_MESSAGES = {
  attended: 'Available only with Attended Delivery',
  unavailable: 'This item is not available right now',
  out_of_stock: 'This item is currently out of stock.',
} as const;

/** What the add-to-cart forms answer until the cart exists (issue 7): nothing is changed. */
export const CART_NOT_OPEN = 'The cart opens soon: nothing was added yet.';
