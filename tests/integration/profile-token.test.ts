import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { customerOfProfileToken, issueProfileToken } from '~/modules/profile/profile-token.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as profileRoute from '~/routes/api.customers.$customerId.profile';
import * as tokenRoute from '~/routes/api.customers.$customerId.profile.token';
import * as tendersRoute from '~/routes/api.customers.$customerId.tenders';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';

const ORIGIN = 'http://localhost:3000';
const JORDAN = '500001';
const SAM = '500004';

function call(path: string, init: { method?: string; bearer?: string; cookie?: string; body?: unknown } = {}) {
  const headers = new Headers({ Host: 'localhost:3000' });
  if (init.bearer) headers.set('Authorization', `Bearer ${init.bearer}`);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe.each(DIALECTS)('the profile token on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const profileOf = (customerId: string, bearer: string) =>
    routeAnswer(profileRoute.loader, call(`/api/customers/${customerId}/profile`, { bearer }), { customerId });

  it('gives the owner a five-minute read-only token that reads their profile, and nothing else', async () => {
    const cookie = (
      await sessionCookie('user', 'C').serialize({ token: await issuer.issue({ customerId: JORDAN }) })
    ).split(';')[0]!;
    const issued = await routeAnswer(
      tokenRoute.action,
      call(`/api/customers/${JORDAN}/profile/token`, { method: 'POST', cookie, body: {} }),
      { customerId: JORDAN },
    );
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ tokenType: 'Bearer', scope: 'profile:read', expiresIn: 300 });
    const token = issued.body.token as string;
    const profile = await profileOf(JORDAN, token);
    expect(profile.status).toBe(200);
    expect(profile.body.profile).toMatchObject({ customerId: JORDAN });
    // Another customer's profile is 404; another customer service does not take it (401).
    expect((await profileOf(SAM, token)).status).toBe(404);
    const tenders = await routeAnswer(
      tendersRoute.loader,
      call(`/api/customers/${JORDAN}/tenders`, { bearer: token }),
      { customerId: JORDAN },
    );
    expect(tenders.status).toBe(401);
  });

  it('refuses a lapsed, altered or unsigned token with 401', async () => {
    const { token } = issueProfileToken(Number(JORDAN), Date.now() - 301_000);
    expect(customerOfProfileToken(token)).toBeNull();
    expect((await profileOf(JORDAN, token)).status).toBe(401);
    const fresh = issueProfileToken(Number(JORDAN)).token;
    const [prefix, body, signature] = fresh.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const otherBody = Buffer.from(JSON.stringify({ ...payload, sub: SAM })).toString('base64url');
    // The signature's first character changed, never to itself (one token in 64 starts with "x").
    const altered = `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`;
    for (const forged of [`${prefix}.${otherBody}.${signature}`, `${prefix}.${body}.${altered}`, 'pt1.x.y']) {
      expect((await profileOf(SAM, forged)).status).toBe(401);
    }
  });

  it('issues only to the owner: none for no sign-in (401) or another customer (404)', async () => {
    const anonymous = await routeAnswer(
      tokenRoute.action,
      call(`/api/customers/${JORDAN}/profile/token`, { method: 'POST', body: {} }),
      { customerId: JORDAN },
    );
    expect(anonymous.status).toBe(401);
    const other = await routeAnswer(
      tokenRoute.action,
      call(`/api/customers/${SAM}/profile/token`, {
        method: 'POST',
        bearer: await issuer.issue({ customerId: JORDAN }),
        body: {},
      }),
      { customerId: SAM },
    );
    expect(other.status).toBe(404);
    expect(other.body.token).toBeUndefined();
  });
});
