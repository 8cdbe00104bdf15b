import type { Kysely } from 'kysely';
import type { DialectName } from '~/db/dialect';
import type { Database } from '~/db/schema';
import { rebuildSearchIndex } from '~/modules/search/index-build.server';
import { TermCounter } from '~/modules/search/terms';
import { applyOrderPopularity, type PopularityChanges } from './popularity.server';

export interface PopularityRefresh extends PopularityChanges {
  /** Whether the search index was rebuilt (only when some popularity moved). */
  reindexed: boolean;
}

/**
 * `npm run popularity:refresh`: popularity from orders, then the search index rebuilt so its key order
 * follows (SQLite keys its rows by popularity, PostgreSQL its rank_key and rank bands). One transaction:
 * searches read the old index until the new one is complete. The product writes move search_version on
 * (migration 0021's triggers), so every process's cached search pages are renewed at their next search.
 */
export async function refreshPopularity(
  db: Kysely<Database>,
  dialect: DialectName,
  now: Date,
): Promise<PopularityRefresh> {
  return db.transaction().execute(async (trx) => {
    const changes = await applyOrderPopularity(trx, now);
    if (changes.changed === 0) return { ...changes, reindexed: false };
    await rebuildSearchIndex(trx, dialect, await storedSearchTerms(trx));
    return { ...changes, reindexed: true };
  });
}

/** The spelling vocabulary as the seed counted it: the rebuild writes it back unchanged. */
async function storedSearchTerms(db: Kysely<Database>): Promise<TermCounter> {
  const terms = new TermCounter();
  const rows = await db.selectFrom('search_terms').select(['term', 'frequency']).execute();
  for (const row of rows) terms.counts.set(row.term, Number(row.frequency));
  return terms;
}
