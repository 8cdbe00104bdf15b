import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { Browser, signIn, userTypeOf } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * CSRF: every action route (found on disk, so a new one cannot be forgotten) refuses a
 * request from another site or origin with a 403 and a clear message, and writes nothing, while the
 * same request from our own pages is served. And no page or API GET changes the database.
 */
const CROSS_SITE_MESSAGE = 'This form must be sent from our own pages.';
const ROUTES_DIR = 'app/routes';

interface Call {
  path: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  form?: Record<string, string>;
  json?: unknown;
}

/** One realistic request per action route, keyed by its route file (ids filled in per run). */
function actionCalls(ids: { customerId: string; uuid: string; offerId: string }): Record<string, Call> {
  const customer = `/api/customers/${ids.customerId}`;
  return {
    'account.addresses[.]html': {
      path: '/account/addresses.html',
      form: { intent: 'add', line1: '1 Evil Way', city: 'Seattle', state: 'WA', zipcode: '98101' },
    },
    'account.auth.reset': { path: '/account/auth/reset', form: {} },
    'account.confirm-password[.]html': { path: '/account/confirm-password.html', form: { password: 'x' } },
    'account.create-account[.]html': {
      path: '/account/create-account.html',
      form: { firstName: 'Evil', lastName: 'Doer', email: 'evil@pantry.test', password: 'Fresh-basil-42' },
    },
    'account.delivery-subscription[.]html': {
      path: '/account/delivery-subscription.html',
      form: { subscriptionId: '1' },
    },
    'account.forgot-password[.]html': { path: '/account/forgot-password.html', form: { email: 'jordan@pantry.test' } },
    'account.order-summary[.]html': { path: '/account/order-summary.html', form: { orderNumber: 'C10000001' } },
    'account.unsubscribe[.]html': { path: '/account/unsubscribe.html?t=1.x', form: {} },
    'account.linked-apps[.]html': { path: '/account/linked-apps.html', form: { intent: 'revoke', grantId: 'g1' } },
    'account.overview[.]html': { path: '/account/overview.html', form: { intent: 'put-off-profile-prompt' } },
    'account.passkey.options': { path: '/account/passkey/options', json: {} },
    'account.passkey.sign-in': { path: '/account/passkey/sign-in', json: {} },
    'account.allergies[.]html': {
      path: '/account/allergies.html',
      form: { intent: 'save-allergies', allergen: 'peanuts' },
    },
    'account.pet[.]html': { path: '/account/pet.html', form: { intent: 'add', name: 'Evil', type: 'Dog' } },
    'account.profile[.]html': { path: '/account/profile.html', form: { intent: 'name', firstName: 'Evil' } },
    'account.security[.]html': { path: '/account/security.html', form: { intent: 'email', email: 'evil@pantry.test' } },
    'account.setpassword[.]html': { path: '/account/setpassword.html', form: { password: 'Fresh-basil-42' } },
    'account.sign-in[.]html': {
      path: '/account/sign-in.html',
      form: { intent: 'password', email: 'jordan@pantry.test', password: 'Pantry-demo-2026' },
    },
    'account.sign-out': { path: '/account/sign-out', form: {} },
    'api.cart.add': { path: '/api/cart/add', json: { productId: '960000001', quantity: 3 } },
    'api.customers.$customerId.addresses.$addressId': { path: `${customer}/addresses/1`, method: 'DELETE' },
    'api.customers.$customerId.addresses.selected': { path: `${customer}/addresses/selected`, method: 'PUT', json: {} },
    'api.customers.$customerId.addresses': { path: `${customer}/addresses`, json: { line1: '1 Evil Way' } },
    'api.customers.$customerId.factors.$factorId.lifecycle.activate': {
      path: `/api/customers/${ids.uuid}/factors/f1/lifecycle/activate`,
      json: {},
    },
    'api.customers.$customerId.factors.$factorId': { path: `/api/customers/${ids.uuid}/factors/f1`, method: 'DELETE' },
    'api.customers.$customerId.factors': { path: `/api/customers/${ids.uuid}/factors`, json: { name: 'evil' } },
    'api.customers.$customerId.loyaltypartners': {
      path: `${customer}/loyaltypartners`,
      method: 'PUT',
      json: { partnerCode: 'BOXTOPS', memberId: '123456789' },
    },
    'api.customers.$customerId.profile.token': { path: `${customer}/profile/token`, json: {} },
    'api.customers.$customerId.pwd': {
      path: `${customer}/pwd`,
      method: 'PUT',
      json: { password: 'Evil-password-1', confirm: 'Evil-password-1' },
    },
    'api.customers.$customerId.pets.$petId': { path: `${customer}/pets/1`, method: 'DELETE' },
    'api.customers.$customerId.pets': { path: `${customer}/pets`, json: { name: 'Evil' } },
    'api.customers.$customerId.preferences.fulfillment': { path: `${customer}/preferences/fulfillment`, json: {} },
    'api.customers.$customerId.subscriptions': { path: `${customer}/subscriptions`, json: { code: 'MONTHLY' } },
    'api.offers.clip': { path: '/api/offers/clip', json: { offerId: Number(ids.offerId) } },
    'api.offers.instant-allocation': { path: '/api/offers/instant-allocation', json: { productIds: [960000001] } },
    'api.offers.unclip': { path: '/api/offers/unclip', json: { offerId: Number(ids.offerId) } },
    'api.orders.cancel': { path: '/api/orders/cancel', json: { orderNumber: 'C10000001' } },
    'api.orders.pending-update': { path: '/api/orders/pending-update', json: { orderNumber: 'C10000001' } },
    'api.rewards.clip': { path: '/api/rewards/clip', json: { rewardId: '1', storeId: '1001' } },
    'api.rewards.unclip': { path: '/api/rewards/unclip', json: { rewardId: '1', storeId: '1001' } },
    'api.customers.unsubscribe': { path: '/api/customers/unsubscribe', json: { token: 'x' } },
    'api.customers.register.stepup': {
      path: '/api/customers/register/stepup',
      json: {
        clubCard: '440012345678',
        phone: '2065550123',
        firstName: 'Evil',
        lastName: 'Doer',
        email: 'evil@pantry.test',
        password: 'Fresh-basil-42',
        zipcode: '98101',
      },
    },
    'api.session.lookup': { path: '/api/session/lookup', json: { clubCard: '440012345678', phone: '2065550123' } },
    'api.session.kmsi': { path: '/api/session/kmsi', json: {} },
    'api.session.nonkmsi': { path: '/api/session/nonkmsi', json: {} },
    'api.session.update': { path: '/api/session/update', json: { storeId: '1001', preference: 'Delivery' } },
    'api.shipping.seller-methods': { path: '/api/shipping/seller-methods', json: { zipcode: '98101' } },
    'api.shipping.wine': { path: '/api/shipping/wine', json: { zipcode: '98101' } },
    consent: { path: '/consent', form: { choice: 'all', returnTo: '/' } },
    language: { path: '/language', form: { language: 'es', returnTo: '/' } },
    'content.mode': { path: '/content/mode', form: { intent: 'leave' } },
    erums: { path: '/erums?orderNumber=C10000001', form: { orderNumber: 'C10000001' } },
    'foru.clip': { path: '/foru/clip', form: { intent: 'clip', offerId: ids.offerId } },
    'foru.reward': { path: '/foru/reward', form: { intent: 'clip', rewardId: '1' } },
    'health.dashboard[.]html': { path: '/health/dashboard.html', form: {} },
    'pharmacy.create-account[.]html': { path: '/pharmacy/create-account.html', form: { firstName: 'Evil' } },
    'pharmacy.health-session': { path: '/pharmacy/health-session', form: {} },
    'set-store.handoff': { path: '/set-store/handoff', form: { token: 'x' } },
    'set-store[.]html': {
      path: '/set-store.html',
      form: { storeId: '1002', preference: 'Delivery', zipcode: '98101' },
    },
    'shop.$page': { path: '/shop/product-details.960000001.html', form: { productId: '960000001', quantity: '2' } },
    'shop.cart': { path: '/shop/cart', form: { intent: 'add', productId: '960000001', quantity: '2' } },
    'shop.checkout[.]html': { path: '/shop/checkout.html', form: { intent: 'place' } },
    'shop.delivery-subscription.payment[.]html': {
      path: '/shop/delivery-subscription/payment.html?subscriptioncode=MONTHLY',
      form: { cardToken: 'tok' },
    },
    'shop.lists[.]html': { path: '/shop/lists.html', form: { intent: 'create', name: 'Evil list' } },
    'shop.lists.$list': { path: '/shop/lists/1.html', form: { intent: 'add-text', text: 'evil' } },
    'shop.lists.add[.]html': { path: '/shop/lists/add.html', form: { intent: 'add-product', productId: '960000001' } },
    'shop.lists.store.$list': {
      path: '/shop/lists/store/1.html',
      form: { intent: 'check', itemId: '1', checked: 'true' },
    },
    'shop.marketplace.$page': { path: '/shop/marketplace/product-details.1.html', form: { productId: '1' } },
    'shop.recipes.$slug': { path: '/shop/recipes/evil', form: { productId: '960000001' } },
    'shop.shipping-zip': { path: '/shop/shipping-zip', form: { zipcode: '98101' } },
    'shop.slots[.]html': { path: '/shop/slots.html', form: { slotId: '1' } },
    'shop.vineandcellar.$page': { path: '/shop/vineandcellar/product-details.1.html', form: { productId: '1' } },
    'staff.orders._index': { path: '/staff/orders?store=1001', form: { intent: 'claim', orderNumber: 'C10000001' } },
    'staff.orders.$orderNumber': { path: '/staff/orders/C10000001?store=1001', form: { intent: 'claim' } },
    'staff.store': { path: '/staff/store?store=1001', form: { intent: 'close', slotId: '1' } },
    'ucaservice.api.uca.customers.$customerId.stores': {
      path: `/ucaservice/api/uca/customers/${ids.customerId}/stores`,
      json: {},
    },
  };
}

const routeFiles = readdirSync(ROUTES_DIR).map((file) => ({
  id: file.replace(/\.tsx?$/, ''),
  source: readFileSync(`${ROUTES_DIR}/${file}`, 'utf8'),
}));
const ACTION_ROUTES = routeFiles
  .filter((route) =>
    /export (async )?function action\b|export const action\b|export \{[^}]*\baction\b/.test(route.source),
  )
  .map((route) => route.id);
const LOADER_ROUTES = routeFiles
  .filter((route) =>
    /export (async )?function loader\b|export const loader\b|export \{[^}]*\bloader\b/.test(route.source),
  )
  .map((route) => route.id);

/** A GET address for every loader route: params get representative values. */
function getPath(id: string, ids: { customerId: string; uuid: string }): string {
  const pages: Record<string, string> = {
    'shop.$page': 'product-details.960000001.html',
    'foru.$page': 'offer-details.1.html',
    'foru.rewards.$page': 'grocery.1001.html',
    'b2b.$page': 'aisles.html',
    'shop.marketplace.$page': 'product-details.1.html',
    'shop.vineandcellar.$page': 'product-details.1.html',
  };
  const params: Record<string, string> = {
    $customerId: id.includes('factors') ? ids.uuid : ids.customerId,
    $addressId: '1',
    $petId: '1',
    $factorId: 'f1',
    $branchId: '1001',
    $file: 'nothing.svg',
    $brand: 'b',
    $seller: 's',
    $slug: 'r',
    $list: '1.html',
    $page: pages[id] ?? 'x.html',
    $: 'no-such-page',
  };
  if (id === '_index') return '/';
  const segments = id
    .replace(/\._index$/, '') // an index route is its parent's path (staff._index is /staff)
    .replace(/\[\.\]/g, '~dot~')
    .split('.')
    .map((segment) => params[segment] ?? segment.replace(/~dot~/g, '.'));
  return `/${segments.join('/')}`;
}

/** A fingerprint of every table: row count and a hash of the rows, order-independent. */
async function snapshot(stack: Stack): Promise<Map<string, string>> {
  const db = stack.database.db;
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const result = new Map<string, string>();
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    const lines = rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
    lines.sort();
    result.set(table, `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`);
  }
  return result;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

async function send(browser: Browser, origin: string, call: Call, headers: Record<string, string>) {
  const init: RequestInit = { method: call.method ?? 'POST', headers: { ...headers } };
  if (call.form) init.body = new URLSearchParams(call.form);
  if (call.json !== undefined) {
    init.body = JSON.stringify(call.json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const response = await browser.send(`${origin}${call.path}`, init);
  return { status: response.status, body: await response.text() };
}

describe.each(DIALECTS)('CSRF and safe GETs on %s', (dialect) => {
  let stack: Stack;
  let origin: string;
  let browser: Browser;
  let ids: { customerId: string; uuid: string; offerId: string };
  beforeAll(async () => {
    stack = await startStack(dialect, 1);
    origin = stack.storefronts[0]!;
    browser = new Browser();
    await browser.navigate(`${origin}/?storeId=1001&preference=DELIVERY&zipcode=98101`);
    await signIn(browser, origin, 'jordan@pantry.test');
    const customer = await stack.database.db
      .selectFrom('customers')
      .select(['id', 'uuid'])
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
    const offer = await stack.database.db.selectFrom('offers').select('id').executeTakeFirstOrThrow();
    ids = { customerId: String(customer.id), uuid: String(customer.uuid), offerId: String(offer.id) };
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('knows a request for every action route', () => {
    expect(ACTION_ROUTES.length).toBeGreaterThan(40);
    expect(ACTION_ROUTES.filter((id) => !(id in actionCalls(ids))).sort()).toEqual([]);
  });

  it('refuses a cross-site or cross-origin request on every action route with a 403, and writes nothing', async () => {
    const port = new URL(origin).port;
    const attacks: Record<string, Record<string, string>> = {
      'another site (Origin)': { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      'a sibling banner host (same site, other origin)': {
        Origin: `http://sunridge.localhost:${port}`,
        'Sec-Fetch-Site': 'same-site',
      },
      'an old browser: Origin only': { Origin: 'https://evil.example' },
      'Sec-Fetch-Site only': { 'Sec-Fetch-Site': 'cross-site' },
      'Referer only': { Referer: 'https://evil.example/coupons.html' },
      'an opaque origin (sandboxed page)': { Origin: 'null' },
    };
    const calls = actionCalls(ids);
    const before = await snapshot(stack);
    const problems: string[] = [];
    for (const id of ACTION_ROUTES) {
      for (const [attack, headers] of Object.entries(attacks)) {
        const { status, body } = await send(browser, origin, calls[id]!, headers);
        if (status === 403 && body.includes(CROSS_SITE_MESSAGE)) continue;
        problems.push(`${id} (${attack}): ${status} ${body.slice(0, 80)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot(stack))).toEqual([]);
    expect(await userTypeOf(browser, origin)).toBe('C');
  });

  it("refuses the checkout's EBT card and the order page's tip change from another site, writing nothing", async () => {
    const intents: Call[] = [
      { path: '/shop/checkout.html', form: { intent: 'ebt-card', ebtNumber: '5077123456789012' } },
      {
        path: '/account/order-summary.html?orderNumber=C10000001',
        form: { intent: 'tip', orderNumber: 'C10000001', tipChoice: '20' },
      },
    ];
    const before = await snapshot(stack);
    for (const call of intents) {
      const { status, body } = await send(browser, origin, call, {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      });
      expect(status).toBe(403);
      expect(body).toContain(CROSS_SITE_MESSAGE);
    }
    expect(changedTables(before, await snapshot(stack))).toEqual([]);
  });

  it('refuses a cross-site request riding on the cookie whatever Authorization header it carries, with or without _data', async () => {
    // A token that does not authenticate the call lifts nothing: the cookie is what would act.
    const bearers = {
      'a junk token': 'Bearer junk',
      'two words': 'Bearer junk token',
      'an empty one': 'Bearer ',
      'an oversized one': `Bearer ${'x'.repeat(4000)}`,
    };
    const cross = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    const calls = actionCalls(ids);
    const before = await snapshot(stack);
    const problems: string[] = [];
    for (const id of ACTION_ROUTES) {
      const call = calls[id]!;
      const withData = {
        ...call,
        path: `${call.path}${call.path.includes('?') ? '&' : '?'}_data=${encodeURIComponent(`routes/${id}`)}`,
      };
      for (const [bearer, authorization] of Object.entries(bearers)) {
        for (const [variant, sent] of [
          ['', call],
          [' (_data)', withData],
        ] as const) {
          const { status, body } = await send(browser, origin, sent, { ...cross, Authorization: authorization });
          if (status === 403 && body.includes(CROSS_SITE_MESSAGE)) continue;
          problems.push(`${id}${variant} with ${bearer}: ${status} ${body.slice(0, 80)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // A refused post still bumps the cookie customer's private-page version (a cache key, no shopper data):
    // the private page cache errs wide by design (decision 0027).
    expect(changedTables(before, await snapshot(stack)).filter((table) => table !== 'shopper_state_versions')).toEqual(
      [],
    );
    expect(await userTypeOf(browser, origin)).toBe('C');
  });

  it('creates no pet from a cross-origin POST with a junk bearer token and the cookie session', async () => {
    const pets = () =>
      stack.database.db
        .selectFrom('pets')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('customer_id', '=', Number(ids.customerId))
        .executeTakeFirstOrThrow();
    const before = Number((await pets()).count);
    const response = await browser.send(`${origin}/api/customers/${ids.customerId}/pets`, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Content-Type': 'application/json',
        Authorization: 'Bearer junk',
      },
      body: JSON.stringify({ name: 'Mallory', type: 'Dog' }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(CROSS_SITE_MESSAGE);
    expect(Number((await pets()).count)).toBe(before);
  });

  it('serves the same requests from our own pages (the refusal is about origin, not the route)', async () => {
    const calls = actionCalls(ids);
    const refused: string[] = [];
    const before = await snapshot(stack);
    // Sign-out last: it ends the session the other calls ride on.
    for (const id of [...ACTION_ROUTES.filter((r) => r !== 'account.sign-out'), 'account.sign-out']) {
      const { status, body } = await send(browser, origin, calls[id]!, {
        Origin: origin,
        'Sec-Fetch-Site': 'same-origin',
      });
      if (status >= 500 || body.includes(CROSS_SITE_MESSAGE)) refused.push(`${id}: ${status}`);
    }
    expect(refused).toEqual([]);
    // Some of them really wrote (the clip, the cart, the address…): the control has teeth.
    const changed = changedTables(before, await snapshot(stack));
    console.log('[csrf] same-origin requests changed', changed);
    expect(changed).toEqual(expect.arrayContaining(['cart_items']));
  });

  it('changes nothing in the database on a GET of any page or API route, as a signed-in customer', async () => {
    const customer = new Browser();
    await customer.navigate(`${origin}/?storeId=1001&preference=DELIVERY&zipcode=98101`);
    await signIn(customer, origin, 'jordan@pantry.test');
    const paths = LOADER_ROUTES.map((id) => getPath(id, ids));
    expect(paths.length).toBeGreaterThan(60);
    // Each storefront GET on its own (a redirect to the provider is not followed: the provider keeps
    // its own interaction records, which is its business, not a state change of the storefront's).
    const walk = async () => {
      const failures: string[] = [];
      for (const path of paths) {
        const response = await customer.send(`${origin}${path}`);
        await response.arrayBuffer();
        // The generic error page answers 500 on purpose (it is what the spec's error redirect shows).
        if (response.status >= 500 && path !== '/error-page/500.html') failures.push(`${path}: ${response.status}`);
      }
      return failures;
    };
    // /healthz proves the database takes writes with a one-row probe (decision 0024): no shopper's state.
    const changed = (before: Map<string, string>, after: Map<string, string>) =>
      changedTables(before, after).filter((table) => table !== 'health_probe');
    const first = await snapshot(stack);
    expect(await walk()).toEqual([]);
    const afterFirst = await snapshot(stack);
    // The only other write a GET may cause: the store's delivery calendar is materialised on first view
    // (slots.server ensureSlots: idempotent inserts, no shopper's state). Nothing else, ever.
    expect(changed(first, afterFirst).filter((table) => table !== 'slots')).toEqual([]);
    expect(await walk()).toEqual([]);
    expect(changed(afterFirst, await snapshot(stack))).toEqual([]);
  });
});
