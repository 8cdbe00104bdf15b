import type { ActionFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { writeKeepMeSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { writeUserCookie } from '~/modules/identity/user-cookie.server';
import { PREFERENCE_DEF_IDS } from '~/modules/profile/profile-payload';
import {
  confirmVerificationCode,
  customerProfile,
  recordPromptShown,
  sendVerificationCode,
  updateCustomerName,
  VERIFICATION_MESSAGES,
} from '~/modules/profile/profile.server';
import { serializeSession } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { userInfo } from '~/modules/customers/user-info.server';
import { loadShopper, requireUserType } from '~/modules/access/shopper.server';
import { pageAccess, PUBLIC_PAGE } from '~/modules/access/page-access';
import * as storesRoute from '~/routes/ucaservice.api.uca.customers.$customerId.stores';
import * as geoRoute from '~/routes/api.customers.$customerId.preferences.fulfillment';
import * as storesReadRoute from '~/routes/api.customers.$customerId.stores';
import * as profileRoute from '~/routes/api.customers.$customerId.profile';
import * as sessionUpdateRoute from '~/routes/api.session.update';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const ORIGIN = 'http://localhost:3000';
const JORDAN = 500001;
const cookieContext = { siteType: 'C' as const, secure: false };

const pair = (setCookie: string) => setCookie.split(';')[0]!;

function request(path: string, init: { method?: string; body?: unknown; cookies?: string[]; bearer?: string } = {}) {
  const headers = new Headers({ Host: 'localhost:3000', Origin: ORIGIN });
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (init.cookies?.length) headers.set('Cookie', init.cookies.join('; '));
  if (init.bearer) headers.set('Authorization', `Bearer ${init.bearer}`);
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function call(
  handler: (args: ActionFunctionArgs) => unknown,
  req: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await handler({ request: req, params, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(DIALECTS)('profile and session update on %s', (dialect) => {
  let db: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  let other: number;
  let jordanStore: number;
  let dugStore: { id: number; zipcode: string };
  let baysideStore: { id: number; zipcode: string };

  const tokenFor = (customerId: number, options: { expiresInSeconds?: number; scope?: string } = {}) =>
    issuer.issue(
      { customerId: String(customerId), ...(options.scope ? { scope: options.scope } : {}) },
      { expiresInSeconds: options.expiresInSeconds },
    );
  const userCookies = async (token: string, kmsi?: 'true' | 'false') => [
    pair(await writeUserCookie({ token }, cookieContext)),
    ...(kmsi ? [pair(await writeKeepMeSignedIn(kmsi, cookieContext))] : []),
  ];
  const customer = (id: number) =>
    db.db
      .selectFrom('customers')
      .select(['store_id', 'zipcode', 'preference', 'first_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const preferenceRows = (id: number) =>
    db.db
      .selectFrom('customer_preferences')
      .select(['banner_id', 'preference_def_id', 'value'])
      .where('customer_id', '=', id)
      .orderBy('banner_id')
      .orderBy('preference_def_id')
      .execute();

  beforeAll(async () => {
    db = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(db);
    forgetCachedStores();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    other = (
      await db.db.selectFrom('customers').select('id').where('email', '=', 'sam@pantry.test').executeTakeFirstOrThrow()
    ).id;
    jordanStore = (await customer(JORDAN)).store_id;
    dugStore = await db.db
      .selectFrom('stores')
      .select(['id', 'zipcode'])
      .where('banner_id', '=', 'greenleaf')
      .where('has_dug', '=', 1)
      .where('id', '!=', jordanStore)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    baysideStore = await db.db
      .selectFrom('stores')
      .select(['id', 'zipcode'])
      .where('banner_id', '=', 'bayside')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  beforeEach(async () => {
    delete process.env.FLAG_enableGeoFlow;
    await db.db.deleteFrom('customer_preferences').execute();
    await db.db.deleteFrom('rate_limits').execute();
    await db.db
      .updateTable('customers')
      .set({ store_id: jordanStore, preference: 'Delivery', zipcode: '98101' })
      .where('id', '=', JORDAN)
      .execute();
  });
  afterAll(async () => {
    delete process.env.FLAG_enableGeoFlow;
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await db?.drop();
  });

  describe('POST /ucaservice/api/uca/customers/{customerId}/stores', () => {
    const payload = () => ({
      Stores: [
        {
          storeId: String(dugStore.id),
          storePreference: 'DriveUp',
          address: { zipCode: dugStore.zipcode },
          banner: 'greenleaf',
        },
      ],
      Preferences: [{ categoryCode: 'FULFILLMENT', subCategoryCode: 'METHOD', value: 'DUG', bannerId: 'greenleaf' }],
      postalCodes: [{ purposes: ['DUG'], postalCode: dugStore.zipcode, bannerId: 'greenleaf' }],
    });

    it("saves the classic payload to the customer's profile", async () => {
      const response = await call(
        storesRoute.action,
        request(`/ucaservice/api/uca/customers/${JORDAN}/stores`, { body: payload(), bearer: await tokenFor(JORDAN) }),
        { customerId: String(JORDAN) },
      );
      expect(response.status).toBe(200);
      expect(response.statusText).toBe('OK');
      expect(await customer(JORDAN)).toMatchObject({
        store_id: dugStore.id,
        preference: 'Dug',
        zipcode: dugStore.zipcode,
      });
      expect(await preferenceRows(JORDAN)).toEqual([
        { banner_id: 'greenleaf', preference_def_id: PREFERENCE_DEF_IDS.driveUpStore, value: String(dugStore.id) },
        { banner_id: 'greenleaf', preference_def_id: PREFERENCE_DEF_IDS.fulfillmentMethod, value: 'DUG' },
        { banner_id: 'greenleaf', preference_def_id: 'ZIPCODE', value: dugStore.zipcode },
      ]);
      const read = await call(
        storesReadRoute.loader,
        request(`/api/customers/${JORDAN}/stores`, { bearer: await tokenFor(JORDAN) }),
        { customerId: String(JORDAN) },
      );
      const body = (await read.json()) as { Stores: { storeId: string; storePreference: string }[] };
      expect(body.Stores).toContainEqual(
        expect.objectContaining({ storeId: String(dugStore.id), storePreference: 'DriveUp', banner: 'greenleaf' }),
      );
    });

    it('is 404 for another customer, and changes nothing', async () => {
      const response = await call(
        storesRoute.action,
        request(`/ucaservice/api/uca/customers/${other}/stores`, { body: payload(), bearer: await tokenFor(JORDAN) }),
        { customerId: String(other) },
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'We could not find that customer.' },
      });
      expect(await preferenceRows(other)).toEqual([]);
    });

    it('is 401 without a token or with an expired one, 403 with a low-scope token', async () => {
      const path = `/ucaservice/api/uca/customers/${JORDAN}/stores`;
      const params = { customerId: String(JORDAN) };
      const none = await call(storesRoute.action, request(path, { body: payload() }), params);
      const expired = await call(
        storesRoute.action,
        request(path, { body: payload(), bearer: await tokenFor(JORDAN, { expiresInSeconds: -60 }) }),
        params,
      );
      const lowScope = await call(
        storesRoute.action,
        request(path, { body: payload(), bearer: await tokenFor(JORDAN, { scope: 'openid' }) }),
        params,
      );
      expect([none.status, expired.status, lowScope.status]).toEqual([401, 401, 403]);
      expect(((await lowScope.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
      expect(await preferenceRows(JORDAN)).toEqual([]);
    });

    it('refuses a bad payload or a store of another banner with a 400 and a stable code', async () => {
      const path = `/ucaservice/api/uca/customers/${JORDAN}/stores`;
      const params = { customerId: String(JORDAN) };
      const bad = await call(
        storesRoute.action,
        request(path, { body: { Stores: [{ storeId: 'abc' }] }, bearer: await tokenFor(JORDAN) }),
        params,
      );
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
      const wrongBanner = payload();
      wrongBanner.Stores[0]!.storeId = String(baysideStore.id);
      wrongBanner.Stores[0]!.storePreference = 'Preferred';
      const refused = await call(
        storesRoute.action,
        request(path, { body: wrongBanner, bearer: await tokenFor(JORDAN) }),
        params,
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNKNOWN_STORE');
      expect(await preferenceRows(JORDAN)).toEqual([]);
    });
  });

  describe('geo flow: /api/customers/{customerId}/preferences/fulfillment', () => {
    it('saves the preferences payload and reads it back in the same shape', async () => {
      const body = {
        preferences: [
          { preferenceDefId: PREFERENCE_DEF_IDS.fulfillmentMethod, value: 'J4U', banner: 'greenleaf' },
          { preferenceDefId: PREFERENCE_DEF_IDS.inStoreStore, value: String(dugStore.id), banner: 'greenleaf' },
        ],
      };
      const params = { customerId: String(JORDAN) };
      const saved = await call(
        geoRoute.action,
        request(`/api/customers/${JORDAN}/preferences/fulfillment`, { body, bearer: await tokenFor(JORDAN) }),
        params,
      );
      expect(saved.status).toBe(200);
      expect(await customer(JORDAN)).toMatchObject({ store_id: dugStore.id, preference: 'J4U' });
      const read = await call(
        geoRoute.loader,
        request(`/api/customers/${JORDAN}/preferences/fulfillment`, { bearer: await tokenFor(JORDAN) }),
        params,
      );
      const answer = (await read.json()) as { preferences: unknown[] };
      expect(answer.preferences).toEqual(expect.arrayContaining(body.preferences));
    });

    it("is 404 for another customer's preferences, profile and stores", async () => {
      const bearer = await tokenFor(JORDAN);
      const params = { customerId: String(other) };
      for (const [handler, path] of [
        [geoRoute.loader, `/api/customers/${other}/preferences/fulfillment`],
        [storesReadRoute.loader, `/api/customers/${other}/stores`],
        [profileRoute.loader, `/api/customers/${other}/profile?full=true`],
      ] as const) {
        const response = await call(handler, request(path, { bearer }), params);
        expect(response.status, path).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      }
      const post = await call(
        geoRoute.action,
        request(`/api/customers/${other}/preferences/fulfillment`, {
          bearer,
          body: {
            preferences: [{ preferenceDefId: PREFERENCE_DEF_IDS.fulfillmentMethod, value: 'DUG', banner: 'mesa' }],
          },
        }),
        params,
      );
      expect(post.status).toBe(404);
    });

    it('reads the owner profile, with the full fields only when asked', async () => {
      const bearer = await tokenFor(JORDAN);
      const params = { customerId: String(JORDAN) };
      const short = (await (
        await call(profileRoute.loader, request(`/api/customers/${JORDAN}/profile`, { bearer }), params)
      ).json()) as {
        profile: Record<string, unknown>;
      };
      const full = (await (
        await call(profileRoute.loader, request(`/api/customers/${JORDAN}/profile?full=true`, { bearer }), params)
      ).json()) as { profile: Record<string, unknown> };
      expect(short.profile).toMatchObject({
        customerId: String(JORDAN),
        firstName: 'Jordan',
        email: 'jordan@pantry.test',
      });
      expect(short.profile.UUID).toBeUndefined();
      expect(full.profile).toMatchObject({ customerId: String(JORDAN), banner: 'greenleaf' });
      expect(full.profile.UUID).toEqual(expect.any(String));
    });
  });

  describe('session update from the page (POST /api/session/update)', () => {
    const update = async (body: Record<string, unknown>, cookies: string[] = []) =>
      call(sessionUpdateRoute.action, request('/api/session/update', { body, cookies }));
    const sessionFrom = (response: Response) =>
      response.headers.getSetCookie().find((cookie) => cookie.startsWith('PANTRY_SESSION='));

    it("saves a signed-in customer's choice to the profile, then refreshes the session cookie", async () => {
      const response = await update(
        { storeId: String(dugStore.id), preference: 'Dug', returnTo: '/set-store.html' },
        await userCookies(await tokenFor(JORDAN), 'true'),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        success: true,
        message: 'We have Successfully updated your profile',
      });
      expect(sessionFrom(response)).toBeDefined();
      expect(await customer(JORDAN)).toMatchObject({ store_id: dugStore.id, preference: 'Dug' });
      expect(await preferenceRows(JORDAN)).toContainEqual({
        banner_id: 'greenleaf',
        preference_def_id: PREFERENCE_DEF_IDS.driveUpStore,
        value: String(dugStore.id),
      });
    });

    it('posts the geo-flow payload when enableGeoFlow is on', async () => {
      process.env.FLAG_enableGeoFlow = 'true';
      const response = await update(
        { storeId: String(dugStore.id), preference: 'J4U' },
        await userCookies(await tokenFor(JORDAN)),
      );
      expect(await response.json()).toMatchObject({
        success: true,
        message: 'We have Successfully updated your profile',
      });
      // The geo payload carries no postal code: only the method and the in-store store are written.
      expect(await preferenceRows(JORDAN)).toEqual([
        { banner_id: 'greenleaf', preference_def_id: PREFERENCE_DEF_IDS.fulfillmentMethod, value: 'J4U' },
        { banner_id: 'greenleaf', preference_def_id: PREFERENCE_DEF_IDS.inStoreStore, value: String(dugStore.id) },
      ]);
    });

    it('changes only the cookie for a guest: no profile is written', async () => {
      const response = await update({ storeId: String(dugStore.id), preference: 'Dug' });
      expect(await response.json()).toMatchObject({ success: true, message: null });
      expect(sessionFrom(response)).toBeDefined();
      expect(await db.db.selectFrom('customer_preferences').selectAll().execute()).toEqual([]);
      expect(await customer(JORDAN)).toMatchObject({ store_id: jordanStore, preference: 'Delivery' });
    });

    it('sends a lapsed customer who is kept signed in to sign in with goto, and reloads otherwise', async () => {
      const expired = await tokenFor(JORDAN, { expiresInSeconds: -60 });
      const kept = await update(
        { storeId: String(dugStore.id), preference: 'Dug', returnTo: '/set-store.html?zipcode=98101' },
        await userCookies(expired, 'true'),
      );
      expect(await kept.json()).toEqual({
        success: false,
        redirectTo: '/account/sign-in.html?goto=%2Fset-store.html%3Fzipcode%3D98101',
      });
      expect(sessionFrom(kept)).toBeUndefined();
      const notKept = await update(
        { storeId: String(dugStore.id), preference: 'Dug' },
        await userCookies(expired, 'false'),
      );
      expect(await notKept.json()).toEqual({ success: false, reload: true });
      const lowScope = await update(
        { storeId: String(dugStore.id), preference: 'Dug' },
        await userCookies(await tokenFor(JORDAN, { scope: 'openid' }), 'true'),
      );
      expect(((await lowScope.json()) as { redirectTo: string }).redirectTo).toMatch(
        /^\/account\/sign-in\.html\?goto=/,
      );
      expect(await preferenceRows(JORDAN)).toEqual([]);
    });

    it("says 'CustomerId is not Available to Update Profile' for a registered session without a customer", async () => {
      const session = pair(
        await serializeSession(
          {
            info: { COMMON: { userType: 'C', storeId: String(jordanStore), zipcode: '98101', preference: 'Delivery' } },
          },
          cookieContext,
        ),
      );
      const response = await update({ storeId: String(dugStore.id), preference: 'Dug' }, [session]);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        message: 'CustomerId is not Available to Update Profile',
      });
    });

    it('fails with the status text when the profile service refuses for another reason', async () => {
      // A valid token for a customer the service does not know: the stores call answers 404 Not Found.
      const response = await update(
        { storeId: String(dugStore.id), preference: 'Dug' },
        await userCookies(await tokenFor(999_999), 'true'),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, message: 'Not Found' });
    });

    it("saves another banner's store under that banner and hands the customer to its host", async () => {
      const response = await update(
        { storeId: String(baysideStore.id), preference: 'J4U', zipcode: baysideStore.zipcode },
        await userCookies(await tokenFor(JORDAN), 'true'),
      );
      const body = (await response.json()) as { success: boolean; redirectTo: string };
      expect(body.success).toBe(true);
      expect(body.redirectTo).toMatch(/^http:\/\/bayside\.localhost:3000\/set-store\/handoff\?token=/);
      expect(await preferenceRows(JORDAN)).toContainEqual({
        banner_id: 'bayside',
        preference_def_id: PREFERENCE_DEF_IDS.inStoreStore,
        value: String(baysideStore.id),
      });
      // The customer's own banner keeps its store.
      expect(await customer(JORDAN)).toMatchObject({ store_id: jordanStore });
    });
  });

  describe('deep links for a signed-in customer', () => {
    it('open the store finder with the linked store to confirm, and change nothing on the GET', async () => {
      const link = `/?storeId=${dugStore.id}&preference=PICKUP&utm_source=mail`;
      let thrown: unknown;
      try {
        await requireUserType(
          request(link, { cookies: await userCookies(await tokenFor(JORDAN), 'true') }),
          pageAccess({ allowedUserTypes: PUBLIC_PAGE }),
        );
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      const location = new URL((thrown as Response).headers.get('Location')!, ORIGIN);
      expect(location.pathname).toBe('/set-store.html');
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        store: String(dugStore.id),
        preference: 'Dug',
        zipcode: dugStore.zipcode,
        goto: '/?utm_source=mail',
      });
      expect(await preferenceRows(JORDAN)).toEqual([]);
      expect(await customer(JORDAN)).toMatchObject({ store_id: jordanStore, preference: 'Delivery' });
    });
  });

  describe('profile, name and verification', () => {
    it('changes the name of the owner only', async () => {
      await updateCustomerName(JORDAN, { firstName: 'Jordy', lastName: 'Rivera' });
      expect((await customer(JORDAN)).first_name).toBe('Jordy');
      await updateCustomerName(JORDAN, { firstName: 'Jordan', lastName: 'Rivera' });
    });

    it('shows the email prompt, then not again for 180 days; user info reflects it', async () => {
      await db.db.updateTable('customers').set({ email_verified: 0 }).where('id', '=', JORDAN).execute();
      await db.db.deleteFrom('customer_prompts').execute();
      expect((await customerProfile(JORDAN))!.emailPrompt180).toBe(true);
      await recordPromptShown(JORDAN, 'email');
      expect((await customerProfile(JORDAN))!.emailPrompt180).toBe(false);
      const in179Days = new Date(Date.now() + 179 * 86_400_000);
      const in181Days = new Date(Date.now() + 181 * 86_400_000);
      expect((await customerProfile(JORDAN, { now: in179Days }))!.emailPrompt180).toBe(false);
      expect((await customerProfile(JORDAN, { now: in181Days }))!.emailPrompt180).toBe(true);
      const shopper = await loadShopper(
        request('/api/userinfo', { cookies: await userCookies(await tokenFor(JORDAN)) }),
      );
      const info = await userInfo(shopper);
      expect(info.customer).toMatchObject({ emailVerified: false, emailPrompt180: false });
    });

    it('verifies an email with a single-use code from the outbox; a wrong code counts as a try', async () => {
      await db.db.updateTable('customers').set({ email_verified: 0 }).where('id', '=', JORDAN).execute();
      expect(await sendVerificationCode(JORDAN, 'email')).toEqual({ ok: true });
      const message = await db.db
        .selectFrom('outbox')
        .select(['recipient', 'subject'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(message.recipient).toBe('jordan@pantry.test');
      const code = /(\d{6})/.exec(message.subject)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await confirmVerificationCode(JORDAN, 'email', wrong)).toEqual({
        ok: false,
        message: VERIFICATION_MESSAGES.invalid,
      });
      expect(await confirmVerificationCode(other, 'email', code)).toEqual({
        ok: false,
        message: VERIFICATION_MESSAGES.invalid,
      });
      expect(await confirmVerificationCode(JORDAN, 'email', code)).toEqual({ ok: true });
      expect((await customerProfile(JORDAN))!.emailVerified).toBe(true);
      expect(await confirmVerificationCode(JORDAN, 'email', code)).toEqual({
        ok: false,
        message: VERIFICATION_MESSAGES.invalid,
      });
    });

    it('refuses an expired code and limits how many codes are sent', async () => {
      await db.db.updateTable('customers').set({ phone_verified: 0 }).where('id', '=', JORDAN).execute();
      expect(await sendVerificationCode(JORDAN, 'phone')).toEqual({ ok: true });
      const sms = await db.db
        .selectFrom('outbox')
        .select(['subject', 'channel'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sms.channel).toBe('sms');
      await db.db
        .updateTable('verification_codes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('customer_id', '=', JORDAN)
        .execute();
      const code = /(\d{6})/.exec(sms.subject)![1]!;
      expect((await confirmVerificationCode(JORDAN, 'phone', code)).ok).toBe(false);
      expect((await sendVerificationCode(JORDAN, 'phone')).ok).toBe(true);
      expect((await sendVerificationCode(JORDAN, 'phone')).ok).toBe(true);
      const limited = await sendVerificationCode(JORDAN, 'phone');
      expect(limited.ok).toBe(false);
      expect(limited).toMatchObject({ message: expect.stringMatching(/^Too many codes asked for/) });
    });
  });
});
