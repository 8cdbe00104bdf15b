import { db } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper';

/**
 * Whose lists a request reaches. A signed-in customer (C) reaches their household's lists on this banner and
 * site; anyone else (A, G, R) reaches at most the one guest list whose key their signed cookie holds.
 */
export type ListOwner =
  | { kind: 'household'; houseId: string; bannerId: string; siteType: 'C' | 'B'; customerId: number }
  | { kind: 'guest'; guestKey: string | null; bannerId: string; siteType: 'C' | 'B' };

export async function householdOwner(customerId: number, bannerId: string, siteType: 'C' | 'B') {
  const row = await db().selectFrom('customers').select('house_id').where('id', '=', customerId).executeTakeFirst();
  if (!row) return null;
  return { kind: 'household' as const, houseId: row.house_id, bannerId, siteType, customerId };
}

/** The owner for this shopper; a guest's key comes from the cookie (guest-list.server.ts). */
export async function listOwnerFor(shopper: Shopper, guestKey: string | null): Promise<ListOwner> {
  const { bannerId, siteType } = shopper.host;
  if (shopper.userType === 'C' && shopper.customer) {
    const owner = await householdOwner(Number(shopper.customer.customerId), bannerId, siteType);
    if (owner) return owner;
  }
  return { kind: 'guest', guestKey, bannerId, siteType };
}
