import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { json } from '@remix-run/node';
import { staffGrantsOf } from '~/modules/staff/staff-roles.server';
import { requireUserType } from './shopper.server';
import {
  decideStaffAccess,
  decideStaffStore,
  STAFF_ONLY_MESSAGE,
  STAFF_ONLY_TITLE,
  STAFF_STORE_NOT_FOUND,
  type StaffPageAccess,
  type StaffRole,
  type StaffStore,
} from './staff-access';

/** A signed-in staff member on a staff page, with the stores where the page's roles apply. */
export interface StaffMember {
  customerId: number;
  name: string;
  stores: StaffStore[];
  /** The language the page answers in (decision 0116). */
  language: Language;
  /** Set-Cookie headers the response must carry, as a shopper's do. */
  headers: Headers;
}

/** A staff page's refusal, written in the page's language: the page's own strings never load on an error page. */
function refuse(status: 403 | 404, headers: Headers, language: Language): never {
  const t = serverT(language, 'staff');
  const body =
    status === 403
      ? { code: 'STAFF_ONLY', title: t(STAFF_ONLY_TITLE), message: t(STAFF_ONLY_MESSAGE) }
      : { code: 'NOT_FOUND', message: t(STAFF_STORE_NOT_FOUND) };
  const answer = new Headers(headers);
  answer.set('Cache-Control', 'no-store');
  throw json(body, { status, headers: answer });
}

/**
 * Every staff page loader's first line (decision 0079). Not signed in: the redirect to sign-in that comes
 * back here. Signed in without a staff claim in the verified token (every shopper): 403, without a query.
 * Otherwise the roles are read from the table now and must match the token's claim: 403 when none of the
 * page's roles is left at any store.
 */
export async function requireStaff(request: Request, access: StaffPageAccess): Promise<StaffMember> {
  const { staffRoles, ...shopperAccess } = access;
  const shopper = await requireUserType(request, shopperAccess);
  const claims = shopper.customer;
  if (!claims?.staff?.length) refuse(403, shopper.headers, shopper.language);
  const customerId = Number(claims.customerId);
  const grants = await staffGrantsOf(customerId);
  const decision = decideStaffAccess({ claim: claims.staff, grants: grants, roles: staffRoles });
  if (decision.kind === 'forbidden') refuse(403, shopper.headers, shopper.language);
  return {
    customerId,
    name: claims.firstName,
    stores: decision.stores,
    language: shopper.language,
    headers: shopper.headers,
  };
}

/**
 * A staff member acting on one store's records: a store they are not tied to is a 404, one where they hold
 * none of `roles` a 403. The roles were read from the table on this request (requireStaff).
 */
export function requireStaffAtStore(staff: StaffMember, storeId: number, roles: readonly StaffRole[]): StaffStore {
  const decision = decideStaffStore(staff.stores, storeId, roles);
  if (decision.kind === 'not-found') refuse(404, staff.headers, staff.language);
  if (decision.kind === 'forbidden') refuse(403, staff.headers, staff.language);
  return decision.store;
}
