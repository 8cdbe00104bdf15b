import { getClientIPAddress } from 'remix-utils/get-client-ip-address';

/** Who is asking, for per-client rate limits: the client IP behind a proxy, else the visitor cookie. */
export function clientKey(request: Request, visitorId?: string | null): string {
  return getClientIPAddress(request) ?? (visitorId ? `visitor:${visitorId}` : 'anonymous');
}
