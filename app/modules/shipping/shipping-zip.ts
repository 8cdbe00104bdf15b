import { z } from 'zod';

/** Page-safe: the "Ship to ZIP" form of product pages and the cart (posted to SHIP_ZIP_ACTION). */
export const SHIP_ZIP_ACTION = '/shop/shipping-zip';

export const shipZipFormSchema = z.object({
  zipcode: z
    .string({ message: 'Enter a 5-digit ZIP code, like 98101.' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, like 98101.'),
  returnTo: z.string().max(500).optional(),
});

export const SHIP_ZIP_ERRORS: Record<string, string> = {
  BAD_ZIP: 'Enter a 5-digit ZIP code, like 98101.',
  UNKNOWN_ZIP: "We couldn't find that ZIP code. Check it and try again.",
};

export const NO_ZIP_MESSAGE = 'Enter your ZIP code to see when it arrives.';
