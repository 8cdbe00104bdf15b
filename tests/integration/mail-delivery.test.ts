import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { authenticateWithPassword, sendPasscode, verifyPasscode } from '~/modules/identity/authn.server';
import { completePasswordReset, requestPasswordReset } from '~/modules/identity/password-reset.server';
import { settledAfterResponse } from '~/modules/identity/run-after-response.server';
import { claimDueMessages, runMailWorkerOnce } from '~/modules/mail/delivery-worker.server';
import { queueMessage, sendMessage } from '~/modules/mail/queue.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { compiledChild } from './support/compiled-child';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';
import { SmtpSink } from './support/smtp-sink';

/**
 * docs/decisions/0078-outbox-delivery.md: the outbox delivered over SMTP to a real server started here, on both
 * databases. Leases and backoffs are short (the worker reads them from the environment) to keep the run quick.
 */
const JORDAN: OrderCustomer = { customerId: 500001, bannerId: 'greenleaf', siteType: 'C' };
const JORDAN_EMAIL = 'jordan@pantry.test';
const SAM_EMAIL = 'sam@pantry.test';
const LEASE_MS = 1_500;
const MAIL_ENV = {
  MAIL_RETRY_BASE_MS: '100',
  MAIL_RETRY_MAX_MS: '400',
  MAIL_LEASE_MS: String(LEASE_MS),
  MAIL_MAX_ATTEMPTS: '3',
  MAIL_FROM: 'orders@pantry.test',
};
const workerChild = compiledChild('tests/integration/support/mail-worker-child.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('mail delivery over SMTP on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  const sink = new SmtpSink();
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    await sink.start();
    for (const [name, value] of Object.entries({ ...MAIL_ENV, SMTP_URL: sink.url })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await sink.stop();
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });
  beforeEach(async () => {
    sink.mode = 'accept';
    sink.received = [];
    // Every test starts with nothing waiting, so one test's leftovers never reach another's server.
    await test.db
      .updateTable('outbox')
      .set({ status: 'outbox' })
      .where('status', 'in', ['pending', 'sending'])
      .execute();
  });
  afterEach(async () => {
    if (!sink.listening) await sink.start();
  });

  async function row(messageId: string) {
    return test.db.selectFrom('outbox').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();
  }
  async function latestFor(recipient: string) {
    return test.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  it('delivers a one-time sign-in code that then signs the customer in', async () => {
    const clientKey = `${dialect}-mail-code`;
    expect(await sendPasscode({ email: JORDAN_EMAIL, clientKey })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    const queued = await latestFor(JORDAN_EMAIL);
    expect(queued).toMatchObject({ kind: 'sign-in-code', status: 'pending', banner_id: 'greenleaf' });
    expect(await runMailWorkerOnce()).toMatchObject({ sent: 1 });

    const [mail] = sink.arrivals(queued.message_id);
    expect(mail?.subject).toMatch(/^Your sign-in code is \d{6}$/);
    expect(mail?.messageId).toBe(`<${queued.message_id}@pantry.test>`);
    expect(mail?.from?.value[0]).toEqual({ name: 'Greenleaf Market', address: 'orders@pantry.test' });
    expect(mail?.html).toContain('Greenleaf Market');
    const code = /(\d{6})/.exec(mail!.text!)![1]!;
    expect(await verifyPasscode({ email: JORDAN_EMAIL, passCode: code, remember: false, clientKey })).toMatchObject({
      status: 'SUCCESS',
    });
    expect(await row(queued.message_id)).toMatchObject({ status: 'sent', attempts: 1, claim_token: null });
  });

  it('delivers a password reset link that sets a new password', async () => {
    await requestPasswordReset({
      email: SAM_EMAIL,
      origin: 'http://mesa.localhost:3000',
      source: 'web',
      clientKey: `${dialect}-mail-reset`,
    });
    await settledAfterResponse();
    await runMailWorkerOnce();
    const queued = await latestFor(SAM_EMAIL);
    const [mail] = sink.arrivals(queued.message_id);
    expect(mail?.subject).toBe('Reset your password');
    const link = new URL(/(http:\/\/mesa\.localhost:3000\/account\/reset-password\?token=\S+)/.exec(mail!.text!)![1]!);
    expect(mail?.html).toContain('Mesa Fresh');
    const token = link.searchParams.get('token')!;
    expect(await completePasswordReset(token, 'A-new-passw0rd-for-Sam')).not.toBeNull();
    expect(
      await authenticateWithPassword({
        email: SAM_EMAIL,
        password: 'A-new-passw0rd-for-Sam',
        remember: false,
        clientKey: `${dialect}-mail-reset`,
      }),
    ).toMatchObject({ status: 'SUCCESS' });
  });

  it('queues the order-placed message in the order’s transaction and delivers it', async () => {
    const products = await test.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('kind', '=', 'grocery')
      .where('attended_delivery_only', '=', 0)
      .orderBy('id')
      .limit(2)
      .execute();
    await test.db
      .deleteFrom('store_product_overrides')
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    const now = new Date();
    const cartId = await cartForWriting(JORDAN, null, store.id);
    await addToCart(cartId, products[0]!.id, 2, store.id);
    await addToCart(cartId, products[1]!.id, 1, store.id);
    const slot = (await listSlots(store, 'delivery', now)).find((s) => s.kind === 'delivery-2h' && s.bookable)!;
    expect(
      (
        await reserveSlot({
          slotId: slot.id,
          cartId,
          customerId: JORDAN.customerId,
          store,
          needsAttendedDelivery: false,
          now,
        })
      ).ok,
    ).toBe(true);
    const addressId = await saveCheckoutAddress(JORDAN, {
      address1: '12 Elm St',
      city: 'Seattle',
      state: 'wa',
      zipcode: '98101',
    });
    const tenderId = await addTender(JORDAN.customerId, '4111111111111111', '12/30');
    const placed = await placeOrder({
      customer: JORDAN,
      cartId,
      store,
      preference: 'Delivery',
      addressId,
      tenderId,
      origin: 'http://localhost:3000',
      now,
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const queued = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ kind: 'order-placed', store_id: store.id, recipient: JORDAN_EMAIL });
    await runMailWorkerOnce();
    const [mail] = sink.arrivals(queued.message_id);
    expect(mail?.subject).toBe(`Your order ${placed.orderNumber} is placed`);
    expect(mail?.text).toContain(products[0]!.name);
    expect(mail?.text).toContain('12 Elm St');
    expect(mail?.html).toContain(`orderNumber=${placed.orderNumber}`);
  });

  it('writes nothing when the transaction that queued the message rolls back', async () => {
    const before = await test.db.selectFrom('outbox').select('id').execute();
    await expect(
      test.db.transaction().execute(async (tx) => {
        await queueMessage(tx, {
          kind: 'password-changed',
          to: JORDAN_EMAIL,
          bannerId: 'greenleaf',
          data: { firstName: 'Jordan' },
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await test.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps a code waiting while the SMTP server is away, and delivers it when it is back', async () => {
    await sink.stop();
    const clientKey = `${dialect}-mail-outage`;
    // The shopper is told the code is on its way: queueing never talks to the SMTP server.
    expect(await sendPasscode({ email: JORDAN_EMAIL, clientKey })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    const queued = await latestFor(JORDAN_EMAIL);
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    const waiting = await row(queued.message_id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.last_error).not.toMatch(/\d{6}/);
    // Not due yet: nothing is claimed before the backoff has passed.
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 0 });

    await sink.start();
    await sleep(150);
    expect(await runMailWorkerOnce()).toMatchObject({ sent: 1 });
    expect(sink.arrivals(queued.message_id)).toHaveLength(1);
    expect(await row(queued.message_id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends a code once it has expired, however late the retry; other messages still go', async () => {
    await sink.stop();
    const clientKey = `${dialect}-mail-expiry`;
    expect(await sendPasscode({ email: JORDAN_EMAIL, clientKey })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    const queued = await latestFor(JORDAN_EMAIL);
    // The code's ten minutes are written on the row; a message without a validity has none.
    const lasts = new Date(queued.expires_at!).getTime() - new Date(queued.created_at).getTime();
    expect(lasts).toBe(10 * 60_000);
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    const welcome = await sendMessage({
      kind: 'welcome',
      to: JORDAN_EMAIL,
      bannerId: 'greenleaf',
      data: { signInUrl: 'http://localhost:3000/account/sign-in.html' },
    });
    expect((await row(welcome)).expires_at).toBeNull();

    await sink.start();
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(await runMailWorkerOnce(later)).toMatchObject({ expired: 1, sent: 1 });
    expect(sink.arrivals(queued.message_id)).toHaveLength(0);
    expect(sink.arrivals(welcome)).toHaveLength(1);
    expect(await row(queued.message_id)).toMatchObject({
      status: 'expired',
      claim_token: null,
      last_error: 'expired before it could be sent',
    });
    // Expired is final: later passes neither claim nor count it again.
    expect(await runMailWorkerOnce(later)).toMatchObject({ claimed: 0, expired: 0 });
  });

  it('gives up after three failed attempts: the message is dead, with the server’s reason', async () => {
    sink.mode = 'reject';
    const messageId = await sendMessage({
      kind: 'out-for-delivery',
      to: JORDAN_EMAIL,
      bannerId: 'greenleaf',
      storeId: store.id,
      orderId: 1,
      data: {
        orderNumber: 'C10000001',
        window: { startsAt: new Date().toISOString(), endsAt: new Date().toISOString(), timezone: store.timezone },
        address: '12 Elm St, Seattle, WA 98101',
        trackUrl: null,
      },
    });
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      outcomes.push(await runMailWorkerOnce());
      await sleep(450);
    }
    expect(outcomes.map((run) => run.claimed)).toEqual([1, 1, 1]);
    expect(outcomes[2]).toMatchObject({ dead: 1 });
    const dead = await row(messageId);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, next_attempt_at: null });
    expect(dead.last_error).toContain('mailbox busy');
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 0 });
    expect(sink.received).toHaveLength(0);
  });

  /** Children racing as storefront processes: each prints its totals as JSON. */
  async function startWorkers(count: number) {
    const script = await workerChild;
    return Array.from({ length: count }, () => {
      const child = spawn(process.execPath, [script, test.url], {
        env: { ...process.env, LOG_LEVEL: 'silent' },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout! });
      const ready = new Promise<void>((resolve) => lines.on('line', (line) => line === 'ready' && resolve()));
      const done = new Promise<{ sent: number }>((resolve) =>
        lines.on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as { sent: number })),
      );
      return { child, ready, done };
    });
  }

  it('sends each message once when two storefront processes race for them', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 24; n++)
      ids.push(
        await sendMessage({
          kind: 'sign-in-code',
          to: `racer${n}@pantry.test`,
          bannerId: 'sunridge',
          data: { code: String(100000 + n), minutes: 10 },
        }),
      );
    const workers = await startWorkers(2);
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.child.stdin!.write('go\n');
    const totals = await Promise.all(workers.map((worker) => worker.done));
    expect(totals.reduce((sum, total) => sum + total.sent, 0)).toBe(24);
    for (const id of ids) expect(sink.arrivals(id)).toHaveLength(1);
    const statuses = await test.db.selectFrom('outbox').select('status').where('message_id', 'in', ids).execute();
    expect(statuses.every((r) => r.status === 'sent')).toBe(true);
  });

  it('hands each due message to one of many simultaneous claims', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 30; n++)
      ids.push(
        await sendMessage({
          kind: 'sign-in-code',
          to: `claim${n}@pantry.test`,
          bannerId: 'mesa',
          data: { code: String(200000 + n), minutes: 10 },
        }),
      );
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        claimDueMessages({ token: `claimant-${n}`, now, leaseMs: 60_000, maxAttempts: 3, limit: 4 }),
      ),
    );
    const claimed = claims.flat().map((message) => message.message_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBeGreaterThan(0);
    const rows = await test.db
      .selectFrom('outbox')
      .select(['attempts', 'status'])
      .where('message_id', 'in', claimed)
      .execute();
    expect(rows.every((r) => r.attempts === 1 && r.status === 'sending')).toBe(true);
  });

  it('delivers a message whose sender was killed during DATA, once the lease has lapsed', async () => {
    sink.mode = 'hold';
    sink.held = 0;
    const messageId = await sendMessage({
      kind: 'ready-for-pickup',
      to: JORDAN_EMAIL,
      bannerId: 'bayside',
      data: {
        orderNumber: 'C10000002',
        storeName: 'Bayside Grocers Mission',
        storeAddress: '1 Valencia St',
        window: { startsAt: new Date().toISOString(), endsAt: new Date().toISOString(), timezone: store.timezone },
        bags: 2,
      },
    });
    const [worker] = await startWorkers(1);
    await worker!.ready;
    const exited = new Promise((resolve) => (worker!.child as ChildProcess).once('exit', resolve));
    worker!.child.stdin!.write('go\n');
    await sink.until(() => sink.held === 1);
    worker!.child.kill('SIGKILL');
    await exited;
    sink.mode = 'accept';

    const claimed = await row(messageId);
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    expect(sink.arrivals(messageId)).toHaveLength(0);
    // Still leased: nobody else may send it yet.
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 0 });
    await sleep(new Date(claimed.claimed_until!).getTime() - Date.now() + 50);
    expect(await runMailWorkerOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.arrivals(messageId)).toHaveLength(1);
    expect(await row(messageId)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('without SMTP_URL', () => {
  it('the outbox alone is the delivery: nothing is left pending', async () => {
    const previous = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const { createTestDatabase } = await import('./support/databases');
    const test = await createTestDatabase('sqlite');
    useDatabaseForTests(test);
    try {
      const id = await sendMessage({
        kind: 'welcome',
        to: 'new@pantry.test',
        bannerId: 'greenleaf',
        data: { signInUrl: 'http://localhost:3000/account/sign-in.html' },
      });
      const row = await test.db.selectFrom('outbox').selectAll().where('message_id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'outbox', subject: 'Welcome to Pantry' });
      expect(row.sent_at).not.toBeNull();
      expect(await runMailWorkerOnce()).toMatchObject({ claimed: 0 });
    } finally {
      if (previous !== undefined) process.env.SMTP_URL = previous;
      useDatabaseForTests(undefined);
      await test.drop();
    }
  });
});
