import { B2B_DISABLED_CODE, B2B_DISABLED_MESSAGE, type BusinessSiteClosed } from './business-site-closed';
import type { HostInfo } from './hosts';
import { hostForBanner } from './hosts';

export {
  B2B_DISABLED_CODE,
  B2B_DISABLED_MESSAGE,
  isBusinessSiteClosed,
  type BusinessSiteClosed,
} from './business-site-closed';

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
