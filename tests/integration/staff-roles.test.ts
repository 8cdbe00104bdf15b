import { createRemoteJWKSet, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { STAFF_ONLY_MESSAGE, STAFF_ROLES, staffAccess, type StaffRole } from '~/modules/access/staff-access';
import { requireStaff, requireStaffAtStore, type StaffMember } from '~/modules/access/staff.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { authorizeUrl, exchangeCode, pkcePair } from '~/modules/identity/oidc-client.server';
import { bindSessionToken, issueSessionToken } from '~/modules/identity/session-tokens.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { grantStaffRole, revokeStaffRole, staffClaimOf, staffGrantsOf } from '~/modules/staff/staff-roles.server';
import { DIALECTS } from './support/databases';
import { useRealIdentityProvider } from './support/identity-provider';

const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
const CALLBACK = `${ORIGIN}/account/auth/callback`;
const JORDAN = 500001;
const PICKER = 500005;
const MANAGER = 500007;
const EVERY_ROLE = staffAccess({ roles: STAFF_ROLES });

/** Signs the account in at the real provider as the storefront does, and returns its access token. */
async function accessTokenOf(customerId: number): Promise<string> {
  const sessionToken = await issueSessionToken(customerId, { remember: false, method: 'password' });
  const { verifier, challenge } = pkcePair();
  await bindSessionToken(sessionToken, challenge);
  const jar = new Map<string, string>();
  let next = authorizeUrl({ origin: ORIGIN, state: 'brave-otter', nonce: 'n-1', challenge, sessionToken });
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', ...value] = cookie.split(';')[0]!.split('=');
      jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}: ${response.status}`);
    const target = new URL(location, next);
    if (target.toString().startsWith(CALLBACK)) {
      const code = target.searchParams.get('code');
      if (!code) throw new Error(`no code: ${target.searchParams.get('error')}`);
      const tokens = await exchangeCode({ code, verifier, origin: ORIGIN });
      if (!tokens) throw new Error('the code exchange failed');
      return tokens.access_token;
    }
    next = target.toString();
  }
  throw new Error('too many redirects');
}

/** A page request carrying the storefront's signed user cookie with the token (or no cookie at all). */
async function staffPageRequest(token?: string) {
  const headers = new Headers({ Host: HOST });
  if (token) headers.set('Cookie', (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!);
  return new Request(`${ORIGIN}/staff`, { headers });
}

/** What a guard threw: the Response (redirect, 403, 404), else the error itself. */
async function thrown(run: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected the guard to refuse');
}

/**
 * Store staff roles (decision 0079) on each database: the provider's token carries them for staff and not
 * for shoppers; the storefront reads the table on every staff page, so a revoked role stops at once.
 */
describe.each(DIALECTS)('staff roles on %s', (dialect) => {
  const provider = useRealIdentityProvider(dialect, [ORIGIN]);
  let demoStore = 0;
  let secondStore = 0;

  beforeAll(async () => {
    useTokenVerifierForTests({
      keys: createRemoteJWKSet(new URL('/oauth2/v1/keys', provider.issuer)),
      issuer: provider.issuer,
      audience: 'pantry-storefront',
    });
    const jordan = await db()
      .selectFrom('customers')
      .select('store_id')
      .where('id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    demoStore = Number(jordan.store_id);
    const rows = await db().selectFrom('staff_roles').select('store_id').where('customer_id', '=', MANAGER).execute();
    secondStore = rows.map((row) => Number(row.store_id)).find((id) => id !== demoStore) ?? 0;
  });
  afterAll(() => useTokenVerifierForTests(undefined));

  it('seeds the demo staff at the demo customer’s store, the manager at a second store too', async () => {
    expect(secondStore).toBeGreaterThan(0);
    expect(await staffClaimOf(PICKER)).toEqual([{ store: demoStore, roles: ['picker'] }]);
    const grants = await staffGrantsOf(MANAGER);
    expect(grants.map((grant) => [grant.storeId, grant.role]).sort()).toEqual(
      [
        [demoStore, 'manager'],
        [secondStore, 'manager'],
      ].sort(),
    );
    expect(grants.every((grant) => grant.storeName.length > 0)).toBe(true);
    expect(await staffGrantsOf(JORDAN)).toEqual([]);
    expect(await staffClaimOf(JORDAN)).toBeUndefined();
  });

  it('puts the staff claim in a staff member’s access token and none in a shopper’s', async () => {
    const manager = decodeJwt(await accessTokenOf(MANAGER));
    expect(manager.staff).toEqual(
      [
        { store: demoStore, roles: ['manager'] },
        { store: secondStore, roles: ['manager'] },
      ].sort((a, b) => a.store - b.store),
    );
    const shopper = decodeJwt(await accessTokenOf(JORDAN));
    expect(shopper.customerId).toBe(String(JORDAN));
    expect(shopper).not.toHaveProperty('staff');
  });

  it('serves a staff page to the staff member with their stores and roles', async () => {
    const staff = await requireStaff(await staffPageRequest(await accessTokenOf(PICKER)), EVERY_ROLE);
    expect(staff).toMatchObject({
      customerId: PICKER,
      name: 'Riley',
      stores: [{ storeId: demoStore, storeName: expect.any(String), roles: ['picker'] }],
    });
  });

  it('refuses a shopper’s token with 403 and the staff-only message', async () => {
    const response = await thrown(async () =>
      requireStaff(await staffPageRequest(await accessTokenOf(JORDAN)), EVERY_ROLE),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'STAFF_ONLY', message: STAFF_ONLY_MESSAGE });
  });

  it('sends a visitor who is not signed in to sign in (after one silent single sign-on), back to /staff', async () => {
    // The shared sign-on first asks the provider silently (prompt=none), once, as on any customer page.
    const silent = await thrown(async () => requireStaff(await staffPageRequest(), EVERY_ROLE));
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get('location') ?? '').searchParams.get('prompt')).toBe('none');
    const cookies = silent.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const again = new Request(`${ORIGIN}/staff`, { headers: { Host: HOST, Cookie: cookies.join('; ') } });
    const response = await thrown(() => requireStaff(again, EVERY_ROLE));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account/sign-in.html?goto=%2Fstaff');
  });

  it('refuses a staff member whose roles are not the page’s', async () => {
    const pickersOnly = staffAccess({ roles: ['manager'] satisfies StaffRole[] });
    const response = await thrown(async () =>
      requireStaff(await staffPageRequest(await accessTokenOf(PICKER)), pickersOnly),
    );
    expect(response.status).toBe(403);
  });

  it('stops a revoked role at once, with the same token', async () => {
    const token = await accessTokenOf(MANAGER);
    try {
      await revokeStaffRole(MANAGER, demoStore, 'manager');
      const staff = await requireStaff(await staffPageRequest(token), EVERY_ROLE);
      expect(staff.stores.map((store) => store.storeId)).toEqual([secondStore]);
      await revokeStaffRole(MANAGER, secondStore, 'manager');
      const response = await thrown(async () => requireStaff(await staffPageRequest(token), EVERY_ROLE));
      expect(response.status).toBe(403);
    } finally {
      await grantStaffRole(MANAGER, demoStore, 'manager');
      await grantStaffRole(MANAGER, secondStore, 'manager');
    }
  });

  it('starts a new role with the next token, not the one issued before it', async () => {
    const before = await accessTokenOf(PICKER);
    try {
      await grantStaffRole(PICKER, secondStore, 'driver');
      const old = await requireStaff(await staffPageRequest(before), EVERY_ROLE);
      expect(old.stores.map((store) => store.storeId)).toEqual([demoStore]);
      const renewed = await requireStaff(await staffPageRequest(await accessTokenOf(PICKER)), EVERY_ROLE);
      expect(renewed.stores.map((store) => store.storeId).sort()).toEqual([demoStore, secondStore].sort());
    } finally {
      await revokeStaffRole(PICKER, secondStore, 'driver');
    }
  });

  it('answers 404 for a store the staff member is not tied to, 403 for one without the role', async () => {
    const staff: StaffMember = await requireStaff(await staffPageRequest(await accessTokenOf(PICKER)), EVERY_ROLE);
    expect(requireStaffAtStore(staff, demoStore, ['picker'])).toMatchObject({ storeId: demoStore });
    expect((await thrown(() => requireStaffAtStore(staff, secondStore, ['picker']))).status).toBe(404);
    expect((await thrown(() => requireStaffAtStore(staff, demoStore, ['manager']))).status).toBe(403);
  });
});
