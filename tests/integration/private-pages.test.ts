import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { DEMO_CUSTOMERS } from '~/db/seed/demo-customers';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { checkAccessToken, type TokenVerifier } from '~/modules/access/token.server';
import { noteStateChange, privatePageGrant } from '~/modules/http/private-pages.server';
import { bumpStateVersion, stateVersion, storeSubjectOf, subjectOf } from '~/modules/http/state-versions.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { enterContentMode } from '~/modules/content/content-mode.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { clipOffer } from '~/modules/offers/clips.server';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * The app's half of the private page cache (decision 0027) on each database: who may be served a
 * kept page and under which state version, and which requests bump that version.
 */
const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
const issuer = await testIssuer();
const customer = DEMO_CUSTOMERS[0]!;

const pair = (header: string) => header.split(';')[0]!;

function request(path: string, cookies: string[], init: { method?: string; authorization?: string } = {}) {
  const headers = new Headers({ Host: HOST, Origin: ORIGIN, Cookie: cookies.join('; ') });
  if (init.authorization) headers.set('Authorization', init.authorization);
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers });
}

async function userCookie(customerId: string | number, expiresInSeconds = 900, claims: Record<string, unknown> = {}) {
  const token = await issuer.issue({ customerId: String(customerId), ...claims }, { expiresInSeconds });
  return { token, cookie: pair(await sessionCookie('user', 'C').serialize({ token })) };
}

/** The user cookie plus the session cookie the storefront rebuilds for it on the first page. */
async function signedInCookies(
  customerId: string | number,
  expiresInSeconds = 900,
  claims: Record<string, unknown> = {},
) {
  const { token, cookie } = await userCookie(customerId, expiresInSeconds, claims);
  const first = await privatePageGrant(request('/', [cookie]));
  // The first page rebuilds the session cookie: that page must render (it sets a cookie), never be kept.
  expect(first).toBeNull();
  const { loadShopper } = await import('~/modules/access/shopper.server');
  const shopper = await loadShopper(request('/', [cookie]));
  const session = shopper.headers.getSetCookie().map(pair);
  expect(session.length).toBeGreaterThan(0);
  return { token, cookies: [cookie, ...session] };
}

describe.each(DIALECTS)('private pages on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 50 });
    useDatabaseForTests(test);
  });
  beforeEach(() => useTokenVerifierForTests(issuer.verifier));
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('counts versions per customer in the shared database, from 0, one up per bump', async () => {
    expect(await stateVersion('c:unknown')).toBe(0);
    await bumpStateVersion('c:counted');
    await Promise.all([bumpStateVersion('c:counted'), bumpStateVersion('c:counted')]);
    expect(await stateVersion('c:counted')).toBe(3);
    expect(await stateVersion('c:other')).toBe(0);
  });

  it("grants a signed-in customer's page under their current version, capped at the token's expiry", async () => {
    const { token, cookies } = await signedInCookies(customer.id, 120);
    const grant = await privatePageGrant(request('/', cookies));
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(grant).toEqual({
      subject: subjectOf(customer.id),
      version: await stateVersion(subjectOf(customer.id)),
      expiresAt: exp.exp * 1000,
    });
    await bumpStateVersion(subjectOf(customer.id));
    expect((await privatePageGrant(request('/', cookies)))!.version).toBe(grant!.version + 1);
  });

  it('grants nothing to a customer in a content mode, and ignores a forged mode cookie (decision 0093)', async () => {
    const { cookies } = await signedInCookies(customer.id, 120);
    const mode = pair(
      await enterContentMode(
        { mode: 'preview', at: new Date(Date.now() + 86_400_000).toISOString() },
        {
          siteType: 'C',
          secure: false,
        },
      ),
    );
    expect(await privatePageGrant(request('/', [...cookies, mode]))).toBeNull();
    const forged = `${mode.slice(0, -4)}AAAA`;
    expect(await privatePageGrant(request('/', [...cookies, forged]))).not.toBeNull();
  });

  it("grants a staff page under the staff member's and the store's versions, only at a store of theirs", async () => {
    const picker = 500005;
    const { store_id: storeId } = await test.db
      .selectFrom('staff_roles')
      .select('store_id')
      .where('customer_id', '=', picker)
      .executeTakeFirstOrThrow();
    const claim = { staff: [{ store: Number(storeId), roles: ['picker'] }] };
    const { cookies } = await signedInCookies(picker, 900, claim);
    const queue = `/staff/orders?store=${storeId}`;
    const grant = await privatePageGrant(request(queue, cookies));
    expect(grant).toMatchObject({ subject: `c:${picker} s:${storeId} picker` });
    expect(grant!.version).toBe(
      (await stateVersion(subjectOf(picker))) + (await stateVersion(storeSubjectOf(storeId))),
    );
    await bumpStateVersion(storeSubjectOf(storeId));
    expect((await privatePageGrant(request(queue, cookies)))!.version).toBe(grant!.version + 1);
    await bumpStateVersion(subjectOf(picker));
    expect((await privatePageGrant(request(queue, cookies)))!.version).toBe(grant!.version + 2);

    // Another store, a store that is not a number, a shopper's token, or a role taken away: the page renders.
    for (const path of [`/staff/orders?store=${Number(storeId) + 1}`, '/staff/orders?store=abc', '/staff/orders'])
      expect(await privatePageGrant(request(path, cookies)), path).toBeNull();
    const shopper = await signedInCookies(customer.id);
    expect(await privatePageGrant(request(queue, shopper.cookies))).toBeNull();
    const claimedOnly = await signedInCookies(customer.id, 900, claim);
    expect(await privatePageGrant(request(queue, claimedOnly.cookies))).toBeNull();
    await test.db.deleteFrom('staff_roles').where('customer_id', '=', picker).execute();
    expect(await privatePageGrant(request(queue, cookies))).toBeNull();
  });

  it('grants nothing to a visitor, a guest, a tampered cookie or a token past its expiry', async () => {
    expect(await privatePageGrant(request('/', []))).toBeNull();
    const { cookies } = await signedInCookies(customer.id, 60);
    const withoutUser = cookies.filter((cookie) => !cookie.startsWith('PANTRY_USER='));
    expect(await privatePageGrant(request('/', withoutUser))).toBeNull();
    const tampered = cookies.map((cookie) =>
      cookie.startsWith('PANTRY_USER=') ? `${cookie.slice(0, -3)}xyz` : cookie,
    );
    expect(await privatePageGrant(request('/', tampered))).toBeNull();

    // The same cookies, once the clock passes the token's expiry (the verified-token memo included).
    let clock = Date.now();
    const verifier: TokenVerifier = { ...issuer.verifier, now: () => new Date(clock) };
    useTokenVerifierForTests(verifier);
    expect(await privatePageGrant(request('/', cookies))).not.toBeNull();
    clock += 61_000;
    expect(await privatePageGrant(request('/', cookies))).toBeNull();
  });

  it('remembers a verified signature, never an expiry: a token checked as active is expired one second after', async () => {
    const token = await issuer.issue({}, { expiresInSeconds: 30 });
    let clock = Date.now();
    const verifier: TokenVerifier = { ...issuer.verifier, now: () => new Date(clock) };
    expect((await checkAccessToken(token, verifier)).status).toBe('active');
    expect((await checkAccessToken(token, verifier)).status).toBe('active');
    clock += 31_000;
    expect((await checkAccessToken(token, verifier)).status).toBe('expired');
    // A token signed by someone else is refused even with the same claims.
    const stranger = await testIssuer();
    expect((await checkAccessToken(await stranger.issue(), issuer.verifier)).status).toBe('invalid');
  });

  it('bumps the customer of every state-changing request, and nobody on a plain page load', async () => {
    const id = DEMO_CUSTOMERS[1]!.id;
    const subject = subjectOf(id);
    const { cookie } = await userCookie(id);
    const start = await stateVersion(subject);

    await noteStateChange(request('/shop/search-results.html?q=milk', [cookie]), { status: 200, setCookies: [] });
    expect(await stateVersion(subject)).toBe(start);

    // A form post (even one refused: bumping too often only costs a render).
    await noteStateChange(request('/shop/cart', [cookie], { method: 'POST' }), { status: 400, setCookies: [] });
    expect(await stateVersion(subject)).toBe(start + 1);

    // A GET that sets cookies (a sign-in callback) bumps the customer the new cookie names.
    const other = DEMO_CUSTOMERS[2]!.id;
    const before = await stateVersion(subjectOf(other));
    const signedIn = (
      await sessionCookie('user', 'C').serialize({ token: (await userCookie(other)).token })
    ).toString();
    await noteStateChange(request('/account/auth/callback', []), { status: 302, setCookies: [signedIn] });
    expect(await stateVersion(subjectOf(other))).toBe(before + 1);
    // A GET that renews the same customer's cookie, or drops it, changed nothing of theirs: no bump.
    const renewed = (await sessionCookie('user', 'C').serialize({ token: (await userCookie(id)).token })).toString();
    await noteStateChange(request('/', [cookie]), { status: 200, setCookies: [renewed] });
    await noteStateChange(request('/IAUC408.html', [cookie]), { status: 200, setCookies: ['PANTRY_USER=; Max-Age=0'] });
    expect(await stateVersion(subject)).toBe(start + 1);

    // An API call by bearer token or for a customer in the path, when it succeeded.
    const { token } = await userCookie(id);
    await noteStateChange(request('/api/offers/clip', [], { method: 'POST', authorization: `Bearer ${token}` }), {
      status: 200,
      setCookies: [],
    });
    await noteStateChange(request(`/api/customers/${id}/profile`, [], { method: 'PUT' }), {
      status: 200,
      setCookies: [],
    });
    expect(await stateVersion(subject)).toBe(start + 3);
    await noteStateChange(request(`/api/customers/${id}/profile`, [], { method: 'PUT' }), {
      status: 401,
      setCookies: [],
    });
    expect(await stateVersion(subject)).toBe(start + 3);

    // A forged user cookie (not signed by us) names nobody.
    await noteStateChange(
      request('/shop/cart', [`PANTRY_USER=${encodeURIComponent(btoa(JSON.stringify({ token })))}`], { method: 'POST' }),
      {
        status: 200,
        setCookies: [],
      },
    );
    expect(await stateVersion(subject)).toBe(start + 3);
  });
  it('leaves alone the customers an action says it took care of, and bumps the others', async () => {
    const id = DEMO_CUSTOMERS[1]!.id;
    const subject = subjectOf(id);
    const { cookie } = await userCookie(id);
    const start = await stateVersion(subject);
    await noteStateChange(request('/api/cart/add', [cookie], { method: 'POST' }), {
      status: 200,
      setCookies: [],
      noted: [subject],
    });
    expect(await stateVersion(subject)).toBe(start);
    await noteStateChange(request('/api/cart/add', [cookie], { method: 'POST' }), {
      status: 200,
      setCookies: [],
      noted: [subjectOf(DEMO_CUSTOMERS[2]!.id)],
    });
    expect(await stateVersion(subject)).toBe(start + 1);
  });

  it("commits a cart add or a new clip with the customer's version bump; an offer clipped before bumps nothing", async () => {
    const id = DEMO_CUSTOMERS[3]!.id;
    const subject = subjectOf(id);
    const owner = { customerId: id, bannerId: 'greenleaf', siteType: 'C' as const };
    const store = await test.db.selectFrom('stores').select('id').orderBy('id').executeTakeFirstOrThrow();
    const [a, b] = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .orderBy('id')
      .limit(2)
      .execute();
    const cartId = await cartForWriting(owner, null, store.id);
    const start = await stateVersion(subject);

    expect(await addToCart(cartId, a!.id, 2, store.id, { stateSubject: subject })).toEqual({
      ok: true,
      cartId,
      itemCount: 2,
    });
    expect(await stateVersion(subject)).toBe(start + 1);
    expect(await addToCart(cartId, b!.id, 3, store.id, { stateSubject: subject })).toMatchObject({ itemCount: 5 });
    expect(await addToCart(cartId, a!.id, 98, store.id, { stateSubject: subject })).toMatchObject({ itemCount: 102 });
    expect(await stateVersion(subject)).toBe(start + 3);
    // Without a subject (a guest's cart, an order being edited) nobody's version moves.
    expect(await addToCart(cartId, b!.id, 1, store.id)).toMatchObject({ ok: true, itemCount: 103 });
    expect(await stateVersion(subject)).toBe(start + 3);
    const lines = await test.db
      .selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('cart_id', '=', cartId)
      .orderBy('product_id')
      .execute();
    expect(lines).toEqual([
      { product_id: a!.id, quantity: 99 },
      { product_id: b!.id, quantity: 4 },
    ]);
    const cart = await test.db
      .selectFrom('carts')
      .select('store_id')
      .where('id', '=', cartId)
      .executeTakeFirstOrThrow();
    expect(cart.store_id).toBe(store.id);

    const now = new Date();
    const offer = await test.db
      .selectFrom('offers')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('starts_at', '<=', now.toISOString())
      .where('ends_at', '>', now.toISOString())
      .where('id', 'not in', test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const viewer = { customerId: id, bannerId: 'greenleaf', storeId: store.id };
    expect(await clipOffer(viewer, offer.id, now, { stateSubject: subject })).toMatchObject({
      ok: true,
      alreadyClipped: false,
    });
    expect(await stateVersion(subject)).toBe(start + 4);
    expect(await clipOffer(viewer, offer.id, now, { stateSubject: subject })).toMatchObject({
      ok: true,
      alreadyClipped: true,
    });
    expect(await stateVersion(subject)).toBe(start + 4);
    const clips = await test.db
      .selectFrom('clips')
      .select('offer_id')
      .where('customer_id', '=', id)
      .where('offer_id', '=', offer.id)
      .execute();
    expect(clips).toHaveLength(1);
  });
});
