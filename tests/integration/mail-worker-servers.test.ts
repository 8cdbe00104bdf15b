import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../security/support/stack';
import { SmtpSink } from './support/smtp-sink';

/**
 * Decision 0078: the mail worker runs inside the storefront, under Pantry's server (started when it listens) and
 * under the stock remix-serve (started by the first request), against the production build and a real SMTP server.
 * Asking for a one-time code answers normally while the SMTP server is away; the code arrives once it is back.
 */
describe.each(['pantry', 'remix-serve'] as const)('the mail worker under %s', (server) => {
  let stack: Stack;
  let origin: string;
  const sink = new SmtpSink();

  beforeAll(async () => {
    await sink.start();
    const env = { SMTP_URL: sink.url, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '200' };
    stack = await startStack('sqlite', 1, [env], { server });
    origin = stack.storefronts[0]!;
  });
  afterAll(async () => {
    await stack?.stop();
    await sink.stop();
  });

  const sendCode = (email: string) =>
    fetch(`${origin}/account/sign-in.html`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'send-code', email }).toString(),
    });

  it('sends a one-time code the shopper asked for', async () => {
    const answer = await sendCode('jordan@pantry.test');
    expect(answer.status).toBe(200);
    await sink.until(() => sink.received.some((mail) => /^Your sign-in code is \d{6}$/.test(mail.subject ?? '')));
    const [mail] = sink.received;
    expect(mail?.to).toMatchObject({ value: [{ address: 'jordan@pantry.test' }] });
    const row = await stack.database.db
      .selectFrom('outbox')
      .select(['status', 'message_id'])
      .where('recipient', '=', 'jordan@pantry.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail?.messageId).toBe(`<${row.message_id}@pantry.localhost>`);
    await expect
      .poll(
        async () =>
          (
            await stack.database.db
              .selectFrom('outbox')
              .select('status')
              .where('message_id', '=', row.message_id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('sent');
  });

  it('says the code is on its way while the SMTP server is away, and sends it when it is back', async () => {
    await sink.stop();
    sink.received = [];
    const answer = await sendCode('sam@pantry.test');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('If sam@pantry.test has an account, we sent it a 6-digit code.');
    await expect
      .poll(
        async () =>
          (
            await stack.database.db
              .selectFrom('outbox')
              .select(['attempts', 'last_error'])
              .where('recipient', '=', 'sam@pantry.test')
              .orderBy('id', 'desc')
              .executeTakeFirst()
          )?.attempts ?? 0,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect(sink.received).toHaveLength(0);
    await sink.start();
    await sink.until(() =>
      sink.received.some((mail) => mail.to && JSON.stringify(mail.to).includes('sam@pantry.test')),
    );
  });
});
