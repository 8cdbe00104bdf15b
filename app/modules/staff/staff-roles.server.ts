import { db } from '~/db/db.server';
import { STAFF_ROLES, type StaffClaimEntry, type StaffGrant, type StaffRole } from '~/modules/access/staff-access';

/** The account's staff roles now, with each store's name (every staff page reads them: decision 0079). */
export async function staffGrantsOf(customerId: number): Promise<StaffGrant[]> {
  const rows = await db()
    .selectFrom('staff_roles')
    .innerJoin('stores', 'stores.id', 'staff_roles.store_id')
    .select(['staff_roles.store_id', 'stores.name', 'staff_roles.role'])
    .where('staff_roles.customer_id', '=', customerId)
    .orderBy('staff_roles.store_id')
    .orderBy('staff_roles.role')
    .execute();
  return rows.map((row) => ({ storeId: Number(row.store_id), storeName: row.name, role: row.role }));
}

/**
 * The staff claim the identity provider puts in the account's access tokens: roles per store, or
 * undefined for an account without any (every shopper), so a shopper's token carries no claim at all.
 */
export async function staffClaimOf(customerId: number): Promise<StaffClaimEntry[] | undefined> {
  const rows = await db()
    .selectFrom('staff_roles')
    .select(['store_id', 'role'])
    .where('customer_id', '=', customerId)
    .orderBy('store_id')
    .execute();
  if (rows.length === 0) return undefined;
  const byStore = new Map<number, StaffRole[]>();
  for (const row of rows) {
    const role = STAFF_ROLES.find((known) => known === row.role);
    if (!role) continue;
    const roles = byStore.get(Number(row.store_id)) ?? [];
    roles.push(role);
    byStore.set(Number(row.store_id), roles);
  }
  return [...byStore].map(([store, roles]) => ({ store, roles: STAFF_ROLES.filter((role) => roles.includes(role)) }));
}

/** Gives an account a role at a store (the seed and, later, a manager's page); a second grant changes nothing. */
export async function grantStaffRole(customerId: number, storeId: number, role: StaffRole): Promise<void> {
  await db()
    .insertInto('staff_roles')
    .values({ customer_id: customerId, store_id: storeId, role })
    .onConflict((conflict) => conflict.columns(['customer_id', 'store_id', 'role']).doNothing())
    .execute();
}

/** Takes a role away: the next staff page the account opens refuses it, whatever its token says. */
export async function revokeStaffRole(customerId: number, storeId: number, role: StaffRole): Promise<void> {
  await db()
    .deleteFrom('staff_roles')
    .where('customer_id', '=', customerId)
    .where('store_id', '=', storeId)
    .where('role', '=', role)
    .execute();
}
