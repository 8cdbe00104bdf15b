import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { Browser } from './support/browser';
import { lapsedUserCookie, launchTestCluster, readUserCookie, type TestCluster } from './support/cluster';

const JORDAN = { id: 500001, email: 'jordan@pantry.test', password: 'Pantry-demo-2026' };

/**
 * `npm run start:cluster` in small: two storefront processes on one PostgreSQL database behind haproxy
 * (round robin), the identity provider, a 300-product seed. A shopper's store, cart, sign-in and clips
 * must hold whichever process serves each request (decision 0023).
 */
describe.skipIf(!DIALECTS.includes('postgres'))('two storefront processes behind haproxy on PostgreSQL', () => {
  let test: TestDatabase;
  let cluster: TestCluster;
  beforeAll(async () => {
    test = await createTestDatabase('postgres', false);
    // A small pool (2 connections a process), so the burst below exhausts it; a heap bound other than the default.
    cluster = await launchTestCluster({
      databaseUrl: test.url,
      env: { DB_POOL_MAX: '2', STOREFRONT_MAX_OLD_SPACE_MB: '320' },
    });
  });
  afterAll(async () => {
    await cluster?.close();
    await test?.drop();
  });

  async function shoppingWorld() {
    const banner = await test.db
      .selectFrom('banners')
      .select(['default_store_id', 'default_zipcode'])
      .where('id', '=', 'greenleaf')
      .executeTakeFirstOrThrow();
    const product = await test.db
      .selectFrom('products')
      .select(['id'])
      .where('kind', '=', 'grocery')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const offer = await test.db
      .selectFrom('offers')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .where('id', 'not in', test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', JORDAN.id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return {
      storeId: String(banner.default_store_id),
      zipcode: banner.default_zipcode,
      productId: product.id,
      offerId: offer.id,
    };
  }

  it('starts every storefront process with the configured heap bound (decision 0041)', () => {
    expect(cluster.storefronts).toHaveLength(2);
    for (const storefront of cluster.storefronts) {
      const args = readFileSync(`/proc/${storefront.child.pid}/cmdline`, 'utf8').split('\0');
      expect(args).toContain('--max-old-space-size=320');
    }
  });

  it('keeps the store, cart, sign-in and clips of a shopper whose requests alternate between processes', async () => {
    const world = await shoppingWorld();
    const browser = new Browser();
    const site = cluster.url;

    // Choose a store (the no-JS form post of the store finder).
    const finder = await browser.go(`${site}/set-store.html?zipcode=${world.zipcode}`);
    expect(finder.response.status).toBe(200);
    expect(await finder.response.text()).toContain(`name="storeId" value="${world.storeId}"`);
    const chosen = await browser.go(`${site}/set-store.html?zipcode=${world.zipcode}`, {
      form: { storeId: world.storeId, preference: 'Delivery', zipcode: world.zipcode },
    });
    expect(chosen.response.status).toBe(200);

    // Add to cart as a guest (the cart API), then sign in with a password: the guest cart is merged.
    const added = await browser.request(`${site}/api/cart/add`, { json: { productId: world.productId, quantity: 2 } });
    expect(added.status, await added.clone().text()).toBe(200);
    expect(await added.json()).toMatchObject({ productId: world.productId, itemCount: 2 });

    const emailStep = await browser.request(`${site}/account/sign-in.html`, {
      form: { intent: 'email', email: JORDAN.email },
    });
    expect(emailStep.status).toBe(200);
    const signedIn = await browser.go(`${site}/account/sign-in.html`, {
      form: { intent: 'password', email: JORDAN.email, password: JORDAN.password, goto: '/' },
    });
    expect(signedIn.response.status).toBe(200);
    expect(new URL(signedIn.url).origin).toBe(site);
    // The sign-in went through the identity provider and back to the storefront's callback.
    expect(browser.hops.some((hop) => hop.url.startsWith(cluster.idpUrl))).toBe(true);
    expect(browser.hops.some((hop) => hop.url.startsWith(`${site}/account/auth/callback`))).toBe(true);
    expect(await signedIn.response.text()).toContain('Hi, Jordan');

    // Each change moves the customer's state version on exactly once, in the action's own commit:
    // the server does not bump again, and the header that tells it so never leaves the server.
    const version = async () =>
      Number(
        (
          await test.db
            .selectFrom('shopper_state_versions')
            .select('version')
            .where('subject', '=', `c:${JORDAN.id}`)
            .executeTakeFirst()
        )?.version ?? 0,
      );
    const beforeClip = await version();
    const clipped = await browser.request(`${site}/api/offers/clip`, { json: { offerId: world.offerId } });
    expect(clipped.status, await clipped.clone().text()).toBe(200);
    expect(await clipped.json()).toMatchObject({ offerId: world.offerId, clipped: true, alreadyClipped: false });
    expect(clipped.headers.get('X-Pantry-State-Noted')).toBeNull();
    expect(await version()).toBe(beforeClip + 1);
    // Clipped already: nothing changed, nothing bumped.
    const again = await browser.request(`${site}/api/offers/clip`, { json: { offerId: world.offerId } });
    expect(await again.json()).toMatchObject({ offerId: world.offerId, alreadyClipped: true });
    expect(await version()).toBe(beforeClip + 1);
    const addedAsCustomer = await browser.request(`${site}/api/cart/add`, {
      json: { productId: world.productId, quantity: 1 },
    });
    expect(await addedAsCustomer.json()).toMatchObject({ productId: world.productId, itemCount: 3 });
    expect(addedAsCustomer.headers.get('X-Pantry-State-Noted')).toBeNull();
    expect(await version()).toBe(beforeClip + 2);

    // Read everything back, several times, so each process answers at least once.
    for (let round = 0; round < 3; round++) {
      const list = await browser.request(`${site}/api/offers/mylist`);
      expect(list.status).toBe(200);
      const body = (await list.json()) as { offers: { offerId?: string | number; id?: string | number }[] };
      expect(JSON.stringify(body)).toContain(String(world.offerId));
      const cart = await browser.request(`${site}/shop/cart.html`);
      expect(cart.status).toBe(200);
      const page = await cart.text();
      expect(page).toContain('Hi, Jordan');
      expect(page).toContain(`value="${world.productId}"`);
    }

    // The session really travelled: storefront answers came from both processes, alternating.
    const servers = browser.hops.filter((hop) => hop.url.startsWith(site)).map((hop) => hop.servedBy);
    expect(servers.every((name) => name === 'storefront1' || name === 'storefront2')).toBe(true);
    expect(new Set(servers).size).toBe(2);
    const switches = servers.filter((name, i) => i > 0 && name !== servers[i - 1]).length;
    expect(switches).toBeGreaterThanOrEqual(servers.length / 2);

    // And the database holds what the answers acknowledged.
    const clip = await test.db
      .selectFrom('clips')
      .select('offer_id')
      .where('customer_id', '=', JORDAN.id)
      .where('offer_id', '=', world.offerId)
      .executeTakeFirst();
    expect(clip).toBeDefined();
  });

  it('renews a lapsed token once when two processes get the same cookie at the same moment', async () => {
    const browser = new Browser();
    const site = cluster.url;
    await browser.request(`${site}/account/sign-in.html`, { form: { intent: 'email', email: JORDAN.email } });
    await browser.go(`${site}/account/sign-in.html`, {
      form: { intent: 'password', email: JORDAN.email, password: JORDAN.password, goto: '/', remember: 'on' },
    });
    const signedIn = browser.cookie('localhost', 'PANTRY_USER');
    expect(signedIn).toBeDefined();
    const lapsed = await lapsedUserCookie(cluster, signedIn!);
    const before = await readUserCookie(lapsed);

    // The same lapsed cookie, sent to each storefront process directly and at once.
    const userInfo = async (port: number, cookie: string) => {
      const answer = await fetch(`http://localhost:${port}/api/userinfo`, {
        headers: { Cookie: `PANTRY_USER=${cookie}`, Accept: 'application/json' },
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { userType?: string };
      const set = answer.headers.getSetCookie().find((line) => line.startsWith('PANTRY_USER='));
      return { userType: body.userType, cookie: set?.split(';')[0]!.slice('PANTRY_USER='.length) };
    };
    const answers = await Promise.all(cluster.storefronts.map((storefront) => userInfo(storefront.port, lapsed)));
    const renewed = await Promise.all(answers.map((answer) => (answer.cookie ? readUserCookie(answer.cookie) : null)));
    for (const [index, user] of renewed.entries()) {
      expect(answers[index]!.userType).toBe('C');
      expect(user?.refreshToken).toEqual(expect.any(String));
      expect(user?.refreshToken).not.toBe(before?.refreshToken);
    }
    // One renewal: both processes hand out the same new tokens, and the grant survives (no reuse detected):
    // the rotated refresh token renews again.
    expect(renewed[0]?.refreshToken).toBe(renewed[1]?.refreshToken);
    const again = await userInfo(cluster.storefronts[1]!.port, await lapsedUserCookie(cluster, answers[0]!.cookie!));
    expect(again.userType).toBe('C');
    expect(again.cookie, 'the rotated refresh token renews again').toBeDefined();
  });

  it('queues a burst far larger than its pool, or answers 503; it never crashes or resets a connection', async () => {
    const storefront = cluster.storefronts[0]!;
    const pid = storefront.child.pid;
    const words = ['milk', 'bread', 'cheese', 'apple', 'chicken', 'organic', 'yogurt', 'coffee'];
    const statuses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(`http://localhost:${storefront.port}/shop/search-results.html?q=${words[i % words.length]}`, {
          signal: AbortSignal.timeout(60_000),
        }).then(async (response) => {
          await response.body?.cancel();
          return response.status;
        }),
      ),
    );
    // 500 is accepted until the database-unavailable classifier (faults work) maps a pool timeout to 503.
    expect(statuses.filter((status) => ![200, 500, 503].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(storefront.child.pid).toBe(pid);
    expect(storefront.child.exitCode).toBeNull();
    expect((await fetch(`http://localhost:${storefront.port}/healthz`)).status).toBe(200);
  });
});
