import { z } from 'zod';

/** Page-safe: the "Ship to ZIP" form of product pages and the cart (posted to SHIP_ZIP_ACTION). */
export const SHIP_ZIP_ACTION = '/shop/shipping-zip';

/** The ZIP is checked after reading (isShipZip), so a bad one still finds its way back to the page it came from. */
export const shipZipFormSchema = z.object({
  zipcode: z.string().trim().max(20).default(''),
  returnTo: z.string().max(500).optional(),
});

export function isShipZip(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value);
}

export const SHIP_ZIP_ERRORS: Record<string, string> = {
  BAD_ZIP: 'Enter a 5-digit ZIP code, like 98101.',
  UNKNOWN_ZIP: "We couldn't find that ZIP code. Check it and try again.",
};

export const NO_ZIP_MESSAGE = 'Enter your ZIP code to see when it arrives.';
