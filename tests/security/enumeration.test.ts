/**
 * Issue 10, account enumeration: sign-in with a wrong password and the password reset answer a known and
 * an unknown email with the same status, the same words and a similar time (median of N each, a loose
 * ratio: this runs on a busy 2-core machine). Production build, in-process, SQLite and PostgreSQL.
 * Sign-up is the documented exception (decision 0022): the spec signs a new customer in at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { startInProcessApp, type InProcessApp } from './support/app';

const TRIES = 12;
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
    app = await startInProcessApp(dialect);
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
});
