import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { log } from '~/modules/config/logger.server';
import { perSearchVersion } from './per-search-version.server';
import { synonymRowSchema, SynonymTable, type SynonymRow } from './synonyms';

/**
 * The search_synonyms table in each process (docs/decisions/0072-query-understanding-as-data.md).
 * A copy is kept per database under the search_version it was read at; every write to the table
 * moves that version on (migration 0025), so the next search in any process reads the table again
 * — an edit by the catalogue's owners is live at once, in every process, without a restart.
 */

async function readTable(db: Kysely<Database>): Promise<SynonymTable> {
  const rows = await db.selectFrom('search_synonyms').select(['words', 'means', 'kind', 'keep_words']).execute();
  // Rows edited in place were not checked the way the seed checks the file: a bad row or a loop is
  // left out with a warning, not fatal to search.
  const synonyms: SynonymRow[] = [];
  for (const row of rows) {
    const parsed = synonymRowSchema.safeParse({
      words: row.words,
      means: row.means,
      kind: row.kind,
      keepWords: Number(row.keep_words) === 1,
    });
    if (parsed.success) synonyms.push(parsed.data);
    else
      log.warn('Search synonym row left out', {
        words: row.words,
        means: row.means,
        problem: parsed.error.issues.map((issue) => issue.message).join('; '),
      });
  }
  return SynonymTable.buildSkippingLoops(synonyms, (error) => log.warn(error.message));
}

const synonymTable = perSearchVersion(readTable);

/** The synonym table of the current database, read again whenever the search version moved. */
export function searchSynonyms(version?: string | null): Promise<SynonymTable> {
  return synonymTable.get(version);
}

export function forgetSearchSynonyms() {
  synonymTable.forget();
}

/** Replaces the table's rows with these, refusing them all when one would loop. */
export async function storeSearchSynonyms(db: Kysely<Database>, rows: readonly SynonymRow[]) {
  SynonymTable.build(rows);
  const unique = new Map(rows.map((row) => [`${row.words}\t${row.means}`, row]));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_synonyms').execute();
    const values = [...unique.values()].map((row) => ({
      words: row.words,
      means: row.means,
      kind: row.kind,
      keep_words: row.keepWords ? 1 : 0,
    }));
    for (let i = 0; i < values.length; i += 500)
      await trx
        .insertInto('search_synonyms')
        .values(values.slice(i, i + 500))
        .execute();
  });
}
