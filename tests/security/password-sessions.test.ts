import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { Browser, signIn, userTypeOf } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * A new password ends the account's sessions everywhere else (decision 0064): two browsers signed in to
 * one account, on two storefront processes; the password changes (or is reset) in one of them.
 */
const OTHER_DEVICES = 'You were signed out on your other devices.';
const JORDAN = { email: 'jordan@pantry.test', id: 500001 };
const BARTHOLOMEW = { email: 'bartholomew@pantry.test', id: 500002 };

/** The signed payload of one of our cookies (base64 JSON before the last dot). */
function userCookieOf(browser: Browser): { token: string; refreshToken?: string } {
  const raw = decodeURIComponent(browser.cookie('localhost', 'PANTRY_USER') ?? '');
  const payload = raw.slice(0, raw.lastIndexOf('.'));
  return JSON.parse(decodeURIComponent(escape(Buffer.from(payload, 'base64').toString('binary')))) as {
    token: string;
    refreshToken?: string;
  };
}

describe.each(DIALECTS)('a new password and the other sessions on %s', (dialect) => {
  let stack: Stack;
  let first: string;
  let second: string;
  beforeAll(async () => {
    stack = await startStack(dialect, 2);
    [first, second] = stack.storefronts as [string, string];
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** What the provider's token endpoint answers to a refresh with this token. */
  async function refresh(refreshToken: string) {
    const response = await fetch(`${stack.idp}/oauth2/v1/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'pantry-storefront',
      }),
    });
    return { status: response.status, body: (await response.json()) as { error?: string; access_token?: string } };
  }

  /** What the provider answers this browser's silent sign-on (prompt=none): a code while its session lives. */
  async function silentSignOn(browser: Browser): Promise<string> {
    const query = new URLSearchParams({
      client_id: 'pantry-storefront',
      redirect_uri: `${second}/account/auth/callback`,
      response_type: 'code',
      scope: 'openid',
      prompt: 'none',
      state: 'state-words',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const response = await browser.send(`${stack.idp}/oauth2/v1/authorize?${query}`);
    await response.arrayBuffer();
    const location = new URL(response.headers.get('Location') ?? '', stack.idp);
    return location.searchParams.has('code') ? 'code' : (location.searchParams.get('error') ?? `${response.status}`);
  }

  /** The other browser: no storefront process takes it for the customer, its tokens are refused, and its provider session is gone. */
  async function expectSignedOut(
    browser: Browser,
    customerId: number,
    cookie: { token: string; refreshToken?: string },
  ) {
    for (const origin of stack.storefronts) expect(await userTypeOf(browser, origin), origin).not.toBe('C');
    const { url } = await browser.navigate(`${second}/account/overview.html`);
    expect(new URL(url).pathname).toBe('/account/sign-in.html');
    const api = await fetch(`${first}/api/customers/${customerId}/profile`, {
      headers: { Authorization: `Bearer ${cookie.token}` },
    });
    expect(api.status).toBe(401);
    const refused = await refresh(cookie.refreshToken!);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(await silentSignOn(browser)).toBe('login_required');
  }

  it('a password change signs the account out on every other device and keeps the browser that changed it', async () => {
    const changer = new Browser();
    const other = new Browser();
    await signIn(changer, first, JORDAN.email, true);
    await signIn(other, second, JORDAN.email, true);
    const otherCookie = userCookieOf(other);
    expect(otherCookie.refreshToken).toBeTruthy();
    for (const origin of stack.storefronts) expect(await userTypeOf(other, origin)).toBe('C');
    expect(await silentSignOn(other)).toBe('code');

    const { response, url } = await changer.post(first, '/account/security.html', {
      intent: 'password',
      password: 'Fresh-basil-42',
      confirm: 'Fresh-basil-42',
    });
    expect(new URL(url).pathname).toBe('/account/security.html');
    expect(response.status).toBe(200);
    const page = await response.text();

    await expectSignedOut(other, JORDAN.id, otherCookie);
    expect(page).toContain(`Your password was changed. ${OTHER_DEVICES}`);
    // The browser that made the change stays signed in, and its own refresh token still renews.
    for (const origin of stack.storefronts) expect(await userTypeOf(changer, origin)).toBe('C');
    expect(await silentSignOn(changer)).toBe('code');
    const kept = await refresh(userCookieOf(changer).refreshToken!);
    expect(kept.status).toBe(200);
    expect(kept.body.access_token).toBeTruthy();
  });

  it('a password reset signs the account out on every device; only the sign-in that follows the reset remains', async () => {
    const other = new Browser();
    await signIn(other, second, BARTHOLOMEW.email, true);
    const otherCookie = userCookieOf(other);
    expect(await userTypeOf(other, first)).toBe('C');
    expect(await silentSignOn(other)).toBe('code');

    const resetter = new Browser();
    const before = await stack.database.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
    await resetter.post(first, '/account/forgot-password.html', { email: BARTHOLOMEW.email });
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt++) {
      const mail = await stack.database.db
        .selectFrom('outbox')
        .select('body')
        .where('id', '>', before?.id ?? 0)
        .where('recipient', '=', BARTHOLOMEW.email)
        .executeTakeFirst();
      link = mail ? /(http:\/\/\S+\/account\/reset-password\?token=\S+)/.exec(mail.body)?.[1] : undefined;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).toBeTruthy();
    await resetter.navigate(link!);
    const { response, url } = await resetter.post(first, '/account/setpassword.html', {
      password: 'Brand-new-pass-2',
      confirm: 'Brand-new-pass-2',
    });
    expect(new URL(url).searchParams.get('notice')).toBe('password-updated');
    const page = await response.text();
    expect(await userTypeOf(resetter, first)).toBe('C');

    await expectSignedOut(other, BARTHOLOMEW.id, otherCookie);
    expect(await silentSignOn(resetter)).toBe('code');
    expect(page).toContain(`Password successfully updated! ${OTHER_DEVICES}`);
    expect(await userTypeOf(resetter, second)).toBe('C');
  });
});
