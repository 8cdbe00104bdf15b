import { applySessionUpdate, type SessionData } from '~/modules/session/session-schema';
import { customerById } from './customers.server';

/** The session of a signed-in customer: their chosen store, else their profile's store. */
export async function customerSession(current: SessionData | null, customerId: number): Promise<SessionData | null> {
  const customer = await customerById(customerId);
  const common = current?.info.COMMON;
  const base = common?.storeId
    ? {}
    : customer
      ? {
          storeId: String(customer.store_id),
          zipcode: customer.zipcode,
          preference: customer.preference as 'Delivery' | 'Dug' | 'J4U',
          Selection: 'user' as const,
        }
      : {};
  const result = applySessionUpdate(current, { info: { COMMON: { ...base, userType: 'C' } } });
  return result.ok ? result.session : null;
}
