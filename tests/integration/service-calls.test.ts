import type { ActionFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { log, logLine } from '~/modules/config/logger.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { addTender } from '~/modules/orders/checkout.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as citiesRoute from '~/routes/api.cities.$zipCode';
import * as passwordRoute from '~/routes/api.customers.$customerId.pwd';
import * as loyaltyRoute from '~/routes/api.customers.$customerId.loyaltypartners';
import * as tendersRoute from '~/routes/api.customers.$customerId.tenders';
import * as factorsRoute from '~/routes/api.customers.$customerId.factors';
import * as companionRoute from '~/routes/api.offers.companion';
import * as allocationRoute from '~/routes/api.offers.instant-allocation';
import * as routeValidationRoute from '~/routes/api.delivery.route-validation';
import * as departmentsRoute from '~/routes/api.departments';
import * as priceRoute from '~/routes/api.products.$productId.price';
import * as similarRoute from '~/routes/api.products.$productId.similar';
import * as preloadRoute from '~/routes/api.stores.preload.$branchId';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';

/** The service calls of spec section 7 served as Pantry's own API routes, called in-process as Remix calls them. */
const ORIGIN = 'http://localhost:3000';
const JORDAN = 500001;
const SAM = 500004;
const KEY = 'test-subscription-key';

interface CallInit {
  method?: string;
  bearer?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function request(path: string, init: CallInit = {}) {
  const headers = new Headers({ Host: 'localhost:3000', ...init.headers });
  if (init.bearer) headers.set('Authorization', `Bearer ${init.bearer}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function call(
  handler: (args: ActionFunctionArgs) => unknown,
  path: string,
  params: Record<string, string>,
  init: CallInit = {},
) {
  return routeAnswer(handler, request(path, init), params);
}

describe.each(DIALECTS)('service calls on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  let jordanUuid: string;
  let storeId: number;
  const jordan = { customerId: String(JORDAN) };
  const token = (customerId = JORDAN, claims: Record<string, unknown> = {}) =>
    issuer.issue({ customerId: String(customerId), uuid: customerId === JORDAN ? jordanUuid : undefined, ...claims });

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    const row = await test.db
      .selectFrom('customers')
      .select(['uuid', 'store_id'])
      .where('id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    jordanUuid = row.uuid;
    storeId = row.store_id;
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    forgetTaxonomy();
    await test?.drop();
  });

  describe('factor call headers', () => {
    const factors = async (headers: Record<string, string>, bearer?: string) =>
      call(
        factorsRoute.loader,
        `/api/customers/${jordanUuid}/factors`,
        { customerId: jordanUuid },
        {
          bearer: bearer ?? (await token()),
          headers,
        },
      );

    it('refuses a missing or wrong subscription key with 401, after the token', async () => {
      const missing = await factors({});
      const wrong = await factors({ 'Pantry-Subscription-Key': 'not-the-key' });
      expect([missing.status, wrong.status]).toEqual([401, 401]);
      expect(wrong.body.error).toEqual({
        code: 'SUBSCRIPTION_KEY_INVALID',
        message: 'This call needs a valid subscription key.',
      });
      const signedOut = await call(factorsRoute.loader, `/api/customers/${jordanUuid}/factors`, {
        customerId: jordanUuid,
      });
      expect(signedOut.body.error.code).toBe('SIGN_IN_REQUIRED');
    });

    it('answers with the key, echoing the correlation id it was given, in the v2 media type asked for', async () => {
      const answer = await factors({
        'Pantry-Subscription-Key': KEY,
        'X-Correlation-Id': 'corr-12345678',
        'X-Client-Id': 'web-portal',
        'X-Banner': 'greenleaf',
        Accept: 'application/vnd.pantry.v2+json, application/json',
      });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      expect(answer.headers.get('X-Correlation-Id')).toBe('corr-12345678');
      expect(answer.headers.get('Content-Type')).toMatch(/^application\/vnd\.pantry\.v2\+json/);
    });

    it('generates a correlation id when there is none or it is malformed, and echoes it on refusals too', async () => {
      const none = await factors({ 'Pantry-Subscription-Key': KEY });
      expect(none.headers.get('X-Correlation-Id')).toMatch(/^[0-9a-f-]{36}$/);
      const malformed = await factors({ 'Pantry-Subscription-Key': KEY, 'X-Correlation-Id': 'has spaces <b>' });
      expect(malformed.headers.get('X-Correlation-Id')).toMatch(/^[0-9a-f-]{36}$/);
      const refused = await factors({ 'Pantry-Subscription-Key': 'wrong', 'X-Correlation-Id': 'corr-refused-1' });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('X-Correlation-Id')).toBe('corr-refused-1');
    });

    it("refuses another banner's header (400), a malformed client id (400) and only another version (406)", async () => {
      const banner = await factors({ 'Pantry-Subscription-Key': KEY, 'X-Banner': 'mesa' });
      expect([banner.status, banner.body.error.code]).toEqual([400, 'WRONG_BANNER']);
      const client = await factors({ 'Pantry-Subscription-Key': KEY, 'X-Client-Id': 'Web Portal!' });
      expect([client.status, client.body.error.code]).toEqual([400, 'BAD_CLIENT_ID']);
      const version = await factors({ 'Pantry-Subscription-Key': KEY, Accept: 'application/vnd.pantry.v9+json' });
      expect([version.status, version.body.error.code]).toEqual([406, 'UNSUPPORTED_VERSION']);
    });
  });

  describe('preload call', () => {
    const preload = (
      branchId: string,
      query = '',
      headers: Record<string, string> = { 'Pantry-Subscription-Key': KEY },
    ) => call(preloadRoute.loader, `/api/stores/preload/${branchId}${query}`, { branchId }, { headers });

    it('needs the subscription key', async () => {
      expect((await preload(String(storeId), '', {})).status).toBe(401);
      expect((await preload(String(storeId), '', { 'Pantry-Subscription-Key': 'nope' })).status).toBe(401);
      expect((await preload(String(storeId))).body).toMatchObject({ loaded: true, status: 200 });
    });

    it('says whether the store delivers to ?zipcode, and refuses a malformed one', async () => {
      const store = await test.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
      const near = await preload(String(storeId), `?zipcode=${store.zipcode}`);
      expect(near.body.flags.delivery).toEqual({
        zipcode: store.zipcode,
        deliversToZipcode: store.has_grocery_delivery === 1,
      });
      const far = await preload(String(storeId), '?zipcode=33101');
      expect(far.body.flags.delivery).toEqual({ zipcode: '33101', deliversToZipcode: false });
      const bad = await preload(String(storeId), '?zipcode=12');
      expect([bad.status, bad.body.error.code]).toEqual([400, 'BAD_QUERY']);
      const unknown = await preload(String(storeId), '?zip=98101');
      expect(unknown.status).toBe(400);
    });

    it('puts the correlation id on the lines logged while it runs', async () => {
      const logged: Record<string, unknown>[] = [];
      const spy = vi.spyOn(log, 'warn').mockImplementation((message) => {
        logged.push(JSON.parse(logLine('warn', message)) as Record<string, unknown>);
      });
      try {
        const answer = await preload('4242', '', {
          'Pantry-Subscription-Key': KEY,
          'X-Correlation-Id': 'corr-log-line-1',
        });
        expect(answer.body).toEqual({ loaded: true, status: 404, flags: {} });
      } finally {
        spy.mockRestore();
      }
      expect(logged).toEqual([
        expect.objectContaining({ message: 'store flags not loaded', correlationId: 'corr-log-line-1' }),
      ]);
      expect(logLine('info', 'outside a call')).not.toContain('correlationId');
    });
  });

  describe('tenders', () => {
    const tenders = (customerId: number, bearer?: string) =>
      call(tendersRoute.loader, `/api/customers/${customerId}/tenders`, { customerId: String(customerId) }, { bearer });

    it("lists the customer's saved cards without the number or token; 401 signed out, 404 for another customer", async () => {
      const tenderId = await addTender(JORDAN, '5500005555555559', '09/31');
      const answer = await tenders(JORDAN, await token());
      expect(answer.status).toBe(200);
      expect(answer.body.tenders).toContainEqual({
        tenderId: String(tenderId),
        type: 'CARD',
        brand: 'Mastercard',
        lastFour: '5559',
        expiry: '09/31',
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/5500005555555559|tok_/);
      expect((await tenders(JORDAN)).status).toBe(401);
      expect((await tenders(JORDAN, 'not-a-token')).status).toBe(401);
      const other = await tenders(SAM, await token());
      expect([other.status, other.body.error.code]).toEqual([404, 'NOT_FOUND']);
    });
  });

  describe('loyalty partners', () => {
    const path = `/api/customers/${JORDAN}/loyaltypartners`;
    const partners = async (init: CallInit = {}) =>
      call(init.method && init.method !== 'GET' ? loyaltyRoute.action : loyaltyRoute.loader, path, jordan, {
        bearer: await token(),
        ...init,
      });
    const linkedRows = () =>
      test.db.selectFrom('customer_loyalty_partners').selectAll().where('customer_id', '=', JORDAN).execute();

    it('lists every partner, links one with a masked number, and unlinks it', async () => {
      const listed = await partners();
      expect(
        listed.body.partners.map((partner: { code: string; linked: boolean }) => [partner.code, partner.linked]),
      ).toEqual([
        ['BOXTOPS', false],
        ['FUEL', false],
      ]);
      const linked = await partners({ method: 'PUT', body: { partnerCode: 'BOXTOPS', memberId: '123456789' } });
      expect(linked.status).toBe(200);
      expect(linked.body.partners[0]).toMatchObject({ code: 'BOXTOPS', linked: true, memberId: '•••• 6789' });
      expect(await linkedRows()).toMatchObject([{ partner_code: 'BOXTOPS', member_id: '123456789' }]);
      const unlinked = await partners({ method: 'DELETE', body: { partnerCode: 'BOXTOPS' } });
      expect(unlinked.body.partners[0]).toMatchObject({ code: 'BOXTOPS', linked: false, memberId: null });
      expect(await linkedRows()).toEqual([]);
    });

    it('refuses bad input with 400 and a clear message, changing nothing', async () => {
      const unknown = await partners({ method: 'PUT', body: { partnerCode: 'AIRMILES', memberId: '123456789' } });
      expect([unknown.status, unknown.body.error.message]).toEqual([400, 'partnerCode is one of BOXTOPS, FUEL.']);
      const letters = await partners({ method: 'PUT', body: { partnerCode: 'FUEL', memberId: 'abc' } });
      expect([letters.status, letters.body.error.message]).toEqual([
        400,
        'memberId is the member number, digits only.',
      ]);
      const short = await partners({ method: 'PUT', body: { partnerCode: 'FUEL', memberId: '123' } });
      expect([short.status, short.body.error.message]).toEqual([
        400,
        'A Partner fuel rewards member number has 10 to 16 digits.',
      ]);
      const notLinked = await partners({ method: 'DELETE', body: { partnerCode: 'FUEL' } });
      expect([notLinked.status, notLinked.body.error.code]).toEqual([404, 'NOT_LINKED']);
      expect(await linkedRows()).toEqual([]);
    });

    it("is 401 without a token and 404 for another customer's id, linking nothing", async () => {
      const signedOut = await call(loyaltyRoute.loader, path, jordan);
      expect(signedOut.status).toBe(401);
      const other = await call(
        loyaltyRoute.action,
        `/api/customers/${SAM}/loyaltypartners`,
        { customerId: String(SAM) },
        { method: 'PUT', bearer: await token(), body: { partnerCode: 'BOXTOPS', memberId: '123456789' } },
      );
      expect(other.status).toBe(404);
      expect(
        await test.db.selectFrom('customer_loyalty_partners').selectAll().where('customer_id', '=', SAM).execute(),
      ).toEqual([]);
    });
  });

  describe('cities by ZIP code', () => {
    const cities = (zipCode: string) => call(citiesRoute.loader, `/api/cities/${zipCode}`, { zipCode });

    it('answers the city and state of a ZIP code or ZIP+4, 404 for an unknown one, 400 for a malformed one', async () => {
      expect((await cities('98101')).body).toEqual({
        zipCode: '98101',
        cities: [{ city: 'Seattle', stateCode: 'WA' }],
      });
      expect((await cities('98101-1234')).body.zipCode).toBe('98101');
      expect((await cities('00000')).status).toBe(404);
      const bad = await cities('9810');
      expect([bad.status, bad.body.error.code]).toEqual([400, 'BAD_ZIP_CODE']);
    });
  });

  describe('catalogue calls', () => {
    let productId: number;
    beforeAll(async () => {
      productId = (
        await test.db
          .selectFrom('products')
          .select('id')
          .where('kind', '=', 'grocery')
          .where('aisle_id', 'is not', null)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    });

    it("prices a product at the store asked for, the store's own price winning", async () => {
      await test.db
        .insertInto('store_product_overrides')
        .values({ store_id: storeId, product_id: productId, price_cents: 1234, stock_status: null })
        .onConflict((conflict) =>
          conflict.columns(['store_id', 'product_id']).doUpdateSet({ price_cents: 1234, stock_status: null }),
        )
        .execute();
      const answer = await call(priceRoute.loader, `/api/products/${productId}/price?storeId=${storeId}`, {
        productId: String(productId),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        productId: String(productId),
        storeId: String(storeId),
        priceCents: 1234,
        priceTier: 'consumer',
        stock: 'in_stock',
      });
    });

    it('lists similar products priced at the store, never the product itself', async () => {
      const answer = await call(similarRoute.loader, `/api/products/${productId}/similar?storeId=${storeId}`, {
        productId: String(productId),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.products.length).toBeGreaterThan(0);
      expect(answer.body.products.map((product: { productId: string }) => product.productId)).not.toContain(
        String(productId),
      );
      expect(answer.body.products[0]).toMatchObject({ href: expect.stringMatching(/^\/shop\/product-details\./) });
    });

    it('refuses a malformed id or store (400), an unknown product or store or one of another banner (404)', async () => {
      const price = (id: string, query = '') =>
        call(priceRoute.loader, `/api/products/${id}/price${query}`, { productId: id });
      expect((await price('abc')).body.error.code).toBe('BAD_PRODUCT_ID');
      expect((await price(String(productId), '?storeId=12345')).status).toBe(400);
      expect((await price(String(productId), '?foo=1')).status).toBe(400);
      expect((await price('999999999')).body.error.code).toBe('PRODUCT_NOT_FOUND');
      expect((await price(String(productId), '?storeId=9999')).body.error.code).toBe('STORE_NOT_FOUND');
      const mesa = await test.db
        .selectFrom('stores')
        .select('id')
        .where('banner_id', '=', 'mesa')
        .executeTakeFirstOrThrow();
      expect((await price(String(productId), `?storeId=${mesa.id}`)).status).toBe(404);
    });

    it('lists every department with its aisles in shelf order', async () => {
      const answer = await call(departmentsRoute.loader, '/api/departments', {});
      const count = await test.db
        .selectFrom('departments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(answer.body.departments).toHaveLength(Number(count.n));
      expect(answer.body.departments[0].aisles.length).toBeGreaterThan(0);
      expect(answer.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect((await call(departmentsRoute.loader, '/api/departments?x=1', {})).status).toBe(400);
    });
  });

  describe('password', () => {
    const elevatedToken = (customerId = JORDAN) =>
      token(customerId, { scope: 'openid shop used_credentials', auth_time: Math.floor(Date.now() / 1000) - 60 });
    const hashOf = async (customerId = JORDAN) =>
      (
        await test.db
          .selectFrom('customers')
          .select('password_hash')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const change = async (body: unknown, bearer?: string, customerId = JORDAN) =>
      call(
        passwordRoute.action,
        `/api/customers/${customerId}/pwd`,
        { customerId: String(customerId) },
        {
          method: 'PUT',
          bearer,
          body,
        },
      );

    it('refuses without a recent elevated sign-in, a weak or mismatched password, no token, or another customer', async () => {
      const before = await hashOf();
      const samBefore = await hashOf(SAM);
      const strong = { password: 'Fresh-basil-42', confirm: 'Fresh-basil-42' };
      const notElevated = await change(strong, await token());
      expect([notElevated.status, notElevated.body.error.code]).toEqual([403, 'ELEVATION_REQUIRED']);
      const weak = await change({ password: 'short', confirm: 'short' }, await elevatedToken());
      expect([weak.status, weak.body.error]).toEqual([
        400,
        { code: 'BAD_PASSWORD', field: 'password', message: 'Use at least 8 characters.' },
      ]);
      const mismatch = await change({ password: 'Fresh-basil-42', confirm: 'Fresh-basil-43' }, await elevatedToken());
      expect(mismatch.body.error).toMatchObject({ field: 'confirm', message: 'The two passwords do not match.' });
      const missing = await change({ password: 'Fresh-basil-42' }, await elevatedToken());
      expect([missing.status, missing.body.error.message]).toEqual([400, 'Enter the new password again.']);
      expect((await change(strong)).status).toBe(401);
      expect((await change(strong, await elevatedToken(), SAM)).status).toBe(404);
      expect(await hashOf()).toBe(before);
      expect(await hashOf(SAM)).toBe(samBefore);
    });

    it('changes the password with a recent elevated sign-in and tells the customer by email', async () => {
      const before = await hashOf();
      const answer = await change({ password: 'Fresh-basil-42', confirm: 'Fresh-basil-42' }, await elevatedToken());
      expect(answer.status).toBe(200);
      expect(answer.body.message).toMatch(/^Your password was changed\./);
      expect(await hashOf()).not.toBe(before);
      const message = await test.db
        .selectFrom('outbox')
        .select('kind')
        .where('recipient', '=', 'jordan@pantry.test')
        .where('kind', '=', 'password-changed')
        .executeTakeFirst();
      expect(message).toBeDefined();
    });
  });

  describe('companion offers', () => {
    const companion = (query: string, headers: Record<string, string> = {}) =>
      call(companionRoute.loader, `/api/offers/companion${query}`, {}, { headers });

    it("answers the banner's live offers on the products asked for, with clip state for a customer", async () => {
      const at = new Date().toISOString();
      const live = await test.db
        .selectFrom('offers as o')
        .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
        .leftJoin('clips as c', (join) => join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', JORDAN))
        .select(['o.id', 'op.product_id'])
        .where('c.offer_id', 'is', null)
        .where('o.banner_id', '=', 'greenleaf')
        .where('o.starts_at', '<=', at)
        .where('o.ends_at', '>', at)
        .orderBy('o.id')
        .executeTakeFirstOrThrow();
      const anonymous = await companion(`?productIds=${live.product_id}`);
      expect(anonymous.status).toBe(200);
      const found = anonymous.body.offers.find((offer: { id: number }) => offer.id === live.id);
      expect(found).toMatchObject({ clipped: null, forProductIds: [String(live.product_id)] });
      // Every offer answered is live, of this banner, and on the product asked for.
      const ids = anonymous.body.offers.map((offer: { id: number }) => offer.id);
      const rows = await test.db.selectFrom('offers').select(['banner_id', 'ends_at']).where('id', 'in', ids).execute();
      expect(rows.every((row) => row.banner_id === 'greenleaf' && row.ends_at > at)).toBe(true);

      await test.db.insertInto('clips').values({ customer_id: JORDAN, offer_id: live.id, clipped_at: at }).execute();
      try {
        const cookie = (await sessionCookie('user', 'C').serialize({ token: await token() })).split(';')[0]!;
        const signedIn = await companion(`?productIds=${live.product_id}`, { Cookie: cookie });
        expect(signedIn.body.registered).toBe(true);
        expect(signedIn.body.offers.find((offer: { id: number }) => offer.id === live.id).clipped).toBe(true);
      } finally {
        await test.db.deleteFrom('clips').where('customer_id', '=', JORDAN).where('offer_id', '=', live.id).execute();
      }
    });

    it('answers nothing for products without offers and 400 for a missing or malformed list', async () => {
      expect((await companion('?productIds=999999999')).body.offers).toEqual([]);
      for (const query of [
        '',
        '?productIds=',
        '?productIds=1,,2',
        '?productIds=a',
        `?productIds=${'1,'.repeat(50)}1`,
      ]) {
        const answer = await companion(query);
        expect([query, answer.status, answer.body.error.code]).toEqual([query, 400, 'BAD_QUERY']);
      }
    });
  });

  describe('instant allocation', () => {
    const allocate = async (body: unknown, signedIn = true) => {
      const headers: Record<string, string> = { Origin: ORIGIN };
      if (signedIn)
        headers.Cookie = (await sessionCookie('user', 'C').serialize({ token: await token() })).split(';')[0]!;
      return call(allocationRoute.action, '/api/offers/instant-allocation', {}, { method: 'POST', headers, body });
    };
    const jordanClips = async () =>
      (await test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', JORDAN).execute())
        .map((row) => row.offer_id)
        .sort((a, b) => a - b);

    it("clips every live offer on the products for the customer, once, and only this banner's", async () => {
      const at = new Date().toISOString();
      const target = await test.db
        .selectFrom('offers as o')
        .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
        .leftJoin('clips as c', (join) => join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', JORDAN))
        .select(['o.id', 'op.product_id'])
        .where('c.offer_id', 'is', null)
        .where('o.banner_id', '=', 'greenleaf')
        .where('o.starts_at', '<=', at)
        .where('o.ends_at', '>', at)
        .orderBy('o.id')
        .executeTakeFirstOrThrow();
      const liveOnProduct = await test.db
        .selectFrom('offers as o')
        .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
        .select('o.id')
        .where('op.product_id', '=', target.product_id)
        .where('o.banner_id', '=', 'greenleaf')
        .where('o.starts_at', '<=', at)
        .where('o.ends_at', '>', at)
        .execute();
      const first = await allocate({ productIds: [target.product_id] });
      expect(first.status).toBe(200);
      expect(first.body.allocated.map((offer: { offerId: number }) => offer.offerId).sort()).toEqual(
        liveOnProduct.map((row) => row.id).sort(),
      );
      expect(first.body.allocated.find((offer: { offerId: number }) => offer.offerId === target.id)).toMatchObject({
        alreadyClipped: false,
      });
      const clipsAfter = await jordanClips();
      expect(clipsAfter).toContain(target.id);
      const again = await allocate({ productIds: [target.product_id] });
      expect(again.body.allocated.every((offer: { alreadyClipped: boolean }) => offer.alreadyClipped)).toBe(true);
      expect(await jordanClips()).toEqual(clipsAfter);
    });

    it('refuses a guest (401) and bad input (400), clipping nothing', async () => {
      const before = await jordanClips();
      const guest = await allocate({ productIds: [1] }, false);
      expect([guest.status, guest.body.error.code]).toEqual([401, 'SIGN_IN_REQUIRED']);
      for (const body of [{}, { productIds: [] }, { productIds: ['a'] }, { productIds: [1], extra: true }]) {
        const answer = await allocate(body);
        expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
        expect(answer.body.error.message.length).toBeGreaterThan(0);
      }
      expect(await jordanClips()).toEqual(before);
    });
  });

  describe('route validation', () => {
    const validate = (query: string) => call(routeValidationRoute.loader, `/api/delivery/route-validation${query}`, {});

    it("says whether the store's delivery reaches the ZIP code, and why not", async () => {
      const store = await test.db
        .selectFrom('stores')
        .selectAll()
        .where('has_grocery_delivery', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const near = await validate(`?storeId=${store.id}&zipcode=${store.zipcode}`);
      expect(near.body).toMatchObject({
        valid: true,
        storeId: String(store.id),
        reason: 'IN_RANGE',
        radiusMiles: store.delivery_radius_miles,
      });
      expect(near.body.distanceMiles).toBeLessThanOrEqual(store.delivery_radius_miles);
      // Miami is far from every seeded store.
      const far = await validate(`?storeId=${store.id}&zipcode=33101`);
      expect(far.body).toMatchObject({ valid: false, reason: 'OUT_OF_RANGE' });
      expect(far.body.distanceMiles).toBeGreaterThan(store.delivery_radius_miles);
      expect((await validate(`?storeId=${store.id}&zipcode=00000`)).body).toMatchObject({
        valid: false,
        reason: 'ZIP_UNKNOWN',
      });
      // The same store with its delivery turned off does not reach even its own ZIP code.
      await test.db.updateTable('stores').set({ has_grocery_delivery: 0 }).where('id', '=', store.id).execute();
      forgetCachedStores();
      try {
        const off = await validate(`?storeId=${store.id}&zipcode=${store.zipcode}`);
        expect(off.body).toMatchObject({
          valid: false,
          reason: 'NO_DELIVERY',
          message: 'This store does not deliver.',
        });
      } finally {
        await test.db.updateTable('stores').set({ has_grocery_delivery: 1 }).where('id', '=', store.id).execute();
        forgetCachedStores();
      }
    });

    it('refuses a missing or malformed store or ZIP code (400) and an unknown store (404)', async () => {
      for (const query of [
        '',
        '?storeId=1001',
        '?zipcode=98101',
        '?storeId=abc&zipcode=98101',
        '?storeId=1001&zipcode=981',
        '?storeId=1001&zipcode=98101&x=1',
      ]) {
        expect([query, (await validate(query)).status]).toEqual([query, 400]);
      }
      const unknown = await validate('?storeId=9999&zipcode=98101');
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'STORE_NOT_FOUND']);
    });
  });
});
