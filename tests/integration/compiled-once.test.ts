import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '~/db/compiled-once.server';
import { useDatabaseForTests } from '~/db/db.server';
import { bumpStateVersion, stateVersion } from '~/modules/http/private-pages.server';
import { endGrant, grantIsLive } from '~/modules/identity/grants.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/** Counts the query trees Kysely compiles (every builder query passes transformQuery once). */
class CompileCounter implements KyselyPlugin {
  compiled = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.compiled++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(DIALECTS)('statements compiled once on %s (decision 0036)', (dialect) => {
  let test: TestDatabase;
  const counter = new CompileCounter();

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await test.db
      .insertInto('oidc_payloads')
      .values([
        { model: 'Grant', id: 'grant-live', payload: '{}', expires_at: expires },
        { model: 'Grant', id: 'grant-ended', payload: '{}', expires_at: expires },
        { model: 'Session', id: 'grant-live-session', payload: '{}', expires_at: expires },
      ])
      .execute();
    // The process-wide database, seen through a plugin that counts compilations.
    useDatabaseForTests({ ...test, db: test.db.withPlugin(counter) });
  });

  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('compiles a query once and runs it with each call’s values, constants kept', async () => {
    const db = test.db.withPlugin(counter);
    const before = counter.compiled;
    const grantRow = compiledOnce((kysely, id: string, model: string) =>
      // The placeholders are used out of their order, beside a constant: each still lands in its own place.
      kysely
        .selectFrom('oidc_payloads')
        .select(['id', 'model'])
        .where('expires_at', 'is not', null)
        .where('model', '=', model)
        .where('id', '=', id)
        .compile(),
    );
    expect(await grantRow(db, 'grant-live', 'Grant')).toEqual([{ id: 'grant-live', model: 'Grant' }]);
    expect(await grantRow(db, 'grant-live-session', 'Session')).toEqual([
      { id: 'grant-live-session', model: 'Session' },
    ]);
    expect(await grantRow(db, 'grant-live-session', 'Grant')).toEqual([]);
    expect(counter.compiled - before).toBe(1);
  });

  it('refuses a build that does not use each placeholder exactly once', async () => {
    const unused = compiledOnce((kysely, _id: string) => kysely.selectFrom('oidc_payloads').select('id').compile());
    await expect(unused(test.db, 'grant-live')).rejects.toThrow(/placeholder 0/);
  });

  it('checks a grant on every call without compiling its query again', async () => {
    await grantIsLive('grant-live');
    const before = counter.compiled;
    expect(await grantIsLive('grant-live')).toBe(true);
    expect(await grantIsLive('grant-unknown')).toBe(false);
    expect(counter.compiled - before).toBe(0);
    await endGrant('grant-ended');
    expect(await grantIsLive('grant-ended')).toBe(false);
  });

  it('reads a state version on every call without compiling its query again', async () => {
    await stateVersion('c:compiled-once');
    await bumpStateVersion('c:compiled-once');
    const before = counter.compiled;
    expect(await stateVersion('c:compiled-once')).toBe(1);
    expect(await stateVersion('c:nobody')).toBe(0);
    expect(counter.compiled - before).toBe(0);
  });
});
