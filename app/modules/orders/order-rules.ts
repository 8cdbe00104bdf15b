/** Page-safe order vocabulary and forms (no server imports). */
import { z } from 'zod';
import type { Language } from '~/modules/i18n/languages';
import { checkoutExtraFields, ebtCardNumber } from './checkout-extras-form';
import { promoFormFields } from './promo-rules';

export const ORDER_STATUS = { pending: 'PENDING', cancelled: 'CANCELLED', delivered: 'DELIVERED' } as const;

/** Why an order that is not pending cannot change: cancelled, or already in the store's hands. */
export function notPendingRefusal(status: string): 'NOT_PENDING' | 'PICKING_STARTED' {
  return status === ORDER_STATUS.cancelled ? 'NOT_PENDING' : 'PICKING_STARTED';
}

export const ORDER_REFUSALS = {
  NOT_FOUND: 'We could not find that order.',
  PAST_CUTOFF: 'This order can no longer be changed: it is being prepared.',
  NOT_PENDING: 'This order can no longer be changed.',
  PICKING_STARTED: 'This order can no longer be changed: our shopper has started picking it.',
  EMPTY_CART: 'Your cart has nothing that can be ordered yet.',
  NO_SLOT: 'Choose a delivery or pickup time first (your reserved time may have lapsed).',
  NO_ADDRESS: 'Choose a delivery address.',
  NO_TENDER: 'Choose a saved card.',
  ATTENDED_ONLY: 'Available only with Attended Delivery',
  SLOT_STORE: 'Your reserved time is at another store. Please choose a time again.',
} as const;
export type OrderRefusalCode = keyof typeof ORDER_REFUSALS;

/** A signed-in customer on one banner and site: every order query carries the customer id. */
export interface OrderCustomer {
  customerId: number;
  bannerId: string;
  siteType: 'C' | 'B';
  /** The language its messages are written in (English when absent: API callers). */
  language?: Language;
}

export type Refusal = { ok: false; code: OrderRefusalCode };

export const orderNumberSchema = z.string().regex(/^[CB]\d{8}$/, 'That is not an order number.');

export const checkoutFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('place'),
    // Pickup orders need no address (0 = none); delivery without one is refused by the module.
    addressId: z.coerce
      .number({ invalid_type_error: ORDER_REFUSALS.NO_ADDRESS })
      .int()
      .nonnegative(ORDER_REFUSALS.NO_ADDRESS)
      .default(0),
    tenderId: z.coerce
      .number({ invalid_type_error: ORDER_REFUSALS.NO_TENDER })
      .int()
      .positive(ORDER_REFUSALS.NO_TENDER),
    ...checkoutExtraFields,
  }),
  z.object({
    intent: z.literal('address'),
    address1: z.string().trim().min(3, 'Enter the street address.').max(80),
    address2: z.string().trim().max(40).default(''),
    city: z.string().trim().min(2, 'Enter the city.').max(40),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Enter the 2-letter state.'),
    zipcode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code.'),
  }),
  z.object({
    intent: z.literal('card'),
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => /^\d{13,19}$/.test(value) && luhn(value), 'Enter a valid card number.'),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry as MM/YY.'),
  }),
  // After the card form: the delivery-pass payment page reuses options[2].
  promoFormFields.apply,
  z.object({ intent: z.literal('ebt-card'), ebtNumber: ebtCardNumber }),
  promoFormFields.remove,
]);

/** The Luhn check digit test every card number passes. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (digits.startsWith('6')) return 'Discover';
  return 'Card';
}

export const orderActionSchema = z.object({
  intent: z.enum(['cancel']),
  orderNumber: orderNumberSchema,
});

const editBase = { orderNumber: orderNumberSchema };
export const editFormSchema = z.discriminatedUnion('intent', [
  z.object({ ...editBase, intent: z.literal('save') }),
  z.object({ ...editBase, intent: z.literal('discard') }),
  z.object({
    ...editBase,
    intent: z.literal('update'),
    productId: z.coerce.number({ invalid_type_error: 'Choose a product.' }).int().positive('Choose a product.'),
    quantity: z.coerce
      .number({ invalid_type_error: 'Enter a quantity from 0 to 99.' })
      .int('Enter a whole number.')
      .min(0, 'Enter a quantity from 0 to 99.')
      .max(99, 'You can buy at most 99 of an item.'),
  }),
  z.object({
    ...editBase,
    intent: z.literal('slot'),
    slotId: z.coerce.number({ invalid_type_error: 'Choose a time.' }).int().positive('Choose a time.'),
  }),
]);

export function fulfillmentLabel(fulfillment: string, slotKind: string | null): string {
  if (fulfillment === 'DUG') return 'DriveUp & Go pickup';
  if (slotKind === 'rush') return 'Rush delivery';
  return 'Delivery';
}
