import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_NOTE_LENGTH, type CartIntent } from './cart-forms';

/** The cart action's form (server and tests; kept apart from cart-forms.ts so pages do not bundle zod). */
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

// CartIntent (cart-forms.ts) must list the same intents as the union: tsc fails here otherwise.
type SameIntents = [CartIntent, CartForm['intent']] extends [CartForm['intent'], CartIntent] ? true : false;
export const cartIntentsMatch: SameIntents = true;
