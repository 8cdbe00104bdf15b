import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { authenticateWithPassword } from '~/modules/identity/authn.server';
import { hitRateLimit, signInClientRule } from '~/modules/identity/rate-limit.server';
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
});
