import { decideStaffAccess, decideStaffStore, STAFF_ROLES, type StaffClaimEntry } from '~/modules/access/staff-access';
import { pickListQuerySchema } from '~/modules/fulfilment/staff-forms';
import { stateVersion, storeSubjectOf, subjectOf } from '~/modules/http/state-versions.server';
import { staffGrantsOf } from './staff-roles.server';

/**
 * The order queue and pick lists in the private page cache (decision 0090). A picker reloads the same queue
 * and pick list many times while nothing at the store moves, and each render reads a thousand orders. A kept
 * page is served again only to the same cookies, only while the staff member still holds the same roles at
 * the page's store (read from the table on every lookup, as requireStaff does), and only while neither their
 * own version nor the store's has moved (`noteStoreChange` after every change to the store's orders, lines or
 * stock). Time alone (an answer window running out, the day turning) shows within the cache's TTL (≤ 10 s).
 */
export async function staffPageGrant(
  url: URL,
  customer: { customerId: string | number; staff?: readonly StaffClaimEntry[] },
): Promise<{ subject: string; version: number } | null> {
  if (!customer.staff?.length) return null;
  const query = pickListQuerySchema.safeParse({ store: url.searchParams.get('store') ?? undefined });
  if (!query.success) return null;
  const customerId = Number(customer.customerId);
  const access = decideStaffAccess({
    claim: customer.staff,
    grants: await staffGrantsOf(customerId),
    roles: STAFF_ROLES,
  });
  if (access.kind !== 'staff') return null;
  const atStore = decideStaffStore(access.stores, query.data.store, STAFF_ROLES);
  // A refusal (403 or 404) is the page's to render, never a kept page.
  if (atStore.kind !== 'allowed') return null;
  const own = subjectOf(customerId);
  const store = storeSubjectOf(atStore.store.storeId);
  const [ownVersion, storeVersion] = await Promise.all([stateVersion(own), stateVersion(store)]);
  // Both counters only grow, so their sum moves whenever either does.
  return { subject: `${own} ${store} ${atStore.store.roles.join(',')}`, version: ownVersion + storeVersion };
}
