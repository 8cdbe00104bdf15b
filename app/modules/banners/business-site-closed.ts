// The part of a closed business site the browser needs (the root error boundary recognises the answer), apart
// from business-site.ts: its host helpers import the banner table, which would then load on every page.

/** The stable code of the answer every business-site page gives while `isB2BDisabled` is on. */
export const B2B_DISABLED_CODE = 'B2B_DISABLED';
export const B2B_DISABLED_MESSAGE =
  'Our business site is closed for now. You can still shop every aisle on our main site.';

export interface BusinessSiteClosed {
  code: typeof B2B_DISABLED_CODE;
  message: string;
  /** The same banner's consumer site, where the shopper can carry on. */
  consumerUrl: string;
}

/** Whether an error response's data is a business-site-closed answer (the root ErrorBoundary's test). */
export function isBusinessSiteClosed(data: unknown): data is BusinessSiteClosed {
  return (
    typeof data === 'object' &&
    data !== null &&
    'code' in data &&
    data.code === B2B_DISABLED_CODE &&
    'consumerUrl' in data &&
    typeof data.consumerUrl === 'string'
  );
}
