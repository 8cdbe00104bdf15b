import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '~/db/seed/seed.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { Shopper, startStorefront, startTokenIssuer, type Storefront } from './support/storefront';

const SAM = { customerId: 500004, firstName: 'Sam' }; // a seeded customer without clips
const WORKERS = 8;
/** Kill once this many writes were acknowledged (with more in flight). */
const KILL_AFTER_ACKS = 80;

/**
 * Issue 10: the storefront process is killed with SIGKILL while a signed-in customer's writes stream
 * in (clips and cart adds, 8 at a time). After a restart on the same database, every write that was
 * acknowledged (a 2xx answer reached the client) is there. SQLite runs WAL with synchronous=NORMAL:
 * a commit is in the WAL before the answer leaves, which survives a process crash (not a power cut).
 */
describe.each(DIALECTS)('SIGKILL during writes on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof startTokenIssuer>>;
  let server: Storefront | undefined;
  let offerIds: number[];
  let productIds: number[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const now = new Date();
    await seedDatabase(test.db, dialect, { products: 300, log: () => {}, now });
    const at = now.toISOString();
    offerIds = (
      await test.db
        .selectFrom('offers')
        .select('id')
        .where('banner_id', '=', 'greenleaf')
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    productIds = (
      await test.db.selectFrom('products').select('id').where('kind', '=', 'grocery').orderBy('id').execute()
    ).map((row) => row.id);
    issuer = await startTokenIssuer();
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.close();
    await test?.drop();
  });

  it('keeps every acknowledged clip and cart add after the process is killed mid-stream', async () => {
    const env = { IDP_ISSUER: issuer.issuer };
    server = await startStorefront(test.url, env);
    const customer = new Shopper(server.origin);
    const user = await sessionCookie('user', 'C').serialize({ token: await issuer.token(SAM) });
    const [pair] = user.split(';');
    customer.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    // One add first, so the customer's cart exists before the parallel stream.
    expect((await customer.addToCart(productIds[0]!)).status).toBe(200);
    const clipCheck = await customer.fetch('/api/offers/clip', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offerId: offerIds[0] }),
    });
    expect(clipCheck.status).toBe(200);

    const acknowledged = { clips: new Set<number>([offerIds[0]!]), products: new Set<number>([productIds[0]!]) };
    let acks = 0;
    let failures = 0;
    let next = 1;
    let killed = false;
    const victim = server;
    const work = async () => {
      while (!killed) {
        const n = next++;
        const clip = n % 2 === 0 && n / 2 < offerIds.length;
        try {
          if (clip) {
            const offerId = offerIds[n / 2]!;
            const response = await customer.fetch('/api/offers/clip', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ offerId }),
            });
            await response.arrayBuffer();
            if (response.status === 200) acknowledged.clips.add(offerId);
            else failures++;
          } else {
            const productId = productIds[n % productIds.length]!;
            const answer = await customer.addToCart(productId);
            if (answer.status === 200) acknowledged.products.add(productId);
            else failures++;
          }
          if (++acks >= KILL_AFTER_ACKS && !killed) {
            killed = true;
            victim.process.kill('SIGKILL');
          }
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, work));
    await victim.stop();
    expect(victim.process.signalCode).toBe('SIGKILL');
    expect(failures).toBe(0);

    server = await startStorefront(test.url, env);
    const clips = (
      await test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', SAM.customerId).execute()
    ).map((row) => row.offer_id);
    const lines = (
      await test.db
        .selectFrom('cart_items as i')
        .innerJoin('carts as c', 'c.id', 'i.cart_id')
        .select('i.product_id')
        .where('c.customer_id', '=', SAM.customerId)
        .where('c.status', '=', 'active')
        .execute()
    ).map((row) => row.product_id);
    console.log(
      `[sigkill ${dialect}] acknowledged ${acknowledged.clips.size} clips and ${acknowledged.products.size} cart lines; ` +
        `after restart ${clips.length} clips and ${lines.length} lines`,
    );
    expect(acknowledged.clips.size + acknowledged.products.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS / 2);
    expect(clips).toEqual(expect.arrayContaining([...acknowledged.clips]));
    expect(lines).toEqual(expect.arrayContaining([...acknowledged.products]));
    // The restarted process serves the same customer's writes.
    expect((await new Shopper(server.origin).fetch('/healthz')).status).toBe(200);
    if (dialect === 'sqlite') {
      const reader = new SQLite(test.url, { readonly: true });
      expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
      reader.close();
    }
  });
});
