/** Migration 0026: products gain a popularity prior; an already seeded catalogue's popularity becomes it. */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { popularityPriorSchema } from '~/db/migrations/0026-popularity-prior';

describe('migration 0026-popularity-prior', () => {
  it("keeps each product's popularity as its prior, and a product added later starts from 0", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before the migration
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await db.schema
      .createTable('products')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('popularity', 'integer', (col) => col.notNull())
      .execute();
    await db
      .insertInto('products')
      .values([
        { id: 1, popularity: 640 },
        { id: 2, popularity: 0 },
      ])
      .execute();
    await popularityPriorSchema.up(db);
    expect(await db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual([
      { id: 1, popularity: 640, popularity_prior: 640 },
      { id: 2, popularity: 0, popularity_prior: 0 },
    ]);
    await db.insertInto('products').values({ id: 3, popularity: 5 }).execute();
    expect(await db.selectFrom('products').select('popularity_prior').where('id', '=', 3).executeTakeFirst()).toEqual({
      popularity_prior: 0,
    });
    await db.destroy();
  });
});
