/**
 * Page-safe (no server imports, no zod): the cart action's constants and answers, shared by the route and
 * the components; the form's schema is in cart-form-schema.ts so zod stays out of the browser bundles.
 */
export const MAX_LINE_QUANTITY = 99;
export const MAX_NOTE_LENGTH = 200;

export type CartIntent = 'add' | 'update' | 'remove' | 'substitution' | 'note';

/** What the cart action answers a script (fetcher) with. */
export type CartAnswer =
  | { ok: true; intent: CartIntent; productId: number; itemCount: number; message: string }
  | { ok: false; code: string; message: string; productId: number | null };

export const CART_ACTION = '/shop/cart';
export const CART_PAGE = '/shop/cart.html';

export const ITEM_MESSAGES = {
  attendedOnly: 'Available only with Attended Delivery',
  unavailable: 'This item is not available right now',
  outOfStock: 'This item is currently out of stock.',
} as const;

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
