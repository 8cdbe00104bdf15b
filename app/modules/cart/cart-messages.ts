/** The cart page's and the cart action's messages; only the cart page needs them in the browser. */
/** Messages for a no-JS post that came back with ?cartError= or ?cartMessage=. */
export const CART_ERROR_MESSAGES: Record<string, string> = {
  BAD_FORM: 'We could not read that change. Please check the quantity and try again.',
  NOT_IN_CART: 'That item is no longer in your cart.',
  UNKNOWN_PRODUCT: 'We could not find that product. Please refresh the page.',
  NOT_GROCERY: 'This item ships separately and cannot be added to a grocery cart.',
};
export const CART_DONE_MESSAGES: Record<string, string> = {
  add: 'Added to your cart.',
  update: 'Quantity updated.',
  remove: 'Removed from your cart.',
  substitution: 'Substitution choice saved.',
  note: 'Note saved.',
};
