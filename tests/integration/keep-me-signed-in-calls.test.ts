import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { readKeepMeSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { shouldAttemptSignOn } from '~/modules/identity/sign-on-rules';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as kmsiRoute from '~/routes/api.session.kmsi';
import * as nonKmsiRoute from '~/routes/api.session.nonkmsi';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';

const ORIGIN = 'http://localhost:3000';
const JORDAN = '500001';

function post(path: string, cookie: string | null, body: unknown = {}) {
  const headers = new Headers({ Host: 'localhost:3000', 'Content-Type': 'application/json', Origin: ORIGIN });
  if (cookie) headers.set('Cookie', cookie);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The keepMeSignedIn value a response's Set-Cookie writes, read back as the next request would. */
async function keptValue(headers: Headers) {
  const written = headers.getSetCookie().find((cookie) => cookie.includes('KMSI') || /keep/i.test(cookie));
  if (!written) return null;
  return readKeepMeSignedIn(new Request(ORIGIN, { headers: { Cookie: written.split(';')[0]! } }), 'C');
}

describe.each(DIALECTS)('the kmsi and nonkmsi calls on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  let signedIn: string;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    const token = await issuer.issue({ customerId: JORDAN });
    signedIn = (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!;
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('turns keep-me-signed-in on and off for a signed-in customer, which decides the silent sign-in', async () => {
    const on = await routeAnswer(kmsiRoute.action, post('/api/session/kmsi', signedIn));
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ keepMeSignedIn: true });
    const kept = await keptValue(on.headers);
    expect(kept).toBe('true');
    expect(on.headers.getSetCookie().find((cookie) => /Max-Age=7776000/.test(cookie))).toBeDefined();
    // A page that escapes single sign-on: only a kept customer whose token lapsed is signed in silently there.
    const lapsed = { method: 'GET', userType: 'R' as const, signInCount: 0, declined: false, escapeSSO: true };
    const facts = { ...lapsed, reinit: false, householdId: false, background: false, bannerSwitch: false };
    expect(shouldAttemptSignOn({ ...facts, keepMeSignedIn: kept })).toBe(true);

    const off = await routeAnswer(nonKmsiRoute.action, post('/api/session/nonkmsi', signedIn));
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ keepMeSignedIn: false });
    const notKept = await keptValue(off.headers);
    expect(notKept).toBe('false');
    expect(shouldAttemptSignOn({ ...facts, keepMeSignedIn: notKept })).toBe(false);
  });

  it('refuses a shopper who is not signed in with 401, and changes no cookie', async () => {
    for (const [route, path] of [
      [kmsiRoute.action, '/api/session/kmsi'],
      [nonKmsiRoute.action, '/api/session/nonkmsi'],
    ] as const) {
      const answer = await routeAnswer(route, post(path, null));
      expect(answer.status).toBe(401);
      expect(answer.body.error).toEqual({
        code: 'SIGN_IN_REQUIRED',
        message: 'Sign in to choose whether this browser keeps you signed in.',
      });
      expect(await keptValue(answer.headers)).toBeNull();
    }
  });

  it('offers "on" only with enableACIKMSI; "off" is always allowed', async () => {
    vi.stubEnv('FLAG_enableACIKMSI', 'false');
    const on = await routeAnswer(kmsiRoute.action, post('/api/session/kmsi', signedIn));
    expect(on.status).toBe(403);
    expect(on.body.error.code).toBe('KMSI_NOT_OFFERED');
    expect(await keptValue(on.headers)).toBeNull();
    const off = await routeAnswer(nonKmsiRoute.action, post('/api/session/nonkmsi', signedIn));
    expect(off.status).toBe(200);
  });

  it('refuses a body with fields, and another origin, changing nothing', async () => {
    const extra = await routeAnswer(kmsiRoute.action, post('/api/session/kmsi', signedIn, { keep: 'forever' }));
    expect(extra.status).toBe(400);
    expect(await keptValue(extra.headers)).toBeNull();
    const request = post('/api/session/nonkmsi', signedIn);
    request.headers.set('Origin', 'https://evil.example');
    const crossSite = await routeAnswer(nonKmsiRoute.action, request);
    expect(crossSite.status).toBe(403);
    expect(await keptValue(crossSite.headers)).toBeNull();
  });
});
