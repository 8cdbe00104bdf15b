/** Page-safe: the "Ship to ZIP" form of product pages and the cart (posted to SHIP_ZIP_ACTION). */
export const SHIP_ZIP_ACTION = '/shop/shipping-zip';

// The form schema lives in shipping-zip-schema.ts so the pages' bundles stay free of zod.
export { shipZipFormSchema } from './shipping-zip-schema';

export function isShipZip(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value);
}

export const SHIP_ZIP_ERRORS: Record<string, string> = {
  BAD_ZIP: 'Enter a 5-digit ZIP code, like 98101.',
  UNKNOWN_ZIP: "We couldn't find that ZIP code. Check it and try again.",
};

export const NO_ZIP_MESSAGE = 'Enter your ZIP code to see when it arrives.';
