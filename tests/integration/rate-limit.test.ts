import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { authenticateWithPassword } from '~/modules/identity/authn.server';
import {
  hitCodeSendLimits,
  hitRateLimit,
  peekRateLimit,
  RATE_RULES,
  signInClientRule,
  signUpClientRule,
  sweepExpiredRateLimits,
} from '~/modules/identity/rate-limit.server';
import { signUpAllowed } from '~/modules/identity/registration.server';
import {
  clearFailures,
  PASSWORD_DELAY,
  recordFailure,
  secondsUntilNextTry,
} from '~/modules/identity/sign-in-delays.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

describe.each(DIALECTS)('sign-in attempts per client on %s', (dialect) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    useDatabaseForTests(db);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await db?.drop();
  });

  it('allows 100 sign-in attempts per client in 15 minutes unless SIGNIN_CLIENT_LIMIT says otherwise', () => {
    expect(signInClientRule()).toEqual({ limit: 100, windowSeconds: 900 });
  });

  it('refuses the attempt after the limit with the time to wait, and leaves other clients alone', async () => {
    // The middle of a window: run near a boundary, the previous window's fading hits make the wait seconds.
    vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / 900_000) + 0.5) * 900_000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const rule = signInClientRule();
    for (let hit = 1; hit < rule.limit; hit += 1) await hitRateLimit('signin:client:203.0.113.7', rule);
    const refused = await authenticateWithPassword({
      email: 'nobody@pantry.test',
      password: 'Wrong-password-1',
      remember: false,
      clientKey: '203.0.113.7',
    });
    // The 100th attempt is still allowed (and fails on its merits); the 101st is refused before any check.
    expect(refused.status).toBe('INVALID');
    const locked = await authenticateWithPassword({
      email: 'nobody@pantry.test',
      password: 'Wrong-password-1',
      remember: false,
      clientKey: '203.0.113.7',
    });
    expect(locked).toMatchObject({
      status: 'LOCKED_OUT',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    });
    const other = await authenticateWithPassword({
      email: 'nobody@pantry.test',
      password: 'Wrong-password-1',
      remember: false,
      clientKey: '198.51.100.9',
    });
    expect(other.status).toBe('INVALID');
  });

  it('counts attempts that straddle a window boundary together (a sliding window, not a fresh start)', async () => {
    const rule = { limit: 5, windowSeconds: 900 };
    const boundary = (Math.floor(Date.now() / 900_000) + 1) * 900_000;
    for (let i = 0; i < 5; i++) expect((await hitRateLimit('straddle', rule, boundary - 1000 + i)).allowed).toBe(true);
    // A second later, in the next fixed window: the five still count.
    const next = await hitRateLimit('straddle', rule, boundary + 1000);
    expect(next).toMatchObject({ allowed: false });
    expect(next.retryAfterSeconds).toBeGreaterThan(0);
    // Once the previous window has faded enough, attempts are allowed again.
    expect((await hitRateLimit('straddle', rule, boundary + 600_000)).allowed).toBe(true);
  });

  it('allows 20 sign-ups per client an hour (SIGNUP_CLIENT_LIMIT) and 5 per email, refusing with the time to wait', async () => {
    expect(signUpClientRule()).toEqual({ limit: 20, windowSeconds: 3600 });
    expect(RATE_RULES.signUpsPerEmail).toEqual({ limit: 5, windowSeconds: 3600 });
    // One instant in the middle of a window, so the fixed window cannot turn over during the test.
    const now = (Math.floor(Date.now() / 3_600_000) + 0.5) * 3_600_000;
    for (let i = 0; i < 5; i++)
      expect(await signUpAllowed(`203.0.113.${10 + i}`, 'Someone@Pantry.test', now)).toEqual({ allowed: true });
    // The sixth for that email (any case, any client) is refused; another email from the same client is not.
    expect(await signUpAllowed('203.0.113.99', 'someone@pantry.test', now)).toMatchObject({
      allowed: false,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    });
    expect(await signUpAllowed('203.0.113.10', 'other@pantry.test', now)).toEqual({ allowed: true });
    for (let i = 0; i < 20; i++) await signUpAllowed('198.51.100.50', `new-${i}@pantry.test`, now);
    expect(await signUpAllowed('198.51.100.50', 'fresh@pantry.test', now)).toMatchObject({ allowed: false });
  });

  it('doubles the wait of one account and client after each failure past the free ones, up to the cap', async () => {
    const start = Date.now();
    const waits: number[] = [];
    let now = start;
    for (let i = 0; i < 14; i++) {
      const wait = await recordFailure('delay:pair', PASSWORD_DELAY, now);
      waits.push(wait);
      expect(await secondsUntilNextTry('delay:pair', now)).toBe(wait);
      now += wait * 1000;
      expect(await secondsUntilNextTry('delay:pair', now)).toBe(0);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // Another bucket (the same account from another client) never waited.
    expect(await secondsUntilNextTry('delay:other', start)).toBe(0);
    // A success forgets the run; so does an hour without failures.
    await clearFailures('delay:pair');
    expect(await recordFailure('delay:pair', PASSWORD_DELAY, now)).toBe(0);
    for (let i = 0; i < 3; i++) await recordFailure('delay:late', PASSWORD_DELAY, start);
    expect(await recordFailure('delay:late', PASSWORD_DELAY, start + 2 * 3600_000)).toBe(0);
  });

  it('counts code and link requests per account and client, under a ceiling only many clients reach', async () => {
    expect(RATE_RULES.codesSentPerAccountAndClient).toEqual({ limit: 3, windowSeconds: 900 });
    expect(RATE_RULES.codesSentPerAccountCeiling).toEqual({ limit: 20, windowSeconds: 900 });
    const send = (client: string) => hitCodeSendLimits('otp', 'owner@pantry.test', client);
    for (let i = 0; i < 3; i++) expect((await send('attacker')).allowed).toBe(true);
    // The attacker's fourth is refused and spends nothing of the account's ceiling.
    for (let i = 0; i < 5; i++) expect((await send('attacker')).allowed).toBe(false);
    expect((await send('owner')).allowed).toBe(true);
    // Seven clients together reach the ceiling (3 each, 20 in all, the owner's one included).
    const results = [];
    for (let c = 0; c < 6; c++) for (let i = 0; i < 3; i++) results.push((await send(`bot-${c}`)).allowed);
    expect(results.filter(Boolean)).toHaveLength(16);
  });

  it('sweeps the rows no sliding count reads any more, and keeps the ones that still count', async () => {
    const rule = { limit: 3, windowSeconds: 900 };
    const start = (Math.floor(Date.now() / 900_000) + 0.5) * 900_000;
    for (let i = 0; i < 3; i++) await hitRateLimit('sweep:old', rule, start);
    await hitRateLimit('sweep:kept', { limit: 3, windowSeconds: 3600 }, start);
    const rows = () =>
      db.db.selectFrom('rate_limits').select('bucket').where('bucket', 'like', 'sweep:%').orderBy('bucket').execute();
    // In the next window the old row is still the "previous" one: not swept, and it still limits.
    expect(await sweepExpiredRateLimits(start + 500_000)).toBe(0);
    expect((await peekRateLimit('sweep:old', rule, start + 500_000)).allowed).toBe(false);
    // Two windows on, nothing reads it: swept; the hour-long rule's row still counts and stays.
    expect(await sweepExpiredRateLimits(start + 1_800_000)).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([{ bucket: 'sweep:kept' }]);
    expect((await peekRateLimit('sweep:old', rule, start + 1_800_000)).allowed).toBe(true);
  });
});
