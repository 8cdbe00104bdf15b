import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import {
  queueWeeklyOffers,
  queueWeeklyOffersForAll,
  unsubscribe,
  unsubscribeTarget,
  unsubscribeToken,
} from '~/modules/customers/marketing-email.server';
import { runMailWorkerOnce } from '~/modules/mail/delivery-worker.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as unsubscribeApi from '~/routes/api.customers.unsubscribe';
import * as unsubscribePage from '~/routes/account.unsubscribe[.]html';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';
import { SmtpSink } from './support/smtp-sink';

const ORIGIN = 'http://localhost:3000';
const JORDAN = 500001;
const SAM = 500004;
const BARTHOLOMEW = 500002;

describe.each(DIALECTS)('marketing email and its unsubscribe link on %s', (dialect) => {
  let test: TestDatabase;
  const sink = new SmtpSink();
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
    await sink.start();
    for (const [name, value] of Object.entries({ SMTP_URL: sink.url, MAIL_FROM: 'offers@pantry.test' })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  beforeEach(() => {
    sink.received = [];
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

  const optedOut = async (id: number) =>
    (
      await test.db
        .selectFrom('customers')
        .select('marketing_opt_out_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).marketing_opt_out_at;

  it('sends the weekly offers with the customer’s unsubscribe link in the body and as one-click List-Unsubscribe', async () => {
    const messageId = await queueWeeklyOffers(JORDAN, ORIGIN);
    expect(messageId).toBeTruthy();
    const row = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('message_id', '=', messageId!)
      .executeTakeFirstOrThrow();
    const link = `${ORIGIN}/account/unsubscribe.html?t=${unsubscribeToken(JORDAN)}`;
    expect(row).toMatchObject({ kind: 'weekly-offers', recipient: 'jordan@pantry.test', unsubscribe_url: link });
    expect(row.body).toContain(link);
    expect(await runMailWorkerOnce()).toMatchObject({ sent: 1 });
    await sink.until(() => sink.received.length === 1);
    const mail = sink.received[0]!;
    // Unfolded (RFC 5322): a long header may continue on the next line.
    const lines = mail.headerLines.map((header) => header.line.replace(/\r\n\s+/g, ' '));
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain(`List-Unsubscribe: <${link}>`);
    expect(mail.html).toContain('Unsubscribe from offers emails');
  });

  it('unsubscribes by the link alone, once, and sends that customer no more marketing email', async () => {
    const token = unsubscribeToken(SAM);
    expect(await unsubscribeTarget(token)).toEqual({ email: 's•••@pantry.test', unsubscribed: false });
    expect(await unsubscribe(token)).toEqual({ email: 's•••@pantry.test', alreadyUnsubscribed: false });
    const first = await optedOut(SAM);
    expect(first).not.toBeNull();
    expect(await unsubscribe(token)).toEqual({ email: 's•••@pantry.test', alreadyUnsubscribed: true });
    expect(await optedOut(SAM)).toBe(first);
    expect(await queueWeeklyOffers(SAM, ORIGIN)).toBeNull();
    const before = await test.db.selectFrom('outbox').select('recipient').where('kind', '=', 'weekly-offers').execute();
    await queueWeeklyOffersForAll(ORIGIN);
    const after = await test.db.selectFrom('outbox').select('recipient').where('kind', '=', 'weekly-offers').execute();
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.map((message) => message.recipient)).not.toContain('sam@pantry.test');
  });

  it('refuses a forged, altered or borrowed link and changes nothing', async () => {
    const jordans = unsubscribeToken(JORDAN);
    const signature = jordans.split('.')[1]!;
    const forged = [
      `${BARTHOLOMEW}.${signature}`, // Jordan's signature on another customer's id
      `${JORDAN}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${JORDAN}`,
      `${JORDAN}.<script>`,
      'x'.repeat(5000),
      null,
      42,
    ];
    for (const token of forged) {
      expect(await unsubscribe(token)).toBeNull();
      expect(await unsubscribeTarget(token)).toBeNull();
    }
    expect(await optedOut(BARTHOLOMEW)).toBeNull();
    expect(await optedOut(JORDAN)).toBeNull();
  });

  it('serves the customer-service call and the one-click POST of a mail client', async () => {
    const post = (path: string, body: string, type: string) =>
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': type, Host: 'localhost:3000' },
        body,
      });
    const bad = await routeAnswer(
      unsubscribeApi.action,
      post('/api/customers/unsubscribe', JSON.stringify({ token: `${BARTHOLOMEW}.nope` }), 'application/json'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_LINK');
    const extra = await routeAnswer(
      unsubscribeApi.action,
      post(
        '/api/customers/unsubscribe',
        JSON.stringify({ token: unsubscribeToken(BARTHOLOMEW), all: true }),
        'application/json',
      ),
    );
    expect(extra.status).toBe(400);
    expect(await optedOut(BARTHOLOMEW)).toBeNull();
    const api = await routeAnswer(
      unsubscribeApi.action,
      post('/api/customers/unsubscribe', JSON.stringify({ token: unsubscribeToken(BARTHOLOMEW) }), 'application/json'),
    );
    expect(api).toMatchObject({ status: 200, body: { unsubscribed: true, alreadyUnsubscribed: false } });
    expect(await optedOut(BARTHOLOMEW)).not.toBeNull();

    // RFC 8058: the mail provider POSTs List-Unsubscribe=One-Click to the header's address, with no cookie or origin.
    await test.db.updateTable('customers').set({ marketing_opt_out_at: null }).where('id', '=', JORDAN).execute();
    const oneClick = await routeAnswer(
      unsubscribePage.action,
      post(
        `/account/unsubscribe.html?t=${unsubscribeToken(JORDAN)}`,
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded',
      ),
    );
    expect(oneClick).toMatchObject({ status: 200, body: { done: { alreadyUnsubscribed: false } } });
    expect(await optedOut(JORDAN)).not.toBeNull();
  });
});
