import { z } from 'zod';

/** The product page's ?loc= (a separate module so the page's browser bundle does not carry zod). */
export const Location = z.object({
  loc: z
    .string()
    .regex(/^\d{1,4}$/, 'loc is a store (branch) id of 1 to 4 digits.')
    .optional(),
});
