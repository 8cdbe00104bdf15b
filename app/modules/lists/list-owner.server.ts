import { db } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper';
import { bumpStateVersion, subjectOf } from '~/modules/http/state-versions.server';

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

/**
 * After a change to a household's lists: every other member's state version moves on, so a list page kept for
 * them in the private page cache (decision 0027) is rendered afresh at their next visit. The member who made the
 * change is moved on by their own post, as after any change.
 */
export async function noteHouseholdListChange(owner: ListOwner): Promise<void> {
  if (owner.kind !== 'household') return;
  const members = await db()
    .selectFrom('customers')
    .select('id')
    .where('house_id', '=', owner.houseId)
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType)
    .where('id', '!=', owner.customerId)
    .execute();
  for (const member of members) await bumpStateVersion(subjectOf(member.id));
}
