/** Migration 0020: rate-limit rows gain an expiry; rows already counting when it runs keep counting. */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rateLimitExpirySchema } from '~/db/migrations/0020-rate-limit-expiry';

describe('migration 0020-rate-limit-expiry', () => {
  it('gives the rows already there two of the longest windows before a sweep may take them', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before the migration
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('window_id', 'integer', (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_id'])
      .execute();
    await db
      .insertInto('rate_limits')
      .values({ bucket: 'signup:email:a@pantry.test', window_id: 1, hits: 5 })
      .execute();
    const before = Math.floor(Date.now() / 1000);
    await rateLimitExpirySchema.up(db);
    const row = await db.selectFrom('rate_limits').selectAll().executeTakeFirstOrThrow();
    expect(row.hits).toBe(5);
    expect(Number(row.expires_at)).toBeGreaterThanOrEqual(before + 2 * 3600);
    expect(Number(row.expires_at)).toBeLessThanOrEqual(before + 2 * 3600 + 5);
    await db.destroy();
  });
});
