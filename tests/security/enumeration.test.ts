/**
 * Account enumeration: sign-in with a wrong password and the password reset answer a known and
 * an unknown email with the same status, the same words and a similar time (median of N each, a loose
 * ratio: this runs on a busy 2-core machine). Production build, in-process, SQLite and PostgreSQL.
 * Sign-up answers a new and an existing email with the same redirect (decision 0030); the spec's
 * automatic sign-in of a new customer makes the pages after that redirect differ, which is tested too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { startInProcessApp, type InProcessApp } from './support/app';

/**
 * Timed tries per email and test, after two warm-up rounds. Each try is one production argon2 hash or verify (about
 * half a second of CPU, most of the file's time); a missing dummy verify would make one side ~50 times faster, far
 * outside the 0.5–2 band. Eight alternated tries give a median that three slow outliers on one side cannot move.
 */
const TRIES = 8;
const KNOWN = 'jordan@pantry.test';
const UNKNOWN = 'nobody-here@pantry.test';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The page's words without the parts that legitimately differ (the echoed email, per-render ids). */
function visibleAnswer(html: string, email: string) {
  const alert = /<p role="(?:alert|status)"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return alert.replaceAll(email, '<email>').replace(/<!-- -->/g, '');
}

describe.each(DIALECTS)('known and unknown accounts answer alike, production build on %s', (dialect) => {
  let app: InProcessApp;

  beforeAll(async () => {
    // Production's argon2 parameters: the timing compared here is mostly the hash's (decision 0070).
    app = await startInProcessApp(dialect, { PASSWORD_HASH_COST: 'production' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Alternates known and unknown so load on the machine hits both alike; limits reset between tries. */
  async function compare(send: (email: string) => Promise<Response>) {
    const times: Record<string, number[]> = { [KNOWN]: [], [UNKNOWN]: [] };
    const answers: Record<string, Set<string>> = { [KNOWN]: new Set(), [UNKNOWN]: new Set() };
    for (let i = 0; i < TRIES + 2; i++) {
      for (const email of i % 2 ? [KNOWN, UNKNOWN] : [UNKNOWN, KNOWN]) {
        // The limits are not under test here: cleared before each try.
        await app.database.db.deleteFrom('rate_limits').execute();
        await app.database.db.deleteFrom('sign_in_delays').execute();
        const started = performance.now();
        const response = await send(email);
        const html = await response.text();
        const elapsed = performance.now() - started;
        // The first two rounds warm up (the dummy hash is made once per process).
        if (i >= 2) times[email]!.push(elapsed);
        answers[email]!.add(`${response.status} ${visibleAnswer(html, email)}`);
      }
    }
    return { times, answers };
  }

  function expectAlike(result: Awaited<ReturnType<typeof compare>>) {
    expect([...result.answers[KNOWN]!]).toEqual([...result.answers[UNKNOWN]!]);
    expect(result.answers[KNOWN]!.size, [...result.answers[KNOWN]!].join(' | ')).toBe(1);
    const ratio = median(result.times[KNOWN]!) / median(result.times[UNKNOWN]!);
    console.log(
      `[enumeration] ${dialect}: median known ${median(result.times[KNOWN]!).toFixed(1)} ms, unknown ${median(result.times[UNKNOWN]!).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }

  it('sign-in with a wrong password: same status, same words, similar time', async () => {
    const result = await compare((email) =>
      app.browser().request('/account/sign-in.html', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'password', email, password: 'Wrong-password-1' }),
      }),
    );
    expect([...result.answers[KNOWN]!][0]).toMatch(/^401 That email and password don&#x27;t match our records\.$/);
    expectAlike(result);
  });

  it('password reset: same status, same words, similar time', async () => {
    const result = await compare((email) =>
      app.browser().request('/account/forgot-password.html', {
        method: 'POST',
        body: new URLSearchParams({ email }),
      }),
    );
    expect([...result.answers[KNOWN]!][0]).toMatch(/^200 If an account exists for <email>, we sent it a link/);
    expectAlike(result);
  });

  it('one-time passcode request: same status and words', async () => {
    const result = await compare((email) =>
      app.browser().request('/account/sign-in.html', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'send-code', email }),
      }),
    );
    expect([...result.answers[KNOWN]!]).toEqual([...result.answers[UNKNOWN]!]);
  });

  /**
   * The sign-up answer without what is random per answer: the values of the authorize parameters
   * (state, nonce, PKCE challenge, sessionToken) become their length and alphabet, cookies their name
   * and attributes.
   */
  async function signUpAnswer(response: Response) {
    const location = response.headers.get('Location') ?? '';
    const url = new URL(location, app.origin);
    const params = [...url.searchParams]
      .map(([name, value]) =>
        name === 'state'
          ? `state=<${/^[A-Za-z]+(-[A-Za-z]+)+$/.test(value) ? 'words' : value}>`
          : ['nonce', 'code_challenge', 'sessionToken'].includes(name)
            ? `${name}=<${value.length} ${/^[A-Za-z0-9_-]+$/.test(value) ? 'b64url' : value}>`
            : `${name}=${value}`,
      )
      .sort();
    const cookies = response.headers
      .getSetCookie()
      .map((cookie) => cookie.replace(/^([^=]+)=[^;]*/, '$1=<value>').replace(/Expires=[^;]+/i, 'Expires=<date>'))
      .sort();
    return JSON.stringify({
      status: response.status,
      location: `${url.origin}${url.pathname}?${params.join('&')}`,
      cookies,
      body: await response.text(),
    });
  }

  const signUpForm = (email: string) =>
    new URLSearchParams({
      firstName: 'Robin',
      lastName: 'Okafor',
      email,
      phone: '2065550199',
      password: 'Fresh-basil-42',
      zipcode: '98101',
    });

  it('sign-up: a new and an existing email get the same status, redirect, cookies and body, in a similar time', async () => {
    const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    const answers = { known: new Set<string>(), unknown: new Set<string>() };
    for (let i = 0; i < TRIES + 2; i++) {
      for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        await app.database.db.deleteFrom('rate_limits').execute();
        await app.database.db.deleteFrom('sign_in_delays').execute();
        // A new email every time for the unknown side: once signed up, an email is known.
        const email = kind === 'known' ? KNOWN : `signup-${dialect}-${i}@pantry.test`;
        const started = performance.now();
        const response = await app.browser().request('/account/create-account.html', {
          method: 'POST',
          body: signUpForm(email),
        });
        const answer = await signUpAnswer(response);
        const elapsed = performance.now() - started;
        if (i >= 2) times[kind].push(elapsed);
        answers[kind].add(answer);
      }
    }
    expect(answers.known.size, [...answers.known].join('\n')).toBe(1);
    expect([...answers.known]).toEqual([...answers.unknown]);
    const answer = JSON.parse([...answers.known][0]!) as { status: number; location: string; body: string };
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/\/oauth2\/v1\/authorize\?/);
    expect(answer.location).toContain('sessionToken=<43 b64url>');
    const ratio = median(times.known) / median(times.unknown);
    console.log(
      `[enumeration] ${dialect} sign-up: median known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  /** Follows the sign-up's redirects through the provider; the last response and the browser. */
  async function signUpAndFollow(email: string) {
    const browser = app.browser();
    let response = await browser.request('/account/create-account.html', { method: 'POST', body: signUpForm(email) });
    let current = new URL('/account/create-account.html', app.origin);
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
      await response.body?.cancel();
      current = new URL(response.headers.get('Location')!, current);
      response = await browser.request(current.toString());
    }
    return { response, url: current, html: await response.text(), browser };
  }

  it('sign-up, after the redirect: a new customer is signed in (spec); an existing email lands on "check your email" and its owner is emailed', async () => {
    await app.database.db.deleteFrom('rate_limits').execute();
    await app.database.db.deleteFrom('sign_in_delays').execute();
    const fresh = await signUpAndFollow(`signup-${dialect}-followed@pantry.test`);
    expect(fresh.url.searchParams.get('notice')).toBe('account-created');
    expect(fresh.html).toContain('Account successfully created! You are now signed in.');

    const before = await app.database.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
    const taken = await signUpAndFollow(KNOWN);
    expect(taken.url.pathname + taken.url.search).toBe('/account/create-account.html?check-email=1');
    expect(taken.response.status).toBe(200);
    expect(taken.html).toContain('We could not sign you in automatically.');
    expect(taken.html).not.toContain('already exists');
    // Not signed in as the owner (nor as anyone).
    const who = (await (await taken.browser.request('/api/userinfo')).json()) as { userType: string };
    expect(['A', 'G']).toContain(who.userType);
    const mail = await app.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('id', '>', before?.id ?? 0)
      .execute();
    expect(mail).toContainEqual({ recipient: KNOWN, subject: 'Someone tried to create an account with your email' });
  });
});
