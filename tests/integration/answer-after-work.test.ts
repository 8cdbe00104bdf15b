import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { log } from '~/modules/config/logger.server';
import { runAfterResponse, settledAfterResponse } from '~/modules/identity/run-after-response.server';
import { sendPasscode } from '~/modules/identity/authn.server';
import { requestPasswordReset } from '~/modules/identity/password-reset.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const KNOWN = 'sam@pantry.test';
const UNKNOWN = 'nobody-here@pantry.test';

/** The statements run through the process-wide database, as SQL with the values' shapes left out. */
class StatementLog implements KyselyPlugin {
  statements: string[] = [];
  constructor(private readonly compile: (args: PluginTransformQueryArgs) => string) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.statements.push(this.compile(args));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(DIALECTS)('per-account work after the answer on %s (decision 0050)', (dialect) => {
  let test: TestDatabase;
  let statements: StatementLog;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 100 });
    statements = new StatementLog((args) => test.db.getExecutor().compileQuery(args.node, args.queryId).sql);
    useDatabaseForTests({ ...test, db: test.db.withPlugin(statements) });
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  /** The statements `run` made before it returned (its answer), and the messages the outbox got for `email` after. */
  async function answered(email: string, run: (email: string) => Promise<unknown>) {
    await settledAfterResponse();
    await test.db.deleteFrom('rate_limits').execute();
    const before = await test.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
    statements.statements = [];
    const answer = await run(email);
    const beforeAnswer = [...statements.statements];
    const mailAtAnswer = await test.db
      .selectFrom('outbox')
      .select('id')
      .where('id', '>', before?.id ?? 0)
      .execute();
    await settledAfterResponse();
    const mail = await test.db
      .selectFrom('outbox')
      .select('subject')
      .where('id', '>', before?.id ?? 0)
      .where('recipient', '=', email)
      .execute();
    return { answer, beforeAnswer, mailAtAnswer: mailAtAnswer.length, mail: mail.map((row) => row.subject) };
  }

  it('asks for a password reset: the same statements before the answer for a known and an unknown email', async () => {
    const reset = (email: string) =>
      requestPasswordReset({ email, origin: 'http://localhost:3000', source: 'web', clientKey: `${dialect}-answer` });
    await answered(UNKNOWN, reset); // the rate limits' periodic sweep of expired rows runs on a first call
    const known = await answered(KNOWN, reset);
    const unknown = await answered(UNKNOWN, reset);
    expect(known.beforeAnswer).toEqual(unknown.beforeAnswer);
    expect(known.beforeAnswer.join('\n')).not.toMatch(/"customers"|"password_resets"|"outbox"/);
    expect(known.mailAtAnswer).toBe(0);
    expect(known.mail).toEqual(['Reset your password']);
    expect(unknown.mail).toEqual([]);
  });

  it('sends a one-time passcode: the same statements and answer for a known and an unknown email', async () => {
    const send = (email: string) => sendPasscode({ email, clientKey: `${dialect}-answer` });
    await answered(UNKNOWN, send);
    const known = await answered(KNOWN, send);
    const unknown = await answered(UNKNOWN, send);
    expect(known.answer).toEqual({ status: 'SENT' });
    expect(unknown.answer).toEqual(known.answer);
    expect(known.beforeAnswer).toEqual(unknown.beforeAnswer);
    expect(known.beforeAnswer.join('\n')).not.toMatch(/"customers"|"one_time_passcodes"|"outbox"/);
    expect(known.mail).toHaveLength(1);
    expect(known.mail[0]).toMatch(/^Your sign-in code is \d{6}$/);
    expect(unknown.mail).toEqual([]);
  });

  it('logs work that fails after the answer instead of throwing it at anyone', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    try {
      runAfterResponse('a test delivery', () => Promise.reject(new Error('outbox unavailable')));
      await settledAfterResponse();
      expect(logged).toHaveBeenCalledWith('a test delivery failed', { error: 'outbox unavailable' });
    } finally {
      logged.mockRestore();
    }
  });
});
