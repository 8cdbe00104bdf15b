import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateQuery } from '~/modules/fulfilment/picking.server';
import { createTestDatabase, type TestDatabase } from './support/databases';

/** The pick list asks for substitutes once per line: each ask must read one aisle, not the catalogue. */
describe('substitute candidates on SQLite', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("reads the line's aisle through the aisle index, whatever the kind index offers", async () => {
    const query = candidateQuery(test.db, 1001, 7, 42).select('p.id').compile();
    const plan = await test.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const products = plan.rows.map((row) => row.detail).find((detail) => /\bp\b/.test(detail));
    expect(products).toContain('products_aisle_idx (aisle_id=?)');
  });
});
