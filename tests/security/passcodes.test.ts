/**
 * One-time passcodes are single use (also when two processes race with the right code) and
 * expire within 10 minutes. The tries limit and plain single use are in tests/integration/identity.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { settledAfterResponse } from '~/modules/identity/run-after-response.server';
import { PASSCODE_TTL_MS, sendPasscode, verifyPasscode } from '~/modules/identity/authn.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';

describe.each(DIALECTS)('one-time passcodes on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 100 });
    useDatabaseForTests(test);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  async function freshCode(email: string, clientKey: string) {
    expect(await sendPasscode({ email, clientKey })).toEqual({ status: 'SENT' });
    await settledAfterResponse();
    const message = await test.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(message.subject)![1]!;
  }

  it('lives at most 10 minutes, and a code past its time is refused even when right', async () => {
    expect(PASSCODE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
    const code = await freshCode('sam@pantry.test', 'ttl-1');
    const row = await test.db
      .selectFrom('one_time_passcodes')
      .select(['id', 'created_at', 'expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(10 * 60_000);
    // Ten minutes and a second later (the row's clock moved back, as if time had passed).
    const past = (iso: string) => new Date(Date.parse(iso) - 10 * 60_000 - 1000).toISOString();
    await test.db
      .updateTable('one_time_passcodes')
      .set({ created_at: past(row.created_at), expires_at: past(row.expires_at) })
      .where('id', '=', row.id)
      .execute();
    const late = await verifyPasscode({
      email: 'sam@pantry.test',
      passCode: code,
      remember: false,
      clientKey: 'ttl-1',
    });
    expect(late.status).toBe('INVALID');
  });

  it('is used once when several requests race with the right code', async () => {
    const code = await freshCode('jordan@pantry.test', 'race-1');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        verifyPasscode({ email: 'jordan@pantry.test', passCode: code, remember: false, clientKey: `race-${i}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'SUCCESS')).toHaveLength(1);
  });
});
