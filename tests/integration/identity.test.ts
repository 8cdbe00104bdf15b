import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import {
  authenticateWithPassword,
  INVALID_CREDENTIALS_MESSAGE,
  sendPasscode,
  verifyPasscode,
} from '~/modules/identity/authn.server';
import { settledAfterResponse } from '~/modules/identity/run-after-response.server';
import { hitRateLimit } from '~/modules/identity/rate-limit.server';
import { bindSessionToken, redeemSessionToken } from '~/modules/identity/session-tokens.server';
import { registerCustomer } from '~/modules/identity/registration.server';
import {
  completePasswordReset,
  requestPasswordReset,
  resetTokenIsUsable,
} from '~/modules/identity/password-reset.server';
import { parseHost } from '~/modules/banners/hosts';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const PASSWORD = 'Pantry-demo-2026';

describe.each(DIALECTS)('identity on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('issues a single-use session token for the right password', async () => {
    const result = await authenticateWithPassword({
      email: 'Jordan@Pantry.test ',
      password: PASSWORD,
      remember: true,
      clientKey: 'c1',
    });
    expect(result.status).toBe('SUCCESS');
    if (result.status !== 'SUCCESS') return;
    await bindSessionToken(result.sessionToken, 'challenge-1');
    expect(await redeemSessionToken(result.sessionToken, 'challenge-1')).toEqual({
      customerId: 500001,
      remember: true,
      method: 'password',
    });
    expect(await redeemSessionToken(result.sessionToken, 'challenge-1')).toBeNull();
  });

  it('redeems a session token only on the authorize request it was bound to, and never unbound', async () => {
    const sign = () =>
      authenticateWithPassword({ email: 'jordan@pantry.test', password: PASSWORD, remember: false, clientKey: 'c1' });
    const unbound = await sign();
    const bound = await sign();
    if (unbound.status !== 'SUCCESS' || bound.status !== 'SUCCESS') throw new Error('sign-in failed');
    expect(await redeemSessionToken(unbound.sessionToken, 'any-challenge')).toBeNull();
    await bindSessionToken(bound.sessionToken, 'the-storefront-challenge');
    // Bound once: a second binding (another transaction) does not move it.
    await bindSessionToken(bound.sessionToken, 'attacker-challenge');
    expect(await redeemSessionToken(bound.sessionToken, 'attacker-challenge')).toBeNull();
    expect(await redeemSessionToken(bound.sessionToken, 'the-storefront-challenge')).toMatchObject({
      customerId: 500001,
    });
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const wrong = await authenticateWithPassword({
      email: 'sam@pantry.test',
      password: 'nope-1234',
      remember: false,
      clientKey: 'c2',
    });
    const unknown = await authenticateWithPassword({
      email: 'ghost@pantry.test',
      password: 'nope-1234',
      remember: false,
      clientKey: 'c2',
    });
    expect(wrong).toEqual({ status: 'INVALID', message: INVALID_CREDENTIALS_MESSAGE });
    expect(unknown).toEqual(wrong);
  });

  it('slows the client that keeps failing on an account, and neither the owner elsewhere nor other accounts', async () => {
    const email = 'bartholomew@pantry.test';
    const attempt = (password: string, clientKey: string) =>
      authenticateWithPassword({ email, password, remember: false, clientKey });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await attempt(`wrong-${i}`, 'c3-attacker'));
    // Two slips are free; the third failure makes that client wait a second before its next try.
    expect(results.slice(0, 3).map((r) => r.status)).toEqual(['INVALID', 'INVALID', 'INVALID']);
    expect(results[3]).toEqual({
      status: 'LOCKED_OUT',
      retryAfterSeconds: 1,
      message: 'Too many attempts. Please try again in 1 second.',
    });
    expect(await attempt(PASSWORD, 'c3-attacker')).toMatchObject({ status: 'LOCKED_OUT' });
    expect((await attempt(PASSWORD, 'c3-owner')).status).toBe('SUCCESS');
    const other = await authenticateWithPassword({
      email: 'jordan@pantry.test',
      password: PASSWORD,
      remember: false,
      clientKey: 'c3-attacker',
    });
    expect(other.status).toBe('SUCCESS');
  });

  it('counts concurrent hits exactly (one shared counter for every process)', async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const states = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit('test:concurrent', rule)));
    expect(states.filter((s) => s.allowed)).toHaveLength(10);
    expect(Math.max(...states.map((s) => s.hits))).toBe(25);
  });

  it('sends a 6-digit passcode to the outbox and accepts it once', async () => {
    expect(await sendPasscode({ email: 'jordan@pantry.test', clientKey: 'c4' })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    const message = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'jordan@pantry.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(message.subject)![1]!;
    expect(
      (
        await verifyPasscode({
          email: 'jordan@pantry.test',
          passCode: code === '000000' ? '111111' : '000000',
          remember: false,
          clientKey: 'c4',
        })
      ).status,
    ).toBe('INVALID');
    expect(
      (await verifyPasscode({ email: 'jordan@pantry.test', passCode: code, remember: false, clientKey: 'c4' })).status,
    ).toBe('SUCCESS');
    expect(
      (await verifyPasscode({ email: 'jordan@pantry.test', passCode: code, remember: false, clientKey: 'c4' })).status,
    ).toBe('INVALID');
  });

  it('answers "sent" for an unknown email without sending anything', async () => {
    expect(await sendPasscode({ email: 'ghost@pantry.test', clientKey: 'c5' })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    expect(
      await test.db.selectFrom('outbox').selectAll().where('recipient', '=', 'ghost@pantry.test').execute(),
    ).toEqual([]);
  });

  it('slows a client after five wrong codes, and stops accepting a code after ten wrong tries from all clients', async () => {
    await sendPasscode({ email: 'sam@pantry.test', clientKey: 'c6' });
    await settledAfterResponse();
    const message = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'sam@pantry.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(message.subject)![1]!;
    const wrong = code === '123456' ? '654321' : '123456';
    const verify = (passCode: string, clientKey: string) =>
      verifyPasscode({ email: 'sam@pantry.test', passCode, remember: false, clientKey });
    for (let i = 0; i < 5; i++) expect((await verify(wrong, 'c6')).status).toBe('INVALID');
    expect(await verify(code, 'c6')).toEqual({
      status: 'LOCKED_OUT',
      retryAfterSeconds: 1,
      message: 'Too many attempts. Please try again in 1 second.',
    });
    for (let i = 0; i < 5; i++) expect((await verify(wrong, 'c6-other')).status).toBe('INVALID');
    expect(await verify(code, 'c6-owner')).toMatchObject({
      status: 'LOCKED_OUT',
      message: 'Too many wrong codes. Ask for a new code.',
    });
  });

  it('registers a customer with a club card, household id and nearby store, once per email', async () => {
    const input = {
      firstName: 'Robin',
      lastName: 'Okafor',
      email: 'Robin@Example.test',
      phone: '2065550199',
      password: 'Fresh-basil-42',
      zipcode: '98101',
    };
    const [first, second] = await Promise.all([
      registerCustomer(parseHost('localhost', 'local-origin'), input, 'http://localhost:3000'),
      registerCustomer(
        parseHost('localhost', 'local-origin'),
        { ...input, email: 'other@example.test' },
        'http://localhost:3000',
      ),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const created = await test.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'robin@example.test')
      .executeTakeFirstOrThrow();
    expect(created.club_card).toMatch(/^\d{12}$/);
    expect(created.house_id).toMatch(/^HH\d{9}$/);
    expect(created.password_hash).toMatch(/^\$argon2id\$/);
    if (first.ok) await bindSessionToken(first.sessionToken, 'challenge-2');
    if (first.ok)
      expect(await redeemSessionToken(first.sessionToken, 'challenge-2')).toMatchObject({
        remember: true,
        method: 'registration',
      });
    // The same email again (any case): the same kind of answer, a decoy token the provider refuses, no
    // second account, and the owner told by email (decision 0030).
    const again = await registerCustomer(
      parseHost('localhost', 'local-origin'),
      { ...input, email: 'ROBIN@example.test', password: 'Other-basil-43' },
      'http://localhost:3000',
    );
    expect(again).toMatchObject({ ok: true, outcome: 'existing' });
    if (again.ok) {
      expect(again.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await bindSessionToken(again.sessionToken, 'challenge-3');
      expect(await redeemSessionToken(again.sessionToken, 'challenge-3')).toBeNull();
    }
    const rows = await test.db.selectFrom('customers').select('id').where('email', '=', 'robin@example.test').execute();
    expect(rows).toHaveLength(1);
    const mail = await test.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'robin@example.test')
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      'Welcome to Pantry',
      'Someone tried to create an account with your email',
    ]);
    expect(mail[1]!.body).toContain('http://localhost:3000/account/forgot-password.html');
  });

  it('resets a password with a single-use link', async () => {
    await requestPasswordReset({
      email: 'sam@pantry.test',
      origin: 'http://localhost:3000',
      source: 'web',
      clientKey: 'c-reset',
    });
    await settledAfterResponse();
    const message = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Reset your password')
      .where('recipient', '=', 'sam@pantry.test')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=([^\s]+)/.exec(message.body)![1]!);
    expect(await resetTokenIsUsable(token)).toBe(true);
    expect(await completePasswordReset(token, 'New-password-9')).toMatchObject({ source: 'web' });
    expect(await completePasswordReset(token, 'Another-one-9')).toBeNull();
    expect(await resetTokenIsUsable(token)).toBe(false);
    const signIn = await authenticateWithPassword({
      email: 'sam@pantry.test',
      password: 'New-password-9',
      remember: false,
      clientKey: 'c7',
    });
    expect(signIn.status).toBe('SUCCESS');
  });
});
