import { z } from 'zod';

/** The clip and unclip forms every offers page posts (to /foru/clip). */
export const clipFormSchema = z.object({
  intent: z.enum(['clip', 'unclip'], { errorMap: () => ({ message: 'Choose clip or unclip.' }) }),
  offerId: z.coerce
    .number({ invalid_type_error: 'That offer id is not a number.' })
    .int()
    .positive('That offer id is not valid.')
    .max(2_147_483_647, 'That offer id is not valid.'),
  returnTo: z.string().max(2048).optional(),
});

/** The JSON body of the clip and unclip APIs. */
export const offerBodySchema = z.object({ offerId: z.number().int().positive().max(2_147_483_647) }).strict();
