import type { ActionFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { writeUserCookie } from '~/modules/identity/user-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as addressesRoute from '~/routes/api.customers.$customerId.addresses';
import * as factorsRoute from '~/routes/api.customers.$customerId.factors';
import * as petRoute from '~/routes/api.customers.$customerId.pets.$petId';
import * as subscriptionsRoute from '~/routes/api.customers.$customerId.subscriptions';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/** One caller for every customer-service route: the spec's bearer token or the signed-in cookie. */
const ORIGIN = 'http://localhost:3000';
const JORDAN = 500001;

function request(path: string, init: { method?: string; cookie?: string; bearer?: string; crossSite?: boolean }) {
  // The factor calls also want the service subscription key (the test configuration's), as pages send it.
  const headers = new Headers({ Host: 'localhost:3000', 'Pantry-Subscription-Key': 'test-subscription-key' });
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.bearer) headers.set('Authorization', `Bearer ${init.bearer}`);
  if (init.crossSite) headers.set('Sec-Fetch-Site', 'cross-site');
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers });
}

async function call(handler: (args: ActionFunctionArgs) => unknown, req: Request, params: Record<string, string>) {
  let response: Response;
  try {
    response = (await handler({ request: req, params, context: {} })) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(DIALECTS)('customer-service caller on %s', (dialect) => {
  let db: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  let jordanUuid: string;
  const params = { customerId: String(JORDAN) };
  const token = (claims: Record<string, unknown> = {}) => issuer.issue({ customerId: String(JORDAN), ...claims });

  beforeAll(async () => {
    db = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(db);
    forgetCachedStores();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    jordanUuid = (await db.db.selectFrom('customers').select('uuid').where('id', '=', JORDAN).executeTakeFirstOrThrow())
      .uuid;
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await db?.drop();
  });

  it('answers a bearer token without a cookie on the address and subscription calls', async () => {
    const bearer = await token();
    const addresses = await call(
      addressesRoute.loader,
      request(`/api/customers/${JORDAN}/addresses`, { bearer }),
      params,
    );
    expect(addresses).toMatchObject({ status: 200, body: { customerId: String(JORDAN) } });
    const subscriptions = await call(
      subscriptionsRoute.loader,
      request(`/api/customers/${JORDAN}/subscriptions`, { bearer }),
      params,
    );
    expect(subscriptions).toMatchObject({ status: 200, body: { customerId: String(JORDAN) } });
  });

  it("is 401 without a token or with a bad one, and 404 for another customer's id", async () => {
    const path = `/api/customers/${JORDAN}/addresses`;
    const none = await call(addressesRoute.loader, request(path, {}), params);
    const bad = await call(addressesRoute.loader, request(path, { bearer: 'not-a-token' }), params);
    const expired = await call(
      addressesRoute.loader,
      request(path, { bearer: await issuer.issue({}, { expiresInSeconds: -60 }) }),
      params,
    );
    expect([none.status, bad.status, expired.status]).toEqual([401, 401, 401]);
    expect(none.body).toEqual({
      error: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to see and change your account.' },
    });
    const other = await call(
      addressesRoute.loader,
      request('/api/customers/500002/addresses', { bearer: await token() }),
      { customerId: '500002' },
    );
    expect(other).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'We could not find that customer.' } },
    });
  });

  it('names the customer by UUID on the factor calls, never by the customer id', async () => {
    const bearer = await token({ uuid: jordanUuid });
    const byUuid = await call(factorsRoute.loader, request(`/api/customers/${jordanUuid}/factors`, { bearer }), {
      customerId: jordanUuid,
    });
    expect(byUuid.status).toBe(200);
    const byId = await call(factorsRoute.loader, request(`/api/customers/${JORDAN}/factors`, { bearer }), params);
    expect(byId).toMatchObject({ status: 404, body: { error: { code: 'CUSTOMER_NOT_FOUND' } } });
  });

  it('refuses a cross-site change riding on the cookie, but not one carrying a bearer token', async () => {
    const jordan = await token();
    const cookie = (await writeUserCookie({ token: jordan }, { siteType: 'C', secure: false })).split(';')[0]!;
    const path = `/api/customers/${JORDAN}/pets/999999`;
    const petParams = { ...params, petId: '999999' };
    const viaCookie = await call(
      petRoute.action,
      request(path, { method: 'DELETE', cookie, crossSite: true }),
      petParams,
    );
    expect(viaCookie).toMatchObject({ status: 403, body: { code: 'CROSS_SITE_REQUEST' } });
    const viaBearer = await call(
      petRoute.action,
      request(path, { method: 'DELETE', bearer: jordan, crossSite: true }),
      petParams,
    );
    // Past the caller check: the pet simply is not there.
    expect(viaBearer).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  });
});
