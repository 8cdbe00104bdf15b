import { z } from 'zod';

/** Page-safe (no server imports): the cart action's form, shared by the route and the components. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_NOTE_LENGTH = 200;

const productId = z.coerce
  .number({ invalid_type_error: 'Choose a product.' })
  .int('Choose a product.')
  .positive('Choose a product.');
const quantity = z.coerce
  .number({ invalid_type_error: 'Enter a quantity from 0 to 99.' })
  .int('Enter a whole number.')
  .min(0, 'Enter a quantity from 0 to 99.')
  .max(MAX_LINE_QUANTITY, `You can buy at most ${MAX_LINE_QUANTITY} of an item.`);
const returnTo = z.string().max(500).optional();

export const cartFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    productId,
    quantity: quantity.min(1, 'Add at least one.').default(1),
    returnTo,
  }),
  z.object({ intent: z.literal('update'), productId, quantity, returnTo }),
  z.object({ intent: z.literal('remove'), productId, returnTo }),
  z.object({
    intent: z.literal('substitution'),
    productId,
    substitution: z.enum(['allow', 'none'], { message: 'Choose whether substitutes are allowed.' }),
    returnTo,
  }),
  z.object({
    intent: z.literal('note'),
    productId,
    note: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, `Keep the note under ${MAX_NOTE_LENGTH} characters.`)
      .regex(/^[^<>]*$/, 'Notes cannot contain < or >.'),
    returnTo,
  }),
]);
export type CartForm = z.infer<typeof cartFormSchema>;

/** What the cart action answers a script (fetcher) with. */
export type CartAnswer =
  | { ok: true; intent: CartForm['intent']; productId: number; itemCount: number; message: string }
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
