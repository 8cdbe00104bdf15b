import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { loadShopper, useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { authenticateWithPassword } from '~/modules/identity/authn.server';
import { confirmPassword } from '~/modules/identity/elevated-sign-in.server';
import { redeemSessionToken } from '~/modules/identity/session-tokens.server';
import {
  changeEmail,
  changePassword,
  changePhone,
  EMAIL_IN_USE_MESSAGE,
} from '~/modules/customers/sign-in-details.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import * as securityPage from '~/routes/account.security[.]html';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const PASSWORD = 'Pantry-demo-2026';
const HOST = 'localhost:3000';
const issuer = await testIssuer();

interface Customer {
  id: number;
  uuid: string;
  email: string;
}

async function userCookie(customer: Customer, options: { signedInSecondsAgo?: number; remember?: boolean } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const token = await issuer.issue({
    customerId: String(customer.id),
    uuid: customer.uuid,
    scope: 'openid shop used_credentials',
    auth_time: now - (options.signedInSecondsAgo ?? 60),
  });
  return (await sessionCookie('user', 'C').serialize({ token, remember: options.remember })).split(';')[0]!;
}

function formPost(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://${HOST}${path}`, {
    method: 'POST',
    headers: { Host: HOST, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

async function settle(pending: Promise<Response>): Promise<Response> {
  try {
    return await pending;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(DIALECTS)('sign-in details and the elevated sign-in on %s', (dialect) => {
  let test: TestDatabase;
  const customers: Record<string, Customer> = {};

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    useTokenVerifierForTests(issuer.verifier);
    for (const row of await test.db.selectFrom('customers').select(['id', 'uuid', 'email']).execute()) {
      customers[row.email.split('@')[0]!] = row;
    }
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  const emailOf = async (id: number) =>
    await test.db
      .selectFrom('customers')
      .select(['email', 'email_verified'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('keeps email addresses unique: another account’s email changes nothing', async () => {
    const jordan = customers.jordan!;
    expect(await changeEmail(jordan.id, ' SAM@pantry.test ')).toEqual({
      ok: false,
      field: 'email',
      message: EMAIL_IN_USE_MESSAGE,
    });
    expect((await emailOf(jordan.id)).email).toBe('jordan@pantry.test');
  });

  it('changes the email (normalised, unverified until confirmed) and the customer signs in with it', async () => {
    const bart = customers.bartholomew!;
    expect(await changeEmail(bart.id, 'Bart.New@Pantry.test')).toMatchObject({ ok: true });
    expect(await emailOf(bart.id)).toEqual({ email: 'bart.new@pantry.test', email_verified: 0 });
    const notice = await test.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Your sign-in email was changed')
      .executeTakeFirstOrThrow();
    expect(notice.recipient).toBe('bartholomew@pantry.test');
    expect(notice.body).toContain('bart.new@pantry.test');
    const signIn = await authenticateWithPassword({
      email: 'bart.new@pantry.test',
      password: PASSWORD,
      remember: false,
      clientKey: `${dialect}-email`,
    });
    expect(signIn.status).toBe('SUCCESS');
  });

  it('accepts a 10-digit US phone number and refuses anything else', async () => {
    const jordan = customers.jordan!;
    expect(await changePhone(jordan.id, '12345')).toEqual({
      ok: false,
      field: 'phone',
      message: 'Enter a 10-digit US phone number.',
    });
    expect(await changePhone(jordan.id, '+1 (503) 555-0123')).toMatchObject({ ok: true });
    const row = await test.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', jordan.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('5035550123');
  });

  it('changes the password only to one that follows the rules and is typed twice the same', async () => {
    const sam = customers.sam!;
    expect(await changePassword(sam.id, 'short1', 'short1', undefined)).toEqual({
      ok: false,
      field: 'password',
      message: 'Use at least 8 characters.',
    });
    expect(await changePassword(sam.id, 'Fresh-basil-42', 'Fresh-basil-43', undefined)).toEqual({
      ok: false,
      field: 'confirm',
      message: 'The two passwords do not match.',
    });
    const before = { email: 'sam@pantry.test', remember: false, clientKey: `${dialect}-pw` };
    expect((await authenticateWithPassword({ ...before, password: PASSWORD })).status).toBe('SUCCESS');
    expect(await changePassword(sam.id, 'Fresh-basil-42', 'Fresh-basil-42', undefined)).toMatchObject({ ok: true });
    expect((await authenticateWithPassword({ ...before, password: 'Fresh-basil-42' })).status).toBe('SUCCESS');
    expect((await authenticateWithPassword({ ...before, password: PASSWORD })).status).toBe('INVALID');
    const notices = await test.db
      .selectFrom('outbox')
      .select('recipient')
      .where('subject', '=', 'Your password was changed')
      .execute();
    expect(notices).toEqual([{ recipient: 'sam@pantry.test' }]);
  });

  it('sends a customer whose elevated sign-in is older than 10 minutes to confirm the password, changing nothing', async () => {
    const jordan = customers.jordan!;
    const cookie = await userCookie(jordan, { signedInSecondsAgo: 11 * 60 });
    const response = await settle(
      securityPage.action({
        request: formPost('/account/security.html', cookie, { intent: 'phone', phone: '2065550999' }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html');
    const row = await test.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', jordan.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).not.toBe('2065550999');
  });

  it('changes the phone from the security page within 10 minutes of an elevated sign-in', async () => {
    const jordan = customers.jordan!;
    const cookie = await userCookie(jordan, { signedInSecondsAgo: 30 });
    const response = await settle(
      securityPage.action({
        request: formPost('/account/security.html', cookie, { intent: 'phone', phone: '206-555-0999' }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ intent: 'phone', ok: true, message: 'Your phone number was updated.' });
  });

  it('confirms the password like a sign-in: a fresh sessionToken to authorize, keeping keep-me-signed-in', async () => {
    const jordan = customers.jordan!;
    const cookie = await userCookie(jordan, { signedInSecondsAgo: 3600, remember: true });
    const request = formPost('/account/confirm-password.html', cookie, {});
    const shopper = await loadShopper(request);
    expect(
      await confirmPassword(request, shopper, { password: 'wrong-password-1', goto: '/account/security.html' }),
    ).toEqual({
      ok: false,
      status: 401,
      message: "That password isn't right. Please try again.",
    });
    const outcome = await confirmPassword(request, shopper, { password: PASSWORD, goto: '/account/security.html' });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const authorize = new URL(outcome.redirectTo);
    expect(authorize.searchParams.get('scope')).toContain('used_credentials');
    expect(
      await redeemSessionToken(
        authorize.searchParams.get('sessionToken')!,
        authorize.searchParams.get('code_challenge')!,
      ),
    ).toEqual({
      customerId: jordan.id,
      remember: true,
      method: 'password',
    });
  });

  it('rate limits the confirm step like sign-in: after three wrong passwords the client waits', async () => {
    const buyer = customers.buyer!;
    const request = formPost('/account/confirm-password.html', await userCookie(buyer), {});
    const shopper = await loadShopper(request);
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(await confirmPassword(request, shopper, { password: `wrong-${i}-pw`, goto: '/' }));
    }
    expect(results.slice(0, 3).every((result) => !result.ok && result.status === 401)).toBe(true);
    expect(results.slice(3).every((result) => !result.ok && result.status === 429)).toBe(true);
    expect(await confirmPassword(request, shopper, { password: PASSWORD, goto: '/' })).toMatchObject({
      ok: false,
      status: 429,
    });
  });
});
