import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '~/modules/http/database-unavailable.server';
import { UNAVAILABLE_TITLE } from '~/modules/http/unavailable-copy';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { Shopper, startStorefront, type Storefront } from './support/storefront';

/** pg-pool's wait for a connection (app/db/db.server.ts connectionTimeoutMillis). */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Pool exhaustion on PostgreSQL. DB_POOL_MAX=1 and a request that holds the only connection
 * (blocked on a table lock another session took): other requests wait at most the bounded connection
 * timeout, then answer 503 with Retry-After; the process stays up and serves again once it is free.
 */
describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL pool exhaustion', () => {
  let test: TestDatabase;
  let server: Storefront;
  let productIds: number[];

  beforeAll(async () => {
    test = await createSeededTestDatabase('postgres', { products: 300 });
    productIds = (
      await test.db.selectFrom('products').select('id').where('kind', '=', 'grocery').orderBy('id').limit(5).execute()
    ).map((row) => row.id);
    server = await startStorefront(test.url, { DB_POOL_MAX: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await test?.drop();
  });

  it('answers 503 + Retry-After within the bounded wait while the only connection is held, and recovers without a restart', async () => {
    const holderShopper = new Shopper(server.origin);
    expect((await holderShopper.addToCart(productIds[0]!)).status).toBe(200);

    const locker = new pg.Client({ connectionString: test.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table cart_items in access exclusive mode');
    let held: Promise<Awaited<ReturnType<Shopper['addToCart']>>>;
    let page: { status: number; retryAfter: string | null; html: string; ms: number };
    let api: Awaited<ReturnType<Shopper['addToCart']>>;
    let data: { status: number; retryAfter: string | null; caught: string | null; body: string };
    try {
      // This add takes the pool's only connection and waits on the lock inside its transaction.
      held = holderShopper.addToCart(productIds[1]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const visitor = new Shopper(server.origin);
      const started = performance.now();
      const [pageResponse, apiAnswer, dataResponse] = await Promise.all([
        visitor.fetch('/shop/aisles.html', { headers: { Accept: 'text/html' } }),
        new Shopper(server.origin).addToCart(productIds[2]!),
        // What the client router asks for on a navigation with JavaScript on.
        new Shopper(server.origin).fetch(`/shop/aisles.html?_data=${encodeURIComponent('routes/shop.$page')}`),
      ]);
      data = {
        status: dataResponse.status,
        retryAfter: dataResponse.headers.get('Retry-After'),
        caught: dataResponse.headers.get('X-Remix-Catch'),
        body: await dataResponse.text(),
      };
      page = {
        status: pageResponse.status,
        retryAfter: pageResponse.headers.get('Retry-After'),
        html: await pageResponse.text(),
        ms: performance.now() - started,
      };
      api = apiAnswer;
    } finally {
      await locker.query('commit');
      await locker.end();
    }
    console.log(
      `[pg pool] page ${page.status} after ${Math.round(page.ms)} ms, api ${api.status} after ${Math.round(api.ms)} ms (pool wait bound ${CONNECTION_TIMEOUT_MS} ms)`,
    );
    expect(page.status).toBe(503);
    expect(page.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.html).toContain(UNAVAILABLE_TITLE.replace("'", '&#x27;'));
    expect(page.html).not.toMatch(/timeout exceeded|at \S+ \(/);
    expect(page.ms).toBeLessThan(CONNECTION_TIMEOUT_MS + 2_000);
    expect(api.status).toBe(503);
    expect(api.response.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(api.ms).toBeLessThan(CONNECTION_TIMEOUT_MS + 2_000);

    // A caught 503 the client router shows in the root ErrorBoundary with the same friendly copy.
    expect(data.status).toBe(503);
    expect(data.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
    expect(data.caught).toBe('yes');
    expect(JSON.parse(data.body)).toMatchObject({ error: { code: 'UNAVAILABLE' } });

    // The request that held the connection finishes once the lock is gone; the process never went down.
    expect((await held).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect((await new Shopper(server.origin).fetch('/shop/aisles.html')).status).toBe(200);
    const lines = await test.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('product_id', 'in', [productIds[1]!, productIds[2]!])
      .execute();
    // The held add went in; the refused one changed nothing.
    expect(lines.map((line) => line.product_id)).toEqual([productIds[1]]);
  });
});
