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
