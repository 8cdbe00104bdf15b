import type { Shopper } from '~/modules/access/shopper.server';
import { clearCookie, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { HEALTH_SESSION_TTL_SECONDS, parseHealthSession, type HealthSession } from './health-handshake.server';

/** The health area's signed session cookie for the customer a handshake named (15 minutes). */
export function healthSessionCookie(customerId: number, shopper: Shopper, now = new Date()) {
  const session: HealthSession = {
    customerId,
    expiresAt: new Date(now.getTime() + HEALTH_SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  return writeCookie('healthSession', session, shopper.cookie, { maxAgeSeconds: HEALTH_SESSION_TTL_SECONDS });
}

export function clearHealthSession(shopper: Shopper) {
  return clearCookie('healthSession', shopper.cookie);
}

/**
 * The health session's customer, or null. The health area trusts its own cookie, and also ends when
 * the storefront is no longer signed in as that same customer (one browser, one person).
 */
export async function readHealthSession(request: Request, shopper: Shopper, now = new Date()) {
  const read = await readSignedCookie(request, 'healthSession', shopper.cookie.siteType, parseHealthSession);
  if (read.status !== 'ok') return { customerId: null, present: read.status !== 'absent' };
  const live = read.value.expiresAt > now.toISOString();
  const sameCustomer = shopper.userType === 'C' && Number(shopper.customer?.customerId) === read.value.customerId;
  return { customerId: live && sameCustomer ? read.value.customerId : null, present: true };
}
