import { z } from 'zod';
import { PREFERENCES } from '~/modules/session/session-schema';

/** Page-safe: a store choice as the store finder's form and the session update's JSON body send it. */
export const storeChoiceSchema = z.object({
  storeId: z.string().regex(/^\d{1,4}$/, 'Choose one of the stores listed.'),
  preference: z.enum(PREFERENCES, { message: 'Choose Delivery, DriveUp & Go or In-store.' }),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, 'Enter a 5-digit ZIP code, like 98101.')
    .optional(),
  goto: z.string().max(2048).optional(),
  resolvedBy: z
    .string()
    .regex(/^[A-Za-z_-]{1,40}$/)
    .optional(),
  address: z.string().max(200).optional(),
});
export type StoreChoiceFields = z.infer<typeof storeChoiceSchema>;
