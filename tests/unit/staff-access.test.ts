import { describe, expect, it } from 'vitest';
import { decideAccess } from '~/modules/access/access-decision';
import { pageAccessSchema } from '~/modules/access/page-access-schema';
import { safeRedirect } from '~/modules/access/safe-redirect';
import {
  decideStaffAccess,
  decideStaffStore,
  isStaffPath,
  staffAccess,
  type StaffGrant,
} from '~/modules/access/staff-access';

const policy = { trustedOrigins: ['http://localhost'], defaultUrl: '/' };
const GREENLEAF = { storeId: 1001, storeName: 'Greenleaf Market Downtown' };
const ALDER = { storeId: 1002, storeName: 'Greenleaf Market Alder' };

const grant = (store: typeof GREENLEAF, role: string): StaffGrant => ({ ...store, role });

describe('staff page access', () => {
  const page = staffAccess({ roles: ['picker', 'manager'] });

  it('declares signed-in customers with the page roles, valid against the access schema', () => {
    expect(pageAccessSchema.parse(page)).toMatchObject({
      allowedUserTypes: ['C'],
      staffRoles: ['picker', 'manager'],
      redirections: { DEFAULT: '/account/sign-in.html' },
    });
  });

  it('refuses a role the storefront does not know in the schema', () => {
    expect(() => pageAccessSchema.parse({ ...page, staffRoles: ['janitor'] })).toThrow();
    expect(() => pageAccessSchema.parse({ ...page, staffRoles: [] })).toThrow();
  });

  it('sends an anonymous visitor to sign in with a return to the staff page', () => {
    const decision = decideAccess({
      access: page,
      userType: 'A',
      url: new URL('http://localhost/staff'),
      marketingParams: [],
      policy,
    });
    expect(decision).toEqual({ authorized: false, redirectTo: '/account/sign-in.html?goto=%2Fstaff' });
  });

  it('lets /staff through the safe redirect (the sign-in comes back to it)', () => {
    expect(safeRedirect('/staff', policy)).toBe('/staff');
    expect(safeRedirect('/staff/orders?store=1001', policy)).toBe('/staff/orders?store=1001');
  });

  it('knows which paths are staff pages', () => {
    expect(isStaffPath('/staff')).toBe(true);
    expect(isStaffPath('/staff/orders')).toBe(true);
    expect(isStaffPath('/staffing.html')).toBe(false);
    expect(isStaffPath('/shop/staff')).toBe(false);
  });
});

describe('the staff access decision', () => {
  it('refuses a shopper: no claim and no rows', () => {
    expect(decideStaffAccess({ claim: undefined, grants: [], roles: ['picker'] })).toEqual({ kind: 'forbidden' });
  });

  it('lists each store with the roles the token and the table both hold', () => {
    const decision = decideStaffAccess({
      claim: [
        { store: 1001, roles: ['manager', 'picker'] },
        { store: 1002, roles: ['manager'] },
      ],
      grants: [grant(GREENLEAF, 'picker'), grant(GREENLEAF, 'manager'), grant(ALDER, 'manager')],
      roles: ['picker', 'driver', 'manager'],
    });
    expect(decision).toEqual({
      kind: 'staff',
      stores: [
        { ...ALDER, roles: ['manager'] },
        { ...GREENLEAF, roles: ['picker', 'manager'] },
      ],
    });
  });

  it('stops a revoked role at once, whatever the token still claims', () => {
    const decision = decideStaffAccess({
      claim: [{ store: 1001, roles: ['picker'] }],
      grants: [],
      roles: ['picker'],
    });
    expect(decision).toEqual({ kind: 'forbidden' });
  });

  it('starts a new role only with a token that claims it', () => {
    const decision = decideStaffAccess({
      claim: [{ store: 1001, roles: ['picker'] }],
      grants: [grant(GREENLEAF, 'picker'), grant(ALDER, 'driver')],
      roles: ['picker', 'driver'],
    });
    expect(decision).toEqual({ kind: 'staff', stores: [{ ...GREENLEAF, roles: ['picker'] }] });
  });

  it('refuses staff whose roles are not the page’s', () => {
    const decision = decideStaffAccess({
      claim: [{ store: 1001, roles: ['driver'] }],
      grants: [grant(GREENLEAF, 'driver')],
      roles: ['picker', 'manager'],
    });
    expect(decision).toEqual({ kind: 'forbidden' });
  });

  it('ignores a role name it does not know, in the claim or the table', () => {
    const decision = decideStaffAccess({
      claim: [{ store: 1001, roles: ['janitor', 'picker'] }],
      grants: [grant(GREENLEAF, 'janitor'), grant(GREENLEAF, 'picker')],
      roles: ['picker', 'driver', 'manager'],
    });
    expect(decision).toEqual({ kind: 'staff', stores: [{ ...GREENLEAF, roles: ['picker'] }] });
  });
});

describe('a staff member acting on one store', () => {
  const stores = [{ ...GREENLEAF, roles: ['picker' as const] }];

  it('allows a store they work at with the role', () => {
    expect(decideStaffStore(stores, 1001, ['picker', 'manager'])).toEqual({ kind: 'allowed', store: stores[0] });
  });

  it('answers not found for another store', () => {
    expect(decideStaffStore(stores, 1002, ['picker'])).toEqual({ kind: 'not-found' });
  });

  it('refuses a store they work at without the role', () => {
    expect(decideStaffStore(stores, 1001, ['manager'])).toEqual({ kind: 'forbidden' });
  });
});
