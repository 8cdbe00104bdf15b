import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '~/modules/config/metrics.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/** The query histogram's count and sum for one dialect, read from the scrape. */
async function querySamples(dialect: string): Promise<{ count: number; sum: number }> {
  const text = await metrics().registry.getSingleMetricAsString('pantry_db_query_duration_seconds');
  const read = (suffix: string) => {
    const match = new RegExp(`^pantry_db_query_duration_seconds_${suffix}\\{dialect="${dialect}"\\} (\\S+)$`, 'm').exec(
      text,
    );
    return match ? Number(match[1]) : 0;
  };
  return { count: read('count'), sum: read('sum') };
}

/**
 * Each query's time reaches the metrics (decision 0111), timed by the drivers rather than Kysely's log hook
 * (decision 0122): a statement, each statement of a transaction and a failing statement each add one sample.
 */
describe.each(DIALECTS)('query metrics on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  }, 60_000);
  afterAll(async () => {
    await test?.drop();
  });

  it('adds one sample per statement, with its time', async () => {
    const before = await querySamples(dialect);
    await sql`select 1 as one`.execute(test.db);
    await test.db.selectFrom('products').select('id').limit(3).execute();
    const after = await querySamples(dialect);
    expect(after.count - before.count).toBe(2);
    expect(after.sum).toBeGreaterThan(before.sum);
  });

  it("counts a transaction's begin, statements and commit, and a statement that fails", async () => {
    const before = await querySamples(dialect);
    await test.db.transaction().execute(async (trx) => {
      await sql`select 1 as one`.execute(trx);
    });
    await expect(sql`select * from no_such_table`.execute(test.db)).rejects.toThrow();
    const after = await querySamples(dialect);
    // begin, select, commit; then the failing select.
    expect(after.count - before.count).toBe(4);
  });

  it('puts each sample in its bucket: the cumulative buckets end at the count', async () => {
    const text = await metrics().registry.getSingleMetricAsString('pantry_db_query_duration_seconds');
    const infinite = new RegExp(`_bucket\\{le="\\+Inf",dialect="${dialect}"\\} (\\d+)`).exec(text);
    expect(Number(infinite?.[1])).toBe((await querySamples(dialect)).count);
  });
});
