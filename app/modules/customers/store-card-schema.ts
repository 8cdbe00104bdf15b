import { z } from 'zod';
import { STORE_CARD_NUMBER_MESSAGE, STORE_CARD_PHONE_MESSAGE } from './store-card-words';

/** Page-safe shapes of the store card step-up (decision 0102); its words are in store-card-words.ts. */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** A club card number as printed (spaces and hyphens allowed), kept as its 12 digits. */
export const clubCardNumber = z
  .string({ required_error: STORE_CARD_NUMBER_MESSAGE, invalid_type_error: STORE_CARD_NUMBER_MESSAGE })
  .max(40, STORE_CARD_NUMBER_MESSAGE)
  .transform(digitsOnly)
  .refine((digits) => /^\d{12}$/.test(digits), STORE_CARD_NUMBER_MESSAGE);

/** The phone on the card, kept as 10 digits like the phone registration stores. */
export const storeCardPhone = z
  .string({ required_error: STORE_CARD_PHONE_MESSAGE, invalid_type_error: STORE_CARD_PHONE_MESSAGE })
  .max(40, STORE_CARD_PHONE_MESSAGE)
  .transform((value) => value.replace(/[^\d]/g, ''))
  .refine((digits) => digits.length === 10, STORE_CARD_PHONE_MESSAGE);

/** The customer-session lookup: holding both the card and its phone number is the proof. */
export const storeCardLookupSchema = z.object({ clubCard: clubCardNumber, phone: storeCardPhone }).strict();
export type StoreCardProof = z.infer<typeof storeCardLookupSchema>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The create-account form's optional part: a card number, and the card's phone when not the mobile phone. */
export const optionalStoreCardFields = {
  clubCard: z.preprocess(blankToUndefined, clubCardNumber.optional()),
  cardPhone: z.preprocess(blankToUndefined, storeCardPhone.optional()),
};

/** The proof a create-account form carries, if any: the card's own phone, else the mobile phone typed above. */
export function storeCardOfForm(form: {
  clubCard?: string;
  cardPhone?: string;
  phone: string;
}): StoreCardProof | undefined {
  return form.clubCard ? { clubCard: form.clubCard, phone: form.cardPhone ?? form.phone } : undefined;
}
