import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { parseSynonymFile, SynonymTable, type SynonymRow } from '~/modules/search/synonyms';
import { storeSearchSynonyms } from '~/modules/search/synonyms.server';

/** The migration that creates search_synonyms (migrate.server.ts). */
const SYNONYMS_MIGRATION = '0025-search-synonyms';

/**
 * The search synonyms the seed loads (docs/decisions/0072-query-understanding-as-data.md), from the checkout
 * every command runs in: this module is also bundled into build/server/, away from its own folder.
 */
export const SYNONYM_FILE = path.resolve('app/db/seed/data/search-synonyms.tsv');

/** The rows of a synonym data file, checked: a bad row or a loop throws, naming it. */
export function synonymFileRows(file: string = SYNONYM_FILE): SynonymRow[] {
  const rows = parseSynonymFile(readFileSync(file, 'utf8'));
  SynonymTable.build(rows);
  return rows;
}

/**
 * A database seeded before search_synonyms existed gets the file's rows when the migration that
 * creates the table has just run (later edits by the catalogue's owners are never overwritten).
 */
export async function fillNewSynonymTable(db: Kysely<Database>, applied: readonly string[]): Promise<number | null> {
  if (!applied.includes(SYNONYMS_MIGRATION)) return null;
  const rows = synonymFileRows();
  await storeSearchSynonyms(db, rows);
  return rows.length;
}
