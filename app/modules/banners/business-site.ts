import type { HostInfo } from './hosts';
import { hostForBanner } from './hosts';

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

/** The consumer site of the host's banner (same scheme and port): `business.sunridge.localhost` → `sunridge.localhost`. */
export function consumerSiteUrl(host: HostInfo, requestUrl: URL): string {
  const consumer = hostForBanner({ ...host, siteType: 'C' }, host.bannerId, requestUrl.port || null);
  return `${requestUrl.protocol}//${consumer}/`;
}

/** What a business-site request answers while the flag is on; null when the site is open (or not business). */
export function businessSiteClosed(
  host: HostInfo,
  flags: { isB2BDisabled: boolean },
  requestUrl: URL,
): BusinessSiteClosed | null {
  if (host.siteType !== 'B' || !flags.isB2BDisabled) return null;
  return { code: B2B_DISABLED_CODE, message: B2B_DISABLED_MESSAGE, consumerUrl: consumerSiteUrl(host, requestUrl) };
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
