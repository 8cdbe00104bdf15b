import { z } from 'zod';

/** The ZIP is checked after reading (isShipZip), so a bad one still finds its way back to the page it came from. */
export const shipZipFormSchema = z.object({
  zipcode: z.string().trim().max(20).default(''),
  returnTo: z.string().max(500).optional(),
});
