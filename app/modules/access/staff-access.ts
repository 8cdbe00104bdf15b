import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, type PageAccess } from './page-access';

/** The roles store staff hold at a store (decision 0079). */
export const STAFF_ROLES = ['picker', 'driver', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  picker: 'Picker',
  driver: 'Driver',
  manager: 'Store manager',
};

/** What a 403 on a staff page says to a signed-in shopper (or staff without the page's role). */
export const STAFF_ONLY_TITLE = 'This page is for store staff';
export const STAFF_ONLY_MESSAGE =
  'Your account has no store staff role for this page. If you work at a store, ask your store manager to add you, then sign in again.';
export const STAFF_STORE_NOT_FOUND = "We couldn't find that store among the stores you work at.";

/** A staff page's access: a signed-in customer (C) whose account holds one of `roles` at some store. */
export interface StaffPageAccess extends PageAccess {
  staffRoles: readonly StaffRole[];
}

/**
 * Every route under /staff declares its access with this; tests/unit/route-access.test.ts holds that
 * /staff pages do and no other page does. Anyone not signed in goes to sign-in and comes back.
 */
export function staffAccess(meta: { roles: readonly StaffRole[] }): StaffPageAccess {
  return {
    ...pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } }),
    staffRoles: meta.roles,
  };
}

/** Whether a path is a staff page (its own chrome, never the shopper's header). */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/staff' || pathname.startsWith('/staff/');
}

/**
 * The most stores one token's staff claim lists: the token lives in a cookie, which must stay under 4 KB
 * (tests/unit/cookie-size.test.ts). An account tied to more stores sees the first ones by store id.
 */
export const STAFF_CLAIM_MAX_STORES = 20;

/** The staff claim of an access token, as the identity provider writes it: roles per store. */
export interface StaffClaimEntry {
  store: number;
  roles: readonly string[];
}

/** One row of the staff_roles table, with the store's name. */
export interface StaffGrant {
  storeId: number;
  storeName: string;
  role: string;
}

export interface StaffStore {
  storeId: number;
  storeName: string;
  roles: StaffRole[];
}

export type StaffDecision = { kind: 'forbidden' } | { kind: 'staff'; stores: StaffStore[] };

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Which stores a staff page serves this account at. A role counts only when the token's claim (what the
 * identity provider vouched for at sign-in or the last renewal) and the table (now) both hold it: a revoked
 * role stops at once, and a new one starts with the next token. Only stores where the account holds one of
 * the page's roles are listed, each with every role it holds there; none at all is a 403.
 */
export function decideStaffAccess(input: {
  claim: readonly StaffClaimEntry[] | undefined;
  grants: readonly StaffGrant[];
  roles: readonly StaffRole[];
}): StaffDecision {
  const claimed = new Map<number, Set<string>>();
  for (const entry of input.claim ?? []) claimed.set(entry.store, new Set(entry.roles));
  const byStore = new Map<number, StaffStore>();
  for (const grant of input.grants) {
    if (!isStaffRole(grant.role) || !claimed.get(grant.storeId)?.has(grant.role)) continue;
    const store = byStore.get(grant.storeId) ?? { storeId: grant.storeId, storeName: grant.storeName, roles: [] };
    if (!store.roles.includes(grant.role)) store.roles.push(grant.role);
    byStore.set(grant.storeId, store);
  }
  const stores = [...byStore.values()]
    .filter((store) => store.roles.some((role) => input.roles.includes(role)))
    .map((store) => ({ ...store, roles: STAFF_ROLES.filter((role) => store.roles.includes(role)) }))
    .sort((a, b) => a.storeName.localeCompare(b.storeName) || a.storeId - b.storeId);
  return stores.length > 0 ? { kind: 'staff', stores } : { kind: 'forbidden' };
}

export type StoreDecision = { kind: 'not-found' } | { kind: 'forbidden' } | { kind: 'allowed'; store: StaffStore };

/**
 * A staff member acting on one store: a store they are not tied to is a 404 (as another customer's record
 * is), one where they hold none of `roles` is a 403.
 */
export function decideStaffStore(
  stores: readonly StaffStore[],
  storeId: number,
  roles: readonly StaffRole[],
): StoreDecision {
  const store = stores.find((candidate) => candidate.storeId === storeId);
  if (!store) return { kind: 'not-found' };
  return store.roles.some((role) => roles.includes(role)) ? { kind: 'allowed', store } : { kind: 'forbidden' };
}
